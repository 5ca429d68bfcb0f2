import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localIssuer } from '../../../local/plugins/auth';
import { apiErrorSchema } from '../../../shared/schemas/common';
import { seededRandom as prng } from '../../fixtures/prng';
import { startTestApp, type TestApp } from '../../support/local-app';

/**
 * Generated malformed input, 220 cases per route, through the real local HTTP adapter: no answer
 * may be a 5xx, and every refusal must carry the JSON error shape.
 */
const CASES = 220;
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ plugins: ['auth'] });
});
afterAll(async () => app.stop());

const NASTY = [
  '',
  ' ',
  '-1',
  '0',
  '1.5',
  '1e3',
  '0x10',
  '999999999999',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '%',
  '%00',
  '\u0000',
  '../../etc/passwd',
  '/files/images/../../x.png',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '🙂🙂🙂',
  'ＡＢＣ',
  'admin',
  'flux_schnell',
  'Nature',
  'default',
  'http://',
  'https://evil.example.com/files/images/a.png',
  'javascript:alert(1)',
  'data:image/png;base64,AAAA',
  '/files/images/.png',
  '/files/thumbs/a.webp',
  '00000000-0000-0000-0000-00000000000g',
];

function value(rand: () => number): string {
  const r = rand();
  if (r < 0.6) return NASTY[Math.floor(rand() * NASTY.length)] ?? '';
  if (r < 0.8) {
    const len = Math.floor(rand() * 40);
    return Array.from({ length: len }, () => String.fromCharCode(32 + Math.floor(rand() * 0x2000))).join('');
  }
  if (r < 0.9) return 'x'.repeat(1000 + Math.floor(rand() * 3000));
  return String(Math.floor((rand() - 0.5) * 1e12));
}

function badQuery(rand: () => number, names: string[]): string {
  const params = new URLSearchParams();
  const count = 1 + Math.floor(rand() * 4);
  for (let i = 0; i < count; i++) {
    const name = rand() < 0.8 ? (names[Math.floor(rand() * names.length)] ?? 'x') : value(rand).slice(0, 20);
    params.append(name, value(rand));
  }
  return params.toString();
}

async function expectNo5xx(res: Response, what: string): Promise<void> {
  const text = await res.text();
  expect(res.status, `${what} → ${res.status} ${text.slice(0, 200)}`).toBeLessThan(500);
  if (res.status >= 400 && res.status !== 404) expect(apiErrorSchema.safeParse(JSON.parse(text)).success, what).toBe(true);
}

const ROUTES: [string, string[]][] = [
  ['/api/gallery/list', ['model', 'userId', 'skip', 'take']],
  ['/api/gallery/admin', ['model', 'skip', 'take']],
  ['/api/gallery/admin/random', ['model', 'skip', 'take']],
  ['/api/gallery/category/metadata', ['model', 'category', 'user']],
  ['/api/gallery/category/all', ['model', 'category', 'user']],
  ['/api/download', ['path']],
  ['/api/ads/all', ['x', 'take']],
  ['/api/ads/random', ['x', 'take']],
];

describe('malformed input', () => {
  it.each(ROUTES)('GET %s never answers 5xx to 220 generated queries', async (route, names) => {
    const rand = prng(route.length * 7919);
    for (let i = 0; i < CASES; i++) {
      const query = badQuery(rand, names);
      await expectNo5xx(await app.api(`${route}?${query}`, { redirect: 'manual' }), `${route}?${query.slice(0, 120)}`);
    }
  });

  it('POST /api/gallery/save never answers 5xx to generated bodies, with or without an operator token', async () => {
    const rand = prng(4242);
    const token = await localIssuer().mint();
    const fields = [
      'base64Image',
      'prompt',
      'userId',
      'user',
      'category',
      'steps',
      'modelName',
      'modelVersion',
      'aspectRatio',
      'deviceInfo',
    ];
    for (let i = 0; i < CASES; i++) {
      const body: Record<string, unknown> = {};
      for (const field of fields) {
        if (rand() < 0.6) body[field] = rand() < 0.2 ? Math.floor((rand() - 0.5) * 1e6) : rand() < 0.1 ? [value(rand)] : value(rand);
      }
      const raw = rand() < 0.1 ? value(rand) : JSON.stringify(body);
      const headers: Record<string, string> = { 'content-type': rand() < 0.9 ? 'application/json' : 'text/plain' };
      const auth = rand();
      if (auth < 0.5) headers.authorization = `Bearer ${token}`;
      else if (auth < 0.7) headers.authorization = `Bearer ${value(rand)}`.replace(/[^\x20-\x7e]/g, '.').slice(0, 4000);
      const res = await app.api('/api/gallery/save', { method: 'POST', headers, body: raw });
      await expectNo5xx(res, `save ${raw.slice(0, 120)}`);
    }
  });
});
