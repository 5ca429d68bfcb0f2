import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localIssuer } from '../../../local/plugins/auth';
import type { AdminAd, AdStats } from '../../../shared/schemas/admin';
import { tinyPng } from '../../fixtures/images';
import { startTestApp, type TestApp } from '../../support/local-app';
import { freshWindow } from '../../support/windows';

// Ad impressions and clicks (docs/ads.md): counted per ad per UTC day, capped per network per hour.
const IMPRESSION_CAP = 4;
const CLICK_CAP = 2;
let app: TestApp;
let token: string;
let png: string;
beforeAll(async () => {
  app = await startTestApp({
    plugins: ['auth'],
    env: { ...freshWindow().env, AD_IMPRESSIONS_PER_NETWORK_HOUR: String(IMPRESSION_CAP), AD_CLICKS_PER_NETWORK_HOUR: String(CLICK_CAP) },
  });
  token = await localIssuer().mint({ email: 'op@example.com' });
  png = `data:image/png;base64,${(await tinyPng()).toString('base64')}`;
}, 60_000);
afterAll(async () => {
  await app?.stop();
});

const DAY_MS = 24 * 3600 * 1000;
const day = (offsetDays = 0) => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);
const admin = (method: string, path: string, body?: unknown) =>
  app.api(path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
async function newAd(fields: Record<string, unknown> = {}): Promise<AdminAd> {
  const res = await admin('POST', '/api/admin/ads', { navigateUrl: 'https://sponsor.example.com/offer?a=1', image: png, ...fields });
  expect(res.status).toBe(201);
  return (await res.json()) as AdminAd;
}
const impression = (id: string) => app.api(`/api/ads/${id}/impression`, { method: 'POST' });
const click = (path: string) => app.api(path, { redirect: 'manual' });
async function today(id: string) {
  const res = await admin('GET', `/api/admin/ads/${id}/stats`);
  expect(res.status).toBe(200);
  const stats = (await res.json()) as AdStats;
  expect(stats.days).toHaveLength(30);
  return stats.days.at(-1);
}
const served = async (path: '/api/ads/all') => ((await (await app.api(path)).json()) as { id: string }[]).map((a) => a.id);

describe('ad impressions and clicks', () => {
  it('an impression and a click each move their day’s counter; the click redirects to the stored address', async () => {
    const ad = await newAd();
    expect(await today(ad.id)).toEqual({ day: day(), impressions: 0, clicks: 0 });

    expect((await impression(ad.id)).status).toBe(204);
    expect(await today(ad.id)).toMatchObject({ impressions: 1, clicks: 0 });

    const res = await click(`/api/ads/${ad.id}/click`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://sponsor.example.com/offer?a=1');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await today(ad.id)).toMatchObject({ impressions: 1, clicks: 1 });
    // The console's list carries the 30 days' totals.
    const listed = ((await (await admin('GET', '/api/admin/ads')).json()) as AdminAd[]).find((a) => a.id === ad.id);
    expect(listed?.recent).toEqual({ impressions: 1, clicks: 1 });
  });

  it('the click redirect follows nothing from the request, only the address stored for that ad', async () => {
    const ad = await newAd({ navigateUrl: 'https://sponsor.example.com/only-this' });
    for (const query of [
      '?url=https://evil.example',
      '?navigateUrl=https://evil.example&redirect=https://evil.example',
      '?next=//evil.example&to=%2F%2Fevil.example',
    ]) {
      const res = await click(`/api/ads/${ad.id}/click${query}`);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('https://sponsor.example.com/only-this');
    }
    // An id that is no ad: 404 in the API's shape, never a redirect; a malformed id: 400.
    const unknown = await click('/api/ads/no-such-ad/click?url=https://evil.example');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('location')).toBeNull();
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('ad_not_found');
    const bad = await click(`/api/ads/${encodeURIComponent('https://evil.example')}/click`);
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.headers.get('location')).toBeNull();
    // A disabled ad redirects nowhere and counts nothing.
    await admin('PUT', `/api/admin/ads/${ad.id}`, { enabled: false });
    expect((await click(`/api/ads/${ad.id}/click`)).status).toBe(404);
    expect((await impression(ad.id)).status).toBe(204);
    // Three redirects above, two counted: the network's cap on this ad.
    expect(await today(ad.id)).toMatchObject({ impressions: 0, clicks: CLICK_CAP });
  });

  it('one network cannot inflate an ad: over its hourly cap events still answer but are not counted', async () => {
    const ad = await newAd();
    const other = await newAd();
    const statuses: number[] = [];
    for (let i = 0; i < IMPRESSION_CAP + 3; i++) statuses.push((await impression(ad.id)).status);
    expect(statuses.every((s) => s === 204)).toBe(true);
    const locations: (string | null)[] = [];
    for (let i = 0; i < CLICK_CAP + 2; i++) locations.push((await click(`/api/ads/${ad.id}/click`)).headers.get('location'));
    expect(locations).toEqual(Array(CLICK_CAP + 2).fill('https://sponsor.example.com/offer?a=1'));
    expect(await today(ad.id)).toMatchObject({ impressions: IMPRESSION_CAP, clicks: CLICK_CAP });
    // The cap is per ad: the same network still counts on another ad.
    expect((await impression(other.id)).status).toBe(204);
    expect(await today(other.id)).toMatchObject({ impressions: 1 });
  });

  it('start and end dates: outside them an ad is not served; a click redirects for a grace day after the end', async () => {
    const later = await newAd({ startsOn: day(2) });
    const ended = await newAd({ endsOn: day(-1) });
    const long = await newAd({ endsOn: day(-3) });
    const running = await newAd({ startsOn: day(-1), endsOn: day(1) });
    const all = await served('/api/ads/all');
    expect(all).toContain(running.id);
    for (const ad of [later, ended, long]) expect(all).not.toContain(ad.id);
    for (let i = 0; i < 10; i++) {
      const res = await app.api('/api/ads/random');
      if (res.status === 200) expect([later.id, ended.id, long.id]).not.toContain(((await res.json()) as { id: string }).id);
    }
    expect((await click(`/api/ads/${later.id}/click`)).status).toBe(404);
    expect((await click(`/api/ads/${ended.id}/click`)).status).toBe(302);
    expect((await click(`/api/ads/${long.id}/click`)).status).toBe(404);
    await impression(later.id);
    expect(await today(later.id)).toMatchObject({ impressions: 0, clicks: 0 });
    // Clearing the date serves it again.
    const cleared = (await (await admin('PUT', `/api/admin/ads/${later.id}`, { startsOn: null })).json()) as AdminAd;
    expect(cleared.startsOn).toBeUndefined();
    expect(await served('/api/ads/all')).toContain(later.id);
  });

  it('refuses dates out of order or not a calendar day', async () => {
    for (const body of [{ startsOn: day(3), endsOn: day(1) }, { startsOn: '2026-02-30' }, { endsOn: 'tomorrow' }]) {
      const res = await admin('POST', '/api/admin/ads', { navigateUrl: 'https://sponsor.example.com', image: png, ...body });
      expect(res.status).toBe(400);
    }
    const ad = await newAd({ startsOn: day(5) });
    const res = await admin('PUT', `/api/admin/ads/${ad.id}`, { endsOn: day(1) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('ad_dates_order');
  });

  it('exports the sponsor’s CSV: a row per day, counts and CTR', async () => {
    const ad = await newAd();
    await impression(ad.id);
    await impression(ad.id);
    await click(`/api/ads/${ad.id}/click`);
    const res = await admin('GET', `/api/admin/ads/${ad.id}/stats.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toContain('attachment');
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('"day","impressions","clicks","ctrPercent","adId","link"');
    expect(lines).toHaveLength(31);
    expect(lines.at(-1)).toBe(`"${day()}","2","1","50.00","${ad.id}","https://sponsor.example.com/offer?a=1"`);
    expect((await admin('GET', '/api/admin/ads/no-such-ad/stats.csv')).status).toBe(404);
    expect((await app.api(`/api/admin/ads/${ad.id}/stats.csv`)).status).toBe(401);
  });
});
