import { loadConfigFromFile } from 'vite';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => vi.restoreAllMocks());

describe('vite config', () => {
  it('loads without the configLoader warning that every npm start printed', async () => {
    // Prepare: Vite prints its warnings through console.warn or straight to stderr.
    const printed: string[] = [];
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void printed.push(args.join(' ')));
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void printed.push(args.join(' ')));
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    });

    // Act: the two configs npm start, the build and the tests load.
    await loadConfigFromFile({ command: 'build', mode: 'production' }, 'frontend/vite.config.ts');
    await loadConfigFromFile({ command: 'serve', mode: 'test' }, 'vitest.config.ts');

    // Assess
    expect(printed.join('\n')).not.toMatch(/configLoader|without a file extension/);
  });
});
