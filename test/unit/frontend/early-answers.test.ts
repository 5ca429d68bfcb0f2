import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../frontend/src/lib/api-client';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('api client: the answers boot.ts asked for early', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset().mockImplementation(async () => json({ from: 'fetch' }));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads an early answer for the same GET url once, then fetches as usual', async () => {
    vi.stubGlobal('window', { artloomEarlyAnswers: { '/api/ads/all': Promise.resolve(json({ from: 'early' })) } });
    expect(await api.get('/ads/all')).toEqual({ from: 'early' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await api.get('/ads/all')).toEqual({ from: 'fetch' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('never answers another url or a POST with it', async () => {
    vi.stubGlobal('window', { artloomEarlyAnswers: { '/api/ads/all': Promise.resolve(json({ from: 'early' })) } });
    expect(await api.get('/gallery/categories')).toEqual({ from: 'fetch' });
    expect(await api.post('/ads/all', {})).toEqual({ from: 'fetch' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('turns an early request that failed into the network error a fetch would give', async () => {
    const failed = Promise.reject(new TypeError('network down'));
    failed.catch(() => {});
    vi.stubGlobal('window', { artloomEarlyAnswers: { '/api/ads/all': failed } });
    await expect(api.get('/ads/all')).rejects.toMatchObject({ code: 'network_error' });
  });
});
