import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { presignView, VIEW_URL_CACHE_SIZE } from '../../../lambdas/adapters/image-bucket';
import { config } from '../../../lambdas/lib/config';
import { withSigningCredentials } from '../../fixtures/signing';

// The real signer, counted: a url reused within its window is not signed again (issue 31 item 6).
const signer = vi.hoisted(() => ({ calls: 0 }));
vi.mock('@aws-sdk/s3-request-presigner', async (importOriginal) => {
  const real = await importOriginal<typeof import('@aws-sdk/s3-request-presigner')>();
  return {
    ...real,
    getSignedUrl: (...args: Parameters<typeof real.getSignedUrl>) => {
      signer.calls++;
      return real.getSignedUrl(...args);
    },
  };
});

beforeAll(withSigningCredentials);

describe('view urls signed once per key and window', () => {
  afterEach(() => vi.useRealTimers());
  const windowMs = () => config().PRIVATE_URL_WINDOW_SECONDS * 1000;
  // A window start far from the other tests' clocks, so nothing cached elsewhere answers here.
  const startOf = (day: number) => Math.ceil(Date.UTC(2027, 0, day) / windowMs()) * windowMs();

  it('signs a key once within its window and again in the next', async () => {
    const start = startOf(3);
    vi.useFakeTimers({ now: start + 1000 });
    const before = signer.calls;
    const first = await presignView('private/images/cache-a.png');
    vi.setSystemTime(start + windowMs() - 1000);
    expect(await presignView('private/images/cache-a.png')).toBe(first);
    expect(signer.calls - before).toBe(1);
    // Another key is its own url.
    const other = await presignView('private/thumbs/cache-a.webp');
    expect(other).not.toBe(first);
    expect(signer.calls - before).toBe(2);
    // The next window: a new url, signed anew, dated at that window's start.
    vi.setSystemTime(start + windowMs());
    const next = await presignView('private/images/cache-a.png');
    expect(next).not.toBe(first);
    expect(new URL(next).searchParams.get('X-Amz-Date')).toBe(new Date(start + windowMs()).toISOString().replace(/[-:]|\.\d{3}/g, ''));
    expect(signer.calls - before).toBe(3);
  });

  it('keeps at most VIEW_URL_CACHE_SIZE urls, dropping the oldest', async () => {
    vi.useFakeTimers({ now: startOf(9) + 1000 });
    for (let i = 0; i <= VIEW_URL_CACHE_SIZE; i++) await presignView(`private/images/bound-${i}.png`);
    const before = signer.calls;
    // The newest is still kept; the first was dropped when the bound was passed, so it is signed again.
    await presignView(`private/images/bound-${VIEW_URL_CACHE_SIZE}.png`);
    expect(signer.calls).toBe(before);
    await presignView('private/images/bound-0.png');
    expect(signer.calls).toBe(before + 1);
  });
});
