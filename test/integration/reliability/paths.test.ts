import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/local-app';

/** Raw request (no client-side URL normalisation), as a hostile client sends it. */
function rawGet(app: TestApp, path: string, method = 'GET'): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: app.port, path, method }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const MALFORMED = [
  '%%',
  '%',
  '%2',
  '%G0',
  '%zz',
  '%E0%A4',
  '%C3',
  '%ED%A0%80',
  '%FF',
  '%C0%AF',
  'a%',
  'abc%2',
  '%%41',
  '%E2%82',
  '%F0%9F%98',
];

describe('malformed paths locally', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => app?.stop());

  it.each(MALFORMED)('GET and DELETE /api/generate/%s answer 400 JSON, not 500', async (segment) => {
    for (const method of ['GET', 'DELETE']) {
      const res = await rawGet(app, `/api/generate/${segment}`, method);
      expect(res.status).toBe(400);
      expect(res.type).toMatch(/application\/json/);
      expect(JSON.parse(res.body).error.code).toBe('bad_path');
    }
  });

  it('a malformed file path and an overlong segment answer 400 JSON', async () => {
    expect((await rawGet(app, '/files/images/%E0%A4.png')).status).toBe(400);
    const long = await rawGet(app, `/api/generate/${'a'.repeat(2000)}`);
    expect(long.status).toBe(400);
    expect(JSON.parse(long.body).error.code).toBe('bad_path');
  });

  it.each(['/files/%00', '/files/images/a%00.png', '/files/images/%E2%80%AE.png', '/files/thumbs/%0a.webp'])(
    '%s (a control or bidi character) answers 400 JSON, not 500',
    async (path) => {
      const res = await rawGet(app, path);
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body).error.code).toBe('bad_path');
    },
  );

  it('a well-formed escape still reaches the handler (its own validation answers)', async () => {
    const res = await rawGet(app, '/api/generate/abc%20def');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).error.code).toBe('validation_failed');
  });
});
