import { AGAIN, retry } from '../lib/retry';

/**
 * The one way the adapters read DynamoDB's refusals, by the error's name (which the SDK sets from
 * the service's error code; `instanceof` fails across two copies of the SDK and for test doubles).
 */

/** A single-item write whose ConditionExpression was false. */
export const isConditionFailed = (err: unknown): boolean => (err as Error | undefined)?.name === 'ConditionalCheckFailedException';

/**
 * The per-item reason codes of a cancelled transaction ('None', 'ConditionalCheckFailed',
 * 'TransactionConflict', …), in the order of its items; undefined for any other error.
 */
export function cancellationCodes(err: unknown): string[] | undefined {
  if ((err as Error | undefined)?.name !== 'TransactionCanceledException') return undefined;
  const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.map((r) => r.Code ?? 'None');
}

/** Runs a conditional write: a false condition answers `refused` instead of throwing; any other error goes up. */
export async function unlessConditionFails<T, R>(write: () => Promise<T>, refused: R): Promise<T | R> {
  try {
    return await write();
  } catch (err) {
    if (isConditionFailed(err)) return refused;
    throw err;
  }
}

/** A transaction cancelled only for conflicts with concurrent ones: worth another try, unlike a false condition. */
function onlyConflicts(err: unknown): boolean {
  const codes = cancellationCodes(err);
  return Boolean(codes?.includes('TransactionConflict') && !codes.includes('ConditionalCheckFailed'));
}

/**
 * Runs a transaction again while DynamoDB cancels it only for conflicts with concurrent ones
 * (TransactionConflict, which the SDK does not retry): a few quick tries with jitter, then the
 * conflict goes up as a ThrottlingException (a dependency failure: 503).
 */
export async function retryTransactionConflicts<T>(run: () => Promise<T>, tries = 6): Promise<T> {
  let last: unknown;
  return retry(
    async () => {
      try {
        return await run();
      } catch (err) {
        if (!onlyConflicts(err)) throw err;
        last = err;
        return AGAIN;
      }
    },
    {
      attempts: tries,
      delayMs: (attempt) => 10 + Math.random() * 40 * attempt,
      exhausted: () => {
        throw Object.assign(last as Error, { name: 'ThrottlingException' });
      },
    },
  );
}
