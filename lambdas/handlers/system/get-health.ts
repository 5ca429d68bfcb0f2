import { probeBudgetMs, probeDependencies } from '../../adapters/health-probe';
import { config } from '../../lib/config';
import { httpHandler, json } from '../../lib/http';
import { imageCheck } from '../../services/image-check';
import { promptScreening } from '../../services/prompt-screening';

// GET /api/health: 200 when every dependency answers, 503 otherwise; `renderer` tells the UI
// whether pictures come from ComfyUI or the local preview renderer (no GPU, no AI); `safety` which
// prompt screens and image checks are active (docs/safety.md). The probes run side by side, each
// within a budget taken from the invocation's remaining time, so the answer always carries
// `dependencies` (a stalled store: `{ ok: false, state: 'timeout' }`) before the function's deadline.
export const handler = httpHandler({}, async ({ context }) => {
  const dependencies = await probeDependencies(probeBudgetMs(context.getRemainingTimeInMillis()));
  const ok = Object.values(dependencies).every((d) => d.ok);
  const safety = { promptScreening: promptScreening(), imageCheck: imageCheck().name };
  return json(ok ? 200 : 503, { ok, renderer: config().RENDERER, safety, dependencies });
});
