import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeImage } from '../../../lambdas/services/image-store';
import { resetSearchIndex } from '../../../lambdas/services/search';
import { searchResponseSchema } from '../../../shared/schemas/gallery';
import { newImage } from '../../fixtures/images';
import { startTestApp, type TestApp } from '../../support/local-app';

/** GET /api/gallery/search against the real local store: public pictures only, every word, 4xx on bad input. */
let app: TestApp;
const word = `zq${randomUUID().slice(0, 6)}`; // a word no seeded prompt has

beforeAll(async () => {
  app = await startTestApp();
  await storeImage(await newImage({ prompt: `A ${word} crossing at night`, category: 'Space' }));
  await storeImage(await newImage({ prompt: `A ${word} on a lawn in the rain` }));
  await storeImage(await newImage({ prompt: `My own ${word} picture`, owner: { kind: 'user', userId: randomUUID() } }));
  resetSearchIndex();
});
afterAll(async () => app?.stop());

async function search(q: string) {
  const res = await app.api(`/api/gallery/search?q=${encodeURIComponent(q)}`);
  return { status: res.status, body: (await res.json()) as unknown, cache: res.headers.get('cache-control') };
}

describe('GET /api/gallery/search', () => {
  it('finds the public pictures whose prompts hold every word, never a visitor’s own', async () => {
    const all = await search(word);
    expect(all.status).toBe(200);
    const body = searchResponseSchema.parse(all.body);
    expect(body.total).toBe(2);
    expect(body.images.map((i) => i.prompt).sort()).toEqual([`A ${word} crossing at night`, `A ${word} on a lawn in the rain`]);
    expect(all.cache).toContain('max-age=60');
    const both = searchResponseSchema.parse((await search(`${word} rai`)).body);
    expect(both.images.map((i) => i.prompt)).toEqual([`A ${word} on a lawn in the rain`]);
  });

  it('refuses a missing, too short or too long query with 400 and the field', async () => {
    for (const path of ['/api/gallery/search', '/api/gallery/search?q=a', `/api/gallery/search?q=${'x'.repeat(101)}`]) {
      const res = await app.api(path);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: { code: string; fields?: Record<string, string> } };
      expect(body.error.fields).toHaveProperty('q');
    }
  });
});
