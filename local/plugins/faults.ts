import { generationRuntime } from './generation';
import type { LocalPlugin } from './types';

/**
 * Fault switches for `npm run faults` (scripts/faults/), only with LOCAL_FAULTS=1 and only for
 * loopback clients: POST /__local/faults/renderer-stop stops the in-process preview renderer (the
 * ComfyUI stand-in) as if its machine died mid-job; POST /__local/faults/renderer-start starts it
 * again on the same port, as a replacement GPU would come up.
 */
const SWITCHES: Record<string, () => Promise<void>> = {
  '/__local/faults/renderer-stop': async () => generationRuntime().renderer?.stop(),
  '/__local/faults/renderer-start': () => generationRuntime().restartRenderer(),
};

export const faultsPlugin: LocalPlugin = {
  name: 'faults',
  async start() {
    if (process.env.LOCAL_FAULTS !== '1') return undefined;
    return {
      middleware: async (req, res) => {
        const flip = SWITCHES[req.url ?? ''];
        if (!flip || req.method !== 'POST') return false;
        const address = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
        const allowed = address === '127.0.0.1' || address === '::1';
        if (allowed) await flip();
        res.writeHead(allowed ? 204 : 403).end();
        return true;
      },
    };
  },
};
