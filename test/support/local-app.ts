import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { type LocalApp, startLocalApp } from '../../local/app';
import type { CloudAssembly } from '../../local/functions/cloud-assembly';
import { type LocalPlugin, PLUGINS } from '../../local/plugins';

export interface TestApp extends LocalApp {
  /** fetch against the app: `api('/api/health')`. */
  api(path: string, init?: RequestInit): Promise<Response>;
  prefix: string;
}

/**
 * Starts the local HTTP adapter with the real handlers over the run's DynamoDB Local and s3rver,
 * with fresh tables and buckets under a random prefix, on a free port.
 * `plugins` names the local plugins to start (none by default, so a test gets exactly what it asks for).
 */
export async function startTestApp(
  options: {
    plugins?: string[];
    env?: Record<string, string>;
    checkPermissions?: boolean;
    log?: (line: string) => void;
    /** A built site to serve (the local server's static folder), for a test that reads pages. */
    staticDir?: string;
    /** Another synthesis of the stack to run (default: the run's). */
    assembly?: CloudAssembly;
  } = {},
): Promise<TestApp> {
  const prefix = `t${randomBytes(4).toString('hex')}`;
  const wanted = new Set(options.plugins ?? []);
  const plugins: LocalPlugin[] = PLUGINS.filter((p) => wanted.has(p.name));
  const app = await startLocalApp({
    port: 0,
    dataDir: null,
    endpoints: inject('endpoints'),
    prefix,
    plugins,
    // npm start's fail-fast settings (5 s, one try): the gateway opens a fresh upstream connection per
    // call, so no kept-alive connection DynamoDB Local has closed is ever reused (scripts/keepalive-reset.ts).
    env: { ...options.env },
    ...(options.checkPermissions === undefined ? {} : { checkPermissions: options.checkPermissions }),
    // The functions' warnings and errors, as the local log shows them (a test reads an alert there).
    ...(options.log ? { log: options.log } : {}),
    ...(options.staticDir ? { staticDir: options.staticDir } : {}),
    ...(options.assembly ? { assembly: options.assembly } : {}),
  });
  return { ...app, prefix, api: (path, init) => fetch(`${app.url}${path}`, init) };
}
