/**
 * The hourly caps count in fixed windows that reset on the hour. A test that fills a cap and then expects the
 * refusal must not straddle a reset (a CI run at 22:00 saw the third request of a cap of 2 accepted): when fewer
 * than `needSeconds` are left in the current window, wait for the next one (at most `needSeconds` + 1 s).
 */
export async function clearOfWindowEnd(needSeconds: number, windowSeconds = 3600): Promise<void> {
  const now = Date.now() / 1000;
  const left = windowSeconds - (now % windowSeconds);
  if (left < needSeconds) await new Promise((resolve) => setTimeout(resolve, (left + 1) * 1000));
}
