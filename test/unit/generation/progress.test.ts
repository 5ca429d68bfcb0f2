import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ComfyWsMessage, mapComfyMessage } from '../../../worker/comfyui-protocol';
import { OUTPUT_NODE } from '../../../worker/generation-graph';
import { generatingMessage } from '../../../worker/generation-progress';

const FIXTURES = join(import.meta.dirname, '../../fixtures/comfyui');
const recording = (name: string) =>
  JSON.parse(readFileSync(`${FIXTURES}/${name}`, 'utf8')) as { prompt_id: string; messages: (ComfyWsMessage & { binary?: boolean })[] };

const events = (name: string, promptId?: string) => {
  const rec = recording(name);
  return rec.messages
    .filter((m) => !m.binary)
    .map((m) => mapComfyMessage(m, promptId ?? rec.prompt_id, OUTPUT_NODE))
    .filter((e) => e !== undefined);
};

describe('progress mapping (ComfyUI websocket → job percent)', () => {
  it('maps the recorded cold job to 5, then 30/50/70/90 per sampler step, 95 at the output, then success', () => {
    const mapped = events('ws_job_first_cold.json');
    expect(mapped.map((e) => e.kind)).toEqual(['started', 'progress', 'progress', 'progress', 'progress', 'output', 'success']);
    const percents = mapped.flatMap((e) => ('percent' in e ? [e.percent] : []));
    expect(percents).toEqual([5, 30, 50, 70, 90, 95]);
    expect(mapped[5]).toMatchObject({ kind: 'output', images: [{ filename: 'flux_00001_.png', subfolder: '', type: 'output' }] });
  });

  it('is monotonic over every recorded job', () => {
    for (const name of [
      'ws_job_first_cold.json',
      'ws_job_second_cached_text.json',
      'ws_job_interrupted.json',
      'ws_job_with_previews_plain_client.json',
    ]) {
      const percents = events(name).flatMap((e) => ('percent' in e ? [e.percent] : []));
      expect(percents.length).toBeGreaterThan(0);
      expect([...percents].sort((a, b) => a - b)).toEqual(percents);
    }
  });

  it('ignores messages about another prompt and messages without a prompt', () => {
    expect(events('ws_job_first_cold.json', 'someone-else')).toEqual([]);
    expect(mapComfyMessage({ type: 'status', data: { status: { exec_info: { queue_remaining: 0 } } } }, 'p', '9')).toBeUndefined();
    expect(mapComfyMessage({ type: 'executed', data: { prompt_id: 'p', node: '8', output: {} } }, 'p', '9')).toBeUndefined();
    expect(mapComfyMessage({ type: 'progress', data: { prompt_id: 'p', value: 1, max: 0 } }, 'p', '9')).toBeUndefined();
  });

  it('maps a 12-step sampler proportionally and clamps overshoot', () => {
    expect(mapComfyMessage({ type: 'progress', data: { prompt_id: 'p', value: 3, max: 12 } }, 'p', '9')).toEqual({
      kind: 'progress',
      percent: 30,
      step: 3,
      steps: 12,
    });
    expect(mapComfyMessage({ type: 'progress', data: { prompt_id: 'p', value: 5, max: 4 } }, 'p', '9')).toMatchObject({ percent: 90 });
  });

  it('keeps ComfyUI’s execution_error node and exception', () => {
    const error = events('ws_job_execution_error.json').find((e) => e.kind === 'error');
    expect(error).toEqual({
      kind: 'error',
      nodeType: 'KSampler',
      exceptionType: 'NotImplementedError',
      message: 'torchsde stand-in: SDE samplers are not available',
    });
  });

  it('reports an interrupted job', () => {
    expect(events('ws_job_interrupted.json').at(-1)).toEqual({ kind: 'interrupted' });
  });

  it('writes the visitor message from the percent', () => {
    expect(generatingMessage(0)).toBe('Generating… 0%');
    expect(generatingMessage(49.6)).toBe('Generating… 50%');
    expect(generatingMessage(90)).toBe('Generating… 90%');
  });
});
