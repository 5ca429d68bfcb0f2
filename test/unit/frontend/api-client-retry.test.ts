import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, newIdempotencyKey } from '../../../frontend/src/lib/api-client';

const created = () =>
  new Response(JSON.stringify({ id: 'm1', received: true }), { status: 201, headers: { 'content-type': 'application/json' } });
const unavailable = () =>
  new Response(JSON.stringify({ error: { code: 'storage_unavailable', message: 'Try again.' } }), {
    status: 503,
    headers: { 'content-type': 'application/json', 'retry-after': '0' },
  });

describe('api client: Idempotency-Key and retries', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('document', { cookie: '' });
    // The client waits between tries (Retry-After, else 1 s): fake time, no real sleeps.
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const keyOf = (call: number) => (fetchMock.mock.calls[call]?.[1]?.headers as Record<string, string> | undefined)?.['Idempotency-Key'];

  it('retries a lost answer and a 503 storage_unavailable with the same key', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('network down')).mockResolvedValueOnce(unavailable()).mockResolvedValueOnce(created());
    const key = newIdempotencyKey();
    const answer = expect(api.post('/contact', { a: 1 }, undefined, { idempotencyKey: key })).resolves.toEqual({
      id: 'm1',
      received: true,
    });
    await vi.runAllTimersAsync();
    await answer;
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect([keyOf(0), keyOf(1), keyOf(2)]).toEqual([key, key, key]);
  });

  it('gives up after two retries and does not retry without a key or on a refusal', async () => {
    fetchMock.mockImplementation(async () => unavailable());
    const answer = expect(api.post('/contact', {}, undefined, { idempotencyKey: newIdempotencyKey() })).rejects.toMatchObject({
      status: 503,
    });
    await vi.runAllTimersAsync();
    await answer;
    expect(fetchMock).toHaveBeenCalledTimes(3);
    fetchMock.mockClear();
    await expect(api.post('/contact', {})).rejects.toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(keyOf(0)).toBeUndefined();
  });

  it('makes a fresh 32-hex-digit key per submission', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
