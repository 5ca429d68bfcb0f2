/**
 * The hourly (and per-minute) caps count in fixed windows. A test that fills a cap and then expects the
 * refusal must not straddle a reset (a CI run at 22:00 saw the third request of a cap of 2 accepted).
 * Rather than wait for the wall clock, a test app starts with its windows beginning one second before it
 * starts (RATE_WINDOW_PHASE_SECONDS, lambdas/services/rate-limit.ts): every case of the file then runs
 * early in one hour, and so early in one minute. `hourStart` is that hour's first second (epoch seconds),
 * the key of its counters.
 */
export function freshWindow(wallNow = Date.now()): { env: { RATE_WINDOW_PHASE_SECONDS: string }; hourStart: number } {
  const hourStart = Math.floor(wallNow / 1000) - 1;
  return { env: { RATE_WINDOW_PHASE_SECONDS: String(hourStart % 3600) }, hourStart };
}
