/**
 * The one retry/backoff loop of the Lambdas. `run` does one try and answers either a result or
 * `AGAIN` (what it read moved under it: a lost optimistic write, a transaction conflict, keys
 * DynamoDB left unprocessed); between tries the loop waits `delayMs(attempt)`. When every try
 * asked for another, `exhausted()` decides: throw the caller's own error, or settle for what is there.
 */
export const AGAIN: unique symbol = Symbol('again');

export interface RetryOptions<T> {
  /** Tries in all, the first included. */
  attempts: number;
  /** The pause before try number `attempt` (1 = the second try). Default: `jittered(10)`. */
  delayMs?: (attempt: number) => number;
  exhausted: () => T | Promise<T>;
}

/** Exponential backoff from `baseMs` with up to 2 x `baseMs` of jitter, so concurrent writers spread out. */
export const jittered =
  (baseMs: number) =>
  (attempt: number): number =>
    baseMs * 2 ** attempt + Math.random() * 2 * baseMs;

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export async function retry<T>(run: (attempt: number) => Promise<T | typeof AGAIN>, options: RetryOptions<T>): Promise<T> {
  const delayMs = options.delayMs ?? jittered(10);
  for (let attempt = 0; attempt < options.attempts; attempt++) {
    if (attempt) await sleep(delayMs(attempt));
    const outcome = await run(attempt);
    if (outcome !== AGAIN) return outcome;
  }
  return options.exhausted();
}
