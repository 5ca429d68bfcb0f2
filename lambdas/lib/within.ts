/** A task given up after its time: it did not answer within `ms`. */
export class DeadlineError extends Error {
  override name = 'DeadlineError';
}

/**
 * Runs `task` with an AbortSignal that fires after `ms` (the SDK then drops the request), and gives
 * up on it at that moment even if the task ignores the signal: the caller's own deadline is the
 * point, not the task's.
 */
export async function within<T>(ms: number, task: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      abort.abort();
      reject(new DeadlineError(`no answer within ${ms} ms`));
    }, ms);
  });
  try {
    return await Promise.race([task(abort.signal), late]);
  } finally {
    clearTimeout(timer);
  }
}
