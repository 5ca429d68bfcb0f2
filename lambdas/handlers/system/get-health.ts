import { probeBudgetMs, probeDependencies } from '../../adapters/health-probe';
import { config } from '../../lib/config';
import { httpHandler, json } from '../../lib/http';
import { imageCheck } from '../../services/image-check';
import { promptScreeningLayers } from '../../services/prompt-screening';

// GET /api/health: 200 when every dependency answers, 503 otherwise; `renderer` tells the UI
// whether pictures come from ComfyUI or the local preview renderer (no GPU, no AI); `safety.layers`
// each safety layer by name, whether it runs and what it is (docs/safety.md). The probes run side by side, each
// within a budget taken from the invocation's remaining time, so the answer always carries
// `dependencies` (a stalled store: `{ ok: false, state: 'timeout' }`) before the function's deadline.
export const handler = httpHandler({}, async ({ context }) => {
  const dependencies = await probeDependencies(probeBudgetMs(context.getRemainingTimeInMillis()));
  const ok = Object.values(dependencies).every((d) => d.ok);
  const image = imageCheck();
  const layers = [...promptScreeningLayers(), { name: 'image check', runs: image.runs, detail: image.name }];
  const safety = { layers, imageCheck: image.name };
  return json(ok ? 200 : 503, { ok, renderer: config().RENDERER, safety, dependencies });
});
