import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adHref } from '../../../frontend/src/features/ads/api/ads-api';
import { dwellTimer } from '../../../frontend/src/features/ads/impressions';

// The impression rule (docs/ads.md): half the ad in view for one continuous second, once.
describe('dwellTimer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const fakeTimers = {
    set: (fn: () => void, ms: number) => setTimeout(fn, ms) as unknown as number,
    clear: (id: number) => clearTimeout(id),
  };

  it('fires after one continuous second in view, and only once', () => {
    const fired = vi.fn();
    const timer = dwellTimer(fired, 1000, fakeTimers);
    timer.update(true);
    vi.advanceTimersByTime(999);
    expect(fired).not.toHaveBeenCalled();
    timer.update(true); // a repeated "in view" does not restart the second
    vi.advanceTimersByTime(1);
    expect(fired).toHaveBeenCalledTimes(1);
    timer.update(false);
    timer.update(true);
    vi.advanceTimersByTime(5000);
    expect(fired).toHaveBeenCalledTimes(1);
  });

  it('a break (below half, a hidden tab) starts the second again', () => {
    const fired = vi.fn();
    const timer = dwellTimer(fired, 1000, fakeTimers);
    timer.update(true);
    vi.advanceTimersByTime(900);
    timer.update(false);
    vi.advanceTimersByTime(900);
    timer.update(true);
    vi.advanceTimersByTime(900);
    expect(fired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(fired).toHaveBeenCalledTimes(1);
  });

  it('never fires once stopped (the tile left the page)', () => {
    const fired = vi.fn();
    const timer = dwellTimer(fired, 1000, fakeTimers);
    timer.update(true);
    timer.stop();
    timer.update(true);
    vi.advanceTimersByTime(5000);
    expect(fired).not.toHaveBeenCalled();
  });
});

describe('adHref', () => {
  it('links an ad with an id through the counting redirect, never with its address in the url', () => {
    const href = adHref({ id: 'seed-ad-lamp', navigateUrl: 'https://shop.example/lamp' });
    expect(href).toBe('/api/ads/seed-ad-lamp/click');
    expect(href).not.toContain('shop.example');
    expect(adHref({ navigateUrl: 'https://shop.example/lamp' })).toBe('https://shop.example/lamp');
  });
});
