import { probeDependencies } from '../../adapters/health-probe';
import { config } from '../../lib/config';
import { httpHandler, json } from '../../lib/http';

// GET /api/health: 200 when every dependency answers, 503 otherwise; `renderer` tells the UI
// whether pictures come from ComfyUI or the local preview renderer (no GPU, no AI).
export const handler = httpHandler({}, async () => {
  const dependencies = await probeDependencies();
  const ok = Object.values(dependencies).every((d) => d.ok);
  return json(ok ? 200 : 503, { ok, renderer: config().RENDERER, dependencies });
});
