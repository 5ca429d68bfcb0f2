import type { AddressInfo } from 'node:net';
import { createServer, type Socket } from 'node:net';
import { S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeImage } from '../../../lambdas/services/image-store';
import { createLocalServer } from '../../../local/http-server';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../../local/names';
import { newImage } from '../../fixtures/images';
import { startTestApp, type TestApp } from '../../support/local-app';

/**
 * The local /files proxy (CloudFront → S3 in AWS) in front of s3rver (issue 30): a name longer than
 * any stored key is the client's error, not s3rver's 500; a store that does not answer costs a
 * request 5 s, then 503 with Retry-After, never a hang.
 */
describe('the local /files proxy', () => {
  let app: TestApp;
  let stored = '';
  beforeAll(async () => {
    app = await startTestApp();
    // An operator's picture: files/images/ and files/thumbs/ exist, as on any seeded site. s3rver keeps
    // a key as a file path; past the file system's 255-byte name it failed with 500 (ENAMETOOLONG).
    stored = (await storeImage(await newImage({ category: 'Space' }))).url;
  });
  afterAll(async () => app?.stop());

  it('answers a name over 200 characters with 400, not 500, and 200 characters still reach the store (404)', async () => {
    expect((await app.api(stored)).status).toBe(200);
    for (const name of [`images/${'a'.repeat(250)}.png`, `images/${'a'.repeat(201)}.png`, 'b'.repeat(300), 'é'.repeat(201)]) {
      const res = await app.api(`/files/${encodeURIComponent(name).replace(/%2F/g, '/')}`);
      expect(res.status, name).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('name_too_long');
    }
    expect((await app.api(`/files/images/${'c'.repeat(189)}.png`)).status).toBe(404);
  });
});

describe('the local /files proxy when s3rver does not answer', () => {
  const sockets = new Set<Socket>();
  // Accepts connections and never answers, as s3rver under SIGSTOP.
  const stalled = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
  });
  let s3: S3Client;
  let server: ReturnType<typeof createLocalServer>;
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
    s3 = new S3Client({
      region: LOCAL_REGION,
      endpoint: `http://127.0.0.1:${(stalled.address() as AddressInfo).port}`,
      forcePathStyle: true,
      credentials: LOCAL_CREDENTIALS,
    });
    server = createLocalServer({
      routes: [],
      functionFor: () => Promise.reject(new Error('no functions')) as never,
      s3,
      imagesBucket: 'images',
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    stalled.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    s3.destroy();
  });

  it('answers 503 with Retry-After after its 5 s deadline', { timeout: 20_000 }, async () => {
    const started = performance.now();
    const res = await fetch(`${url}/files/images/a.png`, { signal: AbortSignal.timeout(15_000) });
    const ms = performance.now() - started;
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('storage_unavailable');
    expect(ms).toBeGreaterThanOrEqual(4_900);
    expect(ms).toBeLessThan(8_000);
  });
});
