/**
 * Debian's Chromium (`apt-get install -y chromium`; Playwright cannot download one here) and the
 * flags that keep it quiet on a machine without network: the e2e tests, the frontend bench and the
 * screenshot script all launch it with these.
 */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];
