import { afterEach, describe, expect, it } from 'vitest';
import { resetConfig } from '../../../lambdas/lib/config';
import { secondsLeft, windowCount, windowOf } from '../../../lambdas/services/rate-limit';

const hour = { windowSeconds: 3600 };
const at = (iso: string) => Date.parse(iso);

describe('rate-limit windows', () => {
  afterEach(() => {
    delete process.env.RATE_WINDOW_PHASE_SECONDS;
    resetConfig();
  });

  it('begins hourly windows on the hour when no phase is set, as in AWS', () => {
    // Act
    const window = windowOf(hour, at('2026-11-25T21:59:59Z'));
    // Assess
    expect(window.windowStart * 1000).toBe(at('2026-11-25T21:00:00Z'));
    expect(window.windowEnd * 1000).toBe(at('2026-11-25T22:00:00Z'));
  });

  it('begins windows at the phase the environment sets, for hours and minutes alike', () => {
    // Prepare: a window that begins at 21:59:10 (a test app started then)
    process.env.RATE_WINDOW_PHASE_SECONDS = String(59 * 60 + 10);
    resetConfig();
    // Act
    const before = windowOf(hour, at('2026-11-25T21:59:09Z'));
    const after = windowOf(hour, at('2026-11-25T22:05:00Z'));
    const minute = windowCount({ scope: 'contact', limit: 2, windowSeconds: 60 }, 'ip', at('2026-11-25T22:05:30Z'));
    // Assess
    expect(before.windowStart * 1000).toBe(at('2026-11-25T20:59:10Z'));
    expect(after.windowStart * 1000).toBe(at('2026-11-25T21:59:10Z'));
    expect(minute.windowStart * 1000).toBe(at('2026-11-25T22:05:10Z'));
    expect(secondsLeft(minute, at('2026-11-25T22:05:30Z'))).toBe(40);
  });
});
