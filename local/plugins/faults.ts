import { generationRuntime } from './generation';
import type { LocalPlugin } from './types';

/**
 * Fault switches for `npm run faults` (scripts/faults/), only with LOCAL_FAULTS=1 and only for
 * loopback clients: POST /__local/faults/renderer-stop stops the in-process preview renderer (the
 * ComfyUI stand-in) as if its machine died mid-job.
 */
export const faultsPlugin: LocalPlugin = {
  name: 'faults',
  async start() {
    if (process.env.LOCAL_FAULTS !== '1') return undefined;
    return {
      middleware: async (req, res) => {
        if (req.url !== '/__local/faults/renderer-stop' || req.method !== 'POST') return false;
        const address = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
        const allowed = address === '127.0.0.1' || address === '::1';
        if (allowed) await generationRuntime().renderer?.stop();
        res.writeHead(allowed ? 204 : 403).end();
        return true;
      },
    };
  },
};
