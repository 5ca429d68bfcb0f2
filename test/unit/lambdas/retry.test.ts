import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { cancellationCodes, isConditionFailed, unlessConditionFails } from '../../../lambdas/adapters/dynamo-errors';
import { AGAIN, jittered, retry } from '../../../lambdas/lib/retry';

const named = (name: string) => Object.assign(new Error(name), { name });

describe('retry', () => {
  it('returns the first answer that is not AGAIN, pausing between tries', async () => {
    const answers: (string | typeof AGAIN)[] = [AGAIN, AGAIN, 'done'];
    const pauses: number[] = [];
    const run = vi.fn(async (_attempt: number) => answers.shift() as string | typeof AGAIN);
    const delayMs = (attempt: number) => {
      pauses.push(attempt);
      return 1;
    };
    const out = await retry(run, { attempts: 5, delayMs, exhausted: () => 'gave up' });
    expect(out).toBe('done');
    expect(run.mock.calls.map(([attempt]) => attempt)).toEqual([0, 1, 2]);
    expect(pauses).toEqual([1, 2]);
  });

  it('lets `exhausted` answer (or throw) when every try asked for another', async () => {
    const run = vi.fn(async (): Promise<string | typeof AGAIN> => AGAIN);
    await expect(retry(run, { attempts: 3, delayMs: () => 0, exhausted: () => 'partial' })).resolves.toBe('partial');
    expect(run).toHaveBeenCalledTimes(3);
    const fail = retry(run, {
      attempts: 2,
      delayMs: () => 0,
      exhausted: () => {
        throw new Error('too many writers');
      },
    });
    await expect(fail).rejects.toThrow('too many writers');
  });

  it('passes an error from a try straight up, without another try', async () => {
    const run = vi.fn(async () => {
      throw new Error('boom');
    });
    await expect(retry(run, { attempts: 4, exhausted: () => 'x' })).rejects.toThrow('boom');
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('backs off exponentially with bounded jitter', () => {
    const delay = jittered(10);
    for (let attempt = 1; attempt <= 4; attempt++) {
      const ms = delay(attempt);
      expect(ms).toBeGreaterThanOrEqual(10 * 2 ** attempt);
      expect(ms).toBeLessThan(10 * 2 ** attempt + 20);
    }
  });
});

describe('DynamoDB refusals', () => {
  it('tells a failed condition by name, whatever built the error', async () => {
    expect(isConditionFailed(named('ConditionalCheckFailedException'))).toBe(true);
    expect(isConditionFailed(named('ThrottlingException'))).toBe(false);
    expect(isConditionFailed(undefined)).toBe(false);
    await expect(unlessConditionFails(() => Promise.reject(named('ConditionalCheckFailedException')), 'refused')).resolves.toBe('refused');
    await expect(unlessConditionFails(() => Promise.reject(named('ThrottlingException')), 'refused')).rejects.toThrow(
      'ThrottlingException',
    );
    await expect(unlessConditionFails(async () => 'written', 'refused')).resolves.toBe('written');
  });

  it("reads a cancelled transaction's reason codes in item order", () => {
    const sdk = new TransactionCanceledException({
      message: 'cancelled',
      $metadata: {},
      CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }, {}],
    });
    expect(cancellationCodes(sdk)).toEqual(['None', 'ConditionalCheckFailed', 'None']);
    expect(
      cancellationCodes(Object.assign(named('TransactionCanceledException'), { CancellationReasons: [{ Code: 'TransactionConflict' }] })),
    ).toEqual(['TransactionConflict']);
    expect(cancellationCodes(named('ConditionalCheckFailedException'))).toBeUndefined();
  });
});
