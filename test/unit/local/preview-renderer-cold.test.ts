import { afterEach, describe, expect, it } from 'vitest';
import { coldStartFromEnv, type PreviewRenderer, type RendererClock, startPreviewRenderer } from '../../../local/preview-renderer/server';
import { runGraph } from '../../../worker/comfyui';
import { buildFluxGraph, OUTPUT_NODE } from '../../../worker/generation-graph';

/** The preview renderer's cold-GPU mode: start-up, first-prompt model load, slower first image, a wedged server. */
let renderer: PreviewRenderer | undefined;
afterEach(async () => {
  await renderer?.stop();
  renderer = undefined;
});

const stats = (url: string, timeoutMs = 1_000) => fetch(`${url}/system_stats`, { signal: AbortSignal.timeout(timeoutMs) });
async function untilAnswers(url: string): Promise<number> {
  const started = Date.now();
  for (;;) {
    try {
      if ((await stats(url)).ok) return Date.now() - started;
    } catch {
      // still starting
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}
/**
 * The renderer's time with its waits skipped: a sleep moves the clock on at once (yielding to I/O),
 * and `skip` moves it by hand. Cold timings then cost no wall time, so they can be long enough to
 * tell a model load from drawing on any machine.
 */
function skippingClock(): RendererClock & { skip(ms: number): void } {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    sleep: (ms) => {
      offset += ms;
      return new Promise((r) => setImmediate(r));
    },
    skip: (ms) => {
      offset += ms;
    },
  };
}
const MINUTE = 60_000;
const generate = (url: string) =>
  runGraph({
    baseUrl: url,
    graph: buildFluxGraph({ prompt: 'a red fox', width: 256, height: 256, seed: 1 }),
    outputNode: OUTPUT_NODE,
    timeoutMs: 10_000,
  });

describe('preview renderer, cold-GPU mode', () => {
  it('drops connections while starting, loads the model on the first prompt, then runs warm', async () => {
    const clock = skippingClock();
    renderer = await startPreviewRenderer({
      stepDelayMs: 0,
      cold: { startupMs: MINUTE, modelLoadMs: MINUTE, firstStepDelayMs: 50 },
      clock,
    });
    await expect(stats(renderer.url)).rejects.toThrow();
    clock.skip(MINUTE);
    await untilAnswers(renderer.url);
    expect(renderer.modelLoaded).toBe(false);
    const first = await generate(renderer.url);
    expect(renderer.runMs.get(first.promptId)).toBeGreaterThanOrEqual(MINUTE + 4 * 50);
    expect(renderer.modelLoaded).toBe(true);
    const second = await generate(renderer.url);
    // Warm: no load, no slow steps (the drawing itself takes a few hundred ms on a loaded machine).
    expect(renderer.runMs.get(second.promptId)).toBeLessThan(MINUTE);
  });

  it('starts cold again after a restart (a reboot)', async () => {
    const clock = skippingClock();
    renderer = await startPreviewRenderer({ stepDelayMs: 0, cold: { startupMs: MINUTE, modelLoadMs: MINUTE }, clock });
    clock.skip(MINUTE);
    await untilAnswers(renderer.url);
    await generate(renderer.url);
    renderer.restart();
    expect(renderer.modelLoaded).toBe(false);
    await expect(stats(renderer.url)).rejects.toThrow();
    clock.skip(MINUTE);
    await untilAnswers(renderer.url);
    const again = await generate(renderer.url);
    expect(renderer.runMs.get(again.promptId)).toBeGreaterThanOrEqual(MINUTE);
  });

  it('never answers while unresponsive, and answers again once it is not', async () => {
    renderer = await startPreviewRenderer();
    renderer.faults.unresponsive = true;
    await expect(stats(renderer.url, 150)).rejects.toThrow(/timeout|aborted/i);
    renderer.faults.unresponsive = false;
    expect((await stats(renderer.url)).ok).toBe(true);
  });

  it('reads its timings from the environment; none set means warm', () => {
    expect(coldStartFromEnv({})).toBeUndefined();
    expect(coldStartFromEnv({ PREVIEW_COLD_LOAD_MS: '8000' })).toEqual({ startupMs: 0, modelLoadMs: 8000, firstStepDelayMs: 0 });
  });
});
