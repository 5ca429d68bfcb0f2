import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { type LocalApp, startLocalApp } from '../../local/app';
import { type LocalPlugin, PLUGINS } from '../../local/plugins';

export interface TestApp extends LocalApp {
  /** fetch against the app: `api('/api/health')`. */
  api(path: string, init?: RequestInit): Promise<Response>;
  prefix: string;
}

/**
 * The integration files run two at a time against one DynamoDB Local: a burst in one file (the
 * admission and property tests post hundreds of transactions) can hold another file's request for
 * seconds on a busy two-core machine, and a kept-alive connection the stand-in closes at the moment
 * it is reused fails at once (ECONNRESET). A test app waits up to 15 s for an answer and tries a
 * call twice (`npm start`: 5 s, once; AWS: 1.5 s, twice) unless the test sets its own; the
 * fail-fast tests set short ones and prove the 503.
 */
const TEST_TIMEOUTS = { AWS_REQUEST_TIMEOUT_MS: '15000', AWS_MAX_ATTEMPTS: '2' };

/**
 * Starts the local HTTP adapter with the real handlers over the run's DynamoDB Local and s3rver,
 * with fresh tables and buckets under a random prefix, on a free port.
 * `plugins` names the local plugins to start (none by default, so a test gets exactly what it asks for).
 */
export async function startTestApp(
  options: { plugins?: string[]; env?: Record<string, string>; checkPermissions?: boolean } = {},
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
    env: { ...TEST_TIMEOUTS, ...options.env },
    ...(options.checkPermissions === undefined ? {} : { checkPermissions: options.checkPermissions }),
  });
  return { ...app, prefix, api: (path, init) => fetch(`${app.url}${path}`, init) };
}
