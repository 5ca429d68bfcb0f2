/**
 * The backend's one clock: rate-limit and quota windows, job timestamps, heartbeats' deadlines and
 * timeouts all read it, so a unit test shifts every one of them at once with vi.setSystemTime (it reads
 * Date.now()). Integration tests cannot reach it that way (each function runs in its own process), and
 * must not shift absolute time either (the in-process GPU worker and the state machine share the
 * records' timestamps); they move where the fixed windows begin instead (RATE_WINDOW_PHASE_SECONDS,
 * lambdas/services/rate-limit.ts; test/support/windows.ts).
 */
export const clock = {
  /** Epoch milliseconds. */
  now: (): number => Date.now(),
  /** The same instant as a Date. */
  date: (): Date => new Date(Date.now()),
};
