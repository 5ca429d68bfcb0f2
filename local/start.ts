/**
 * `npm start`: the whole site on localhost (SPA + API + generation) over real stand-ins.
 * `npm run dev`: the same with Vite's dev server (HMR) in place of the built SPA.
 */
import { resolve } from 'node:path';
import { z } from 'zod';
import { PortInUseError, startLocalApp } from './app';

const env = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('127.0.0.1'),
    DATA_DIR: z.string().default('.data'),
    LOG_REQUESTS: z.enum(['0', '1']).default('1'),
  })
  .parse(process.env);

// Local tooling runs on Node 20 (the Lambdas deploy on nodejs22.x): silence the SDK's Node 20 notice.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const dev = process.argv.includes('--dev');
const log = (line: string) => console.info(`[artloom] ${line}`);
const started = performance.now();
const root = resolve(import.meta.dirname, '..');

let vite: Awaited<ReturnType<typeof import('vite').createServer>> | undefined;
if (dev) {
  const { createServer } = await import('vite');
  vite = await createServer({ configFile: resolve(root, 'frontend/vite.config.ts'), server: { middlewareMode: true }, appType: 'spa' });
  log('Vite dev server attached (HMR)');
}

try {
  const app = await startLocalApp({
    port: env.PORT,
    host: env.HOST,
    dataDir: resolve(root, env.DATA_DIR),
    staticDir: dev ? undefined : resolve(root, 'frontend/dist'),
    vite,
    log,
    logRequests: env.LOG_REQUESTS === '1',
    supervise: true,
  });
  log(`data in ${resolve(root, env.DATA_DIR)}`);
  log(`Artloom is running at ${app.url}  (ready in ${Math.round(performance.now() - started)} ms; Ctrl-C to stop)`);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping…`);
    await app.stop();
    await vite?.close();
    log('stopped cleanly');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
} catch (err) {
  if (err instanceof PortInUseError) {
    console.error(
      `[artloom] ${err.message} Is another \`npm start\` running? Stop it, or run a second copy with PORT=3001 DATA_DIR=.data-2 npm start.`,
    );
  } else {
    console.error(`[artloom] could not start: ${(err as Error).message}`);
  }
  await vite?.close();
  process.exit(1);
}
