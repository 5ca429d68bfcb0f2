import { describe, expect, it } from 'vitest';
import { estimateEta, FIRST_GUESS, median } from '../../../lambdas/services/eta';
import { failureMessage } from '../../../lambdas/services/generation-failure';
import { GENERIC_GENERATION_ERROR } from '../../../shared/schemas/generation';
import { FLOW_ERRORS, WORKER_ERRORS } from '../../../shared/schemas/generation-flow';

/** A scripted history: the last cold starts and generations the jobs table would hold (ms). */
const history = { coldStartMs: [95_000, 120_000, 100_000, 400_000, 110_000], generationMs: [4_000, 6_000, 5_000, 30_000, 5_500] };

describe('ETA from measured history', () => {
  it('uses medians, so one odd job does not move it', () => {
    expect(median(history.coldStartMs)).toBe(110_000);
    expect(median(history.generationMs)).toBe(5_500);
    expect(median([1, 2, 3, 4])).toBe(2.5);
    expect(median([])).toBeUndefined();
  });

  it('queued behind a warm worker: (ahead + 1) generations', () => {
    expect(estimateEta({ status: 'queued', percent: 0, queuePosition: 0, warm: true, history })).toBe(6);
    expect(estimateEta({ status: 'queued', percent: 0, queuePosition: 2, warm: true, history })).toBe(17);
  });

  it('queued with no warm worker adds a cold start', () => {
    expect(estimateEta({ status: 'queued', percent: 0, queuePosition: 0, warm: false, history })).toBe(Math.ceil((110_000 + 5_500) / 1000));
  });

  it('starting counts down the cold start already spent', () => {
    const at = (since: number) =>
      estimateEta({ status: 'starting', percent: 0, queuePosition: 0, warm: false, sinceCapacityRequestMs: since, history });
    expect(at(0)).toBe(116);
    expect(at(60_000)).toBe(56);
    expect(at(500_000)).toBe(6); // past the median: only the generation is left
  });

  it('generating: the larger of what the percent and the elapsed time leave, plus half the save', () => {
    const gen = (percent: number, since: number) =>
      estimateEta({ status: 'generating', percent, warm: true, sincePickedMs: since, history });
    expect(gen(0, 0)).toBe(Math.ceil((5_500 + FIRST_GUESS.savingMs / 2) / 1000));
    expect(gen(50, 1_000)).toBe(Math.ceil((4_500 + 500) / 1000));
    expect(gen(90, 10_000)).toBe(Math.ceil((550 + 500) / 1000));
  });

  it('saving is a second; ended jobs have none', () => {
    expect(estimateEta({ status: 'saving', percent: 97, warm: true, history })).toBe(1);
    for (const status of ['done', 'failed', 'cancelled'] as const)
      expect(estimateEta({ status, percent: 100, warm: true, history })).toBeUndefined();
  });

  it('falls back to the documented first guesses only without history', () => {
    const empty = { coldStartMs: [], generationMs: [] };
    expect(estimateEta({ status: 'queued', percent: 0, queuePosition: 0, warm: false, history: empty })).toBe(
      Math.ceil((FIRST_GUESS.coldStartMs + FIRST_GUESS.generationMs) / 1000),
    );
    expect(
      estimateEta({ status: 'queued', percent: 0, queuePosition: 0, warm: true, history: { coldStartMs: [], generationMs: [2_000] } }),
    ).toBe(2);
  });
});

describe('failure reasons the status API shows', () => {
  it('keeps ComfyUI’s own words for rejections and execution errors', () => {
    expect(
      failureMessage(WORKER_ERRORS.rejected, 'Prompt outputs failed validation: node 30 (CheckpointLoaderSimple): Value not in list'),
    ).toBe(
      'The image server rejected the request (Prompt outputs failed validation: node 30 (CheckpointLoaderSimple): Value not in list).',
    );
    expect(failureMessage(WORKER_ERRORS.execution, 'ComfyUI failed in KSampler: RuntimeError: boom')).toBe(
      'The image server failed while generating (ComfyUI failed in KSampler: RuntimeError: boom).',
    );
  });

  it('cuts a long cause to 300 characters', () => {
    const message = failureMessage(WORKER_ERRORS.execution, 'x'.repeat(1000));
    expect(message).toContain(`${'x'.repeat(297)}…)`);
    expect(message.length).toBeLessThan(360);
  });

  it.each([
    [WORKER_ERRORS.unreachable, /unreachable/],
    [WORKER_ERRORS.timeout, /no picture in time/],
    [WORKER_ERRORS.interrupted, /interrupted/],
    [WORKER_ERRORS.upload, /could not be uploaded/],
    ['States.HeartbeatTimeout', /stopped responding/],
    ['States.Timeout', /in time/],
    [FLOW_ERRORS.noCapacity, /No GPU became available/],
    [WORKER_ERRORS.lost, /stopped while making your picture, three times/],
  ])('%s → a plain sentence', (error, pattern) => {
    const message = failureMessage(error, 'internal detail');
    expect(message).toMatch(pattern);
    expect(message).not.toContain('internal detail');
  });

  it('a cancel reads Cancelled.; anything unknown the generic error', () => {
    expect(failureMessage('JobCancelled')).toBe('Cancelled.');
    expect(failureMessage('States.TaskFailed', 'Lambda stack trace')).toBe(GENERIC_GENERATION_ERROR);
  });
});
