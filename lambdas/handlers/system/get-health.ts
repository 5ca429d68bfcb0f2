import { probeDependencies } from '../../adapters/health-probe';
import { config } from '../../lib/config';
import { httpHandler, json } from '../../lib/http';
import { imageCheck } from '../../services/image-check';
import { promptScreening } from '../../services/prompt-screening';

// GET /api/health: 200 when every dependency answers, 503 otherwise; `renderer` tells the UI
// whether pictures come from ComfyUI or the local preview renderer (no GPU, no AI); `safety` which
// prompt screens and image checks are active (docs/safety.md).
export const handler = httpHandler({}, async () => {
  const dependencies = await probeDependencies();
  const ok = Object.values(dependencies).every((d) => d.ok);
  const safety = { promptScreening: promptScreening(), imageCheck: imageCheck().name };
  return json(ok ? 200 : 503, { ok, renderer: config().RENDERER, safety, dependencies });
});
