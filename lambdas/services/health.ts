import { probeBudgetMs, probeDependencies } from '../adapters/health-probe';
import { config } from '../lib/config';
import { imageCheck } from './image-check';
import { promptScreeningLayers } from './screening-layers';

/**
 * GET /api/health's answer: `ok` when every dependency answers; `renderer` tells the UI whether pictures
 * come from ComfyUI or the local preview renderer (no GPU, no AI); `safety.layers` each safety layer by
 * name, whether it runs and what it is (docs/safety.md). The probes run side by side, each within a budget
 * taken from the invocation's remaining time, so the answer always carries `dependencies` (a stalled
 * store: `{ ok: false, state: 'timeout' }`) before the function's deadline.
 */
export async function healthReport(remainingMs: number) {
  const dependencies = await probeDependencies(probeBudgetMs(remainingMs));
  const ok = Object.values(dependencies).every((d) => d.ok);
  const image = imageCheck();
  const layers = [...promptScreeningLayers(), { name: 'image check', runs: image.runs, detail: image.name }];
  return { ok, renderer: config().RENDERER, safety: { layers, imageCheck: image.name }, dependencies };
}
