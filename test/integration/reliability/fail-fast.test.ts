import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../local/ports';
import { errorOf, type FormsTestApp, startFormsApp, validContact } from '../forms/support';

/**
 * A store that is stalled (accepts connections, never answers: DynamoDB Local under SIGSTOP) or
 * dead (nothing listens) costs a request a few seconds and ends in 503 storage_unavailable with
 * Retry-After, never a 500 and never a hang to the route's deadline.
 */
async function stalledServer(): Promise<{ server: Server; url: string; close(): void }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const close = () => {
    for (const s of sockets) s.destroy();
    server.close();
  };
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close };
}

// Short timeouts keep the test quick; the defaults (1 s connect, 2.5 s silence, 2 tries) behave alike, slower.
const FAST = { AWS_REQUEST_TIMEOUT_MS: '600', AWS_CONNECT_TIMEOUT_MS: '300', AWS_MAX_ATTEMPTS: '2' };

describe('fail fast when DynamoDB is stalled', () => {
  let app: FormsTestApp;
  let stalled: Awaited<ReturnType<typeof stalledServer>>;
  beforeAll(async () => {
    stalled = await stalledServer();
    app = await startFormsApp({ ...FAST, DYNAMODB_ENDPOINT: stalled.url });
  });
  afterAll(async () => {
    await app?.close();
    stalled.close();
  });

  it('answers the contact form 503 storage_unavailable with Retry-After within a few seconds', async () => {
    const started = performance.now();
    const res = await app.postJson('/api/contact', validContact);
    const ms = performance.now() - started;
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect((await errorOf(res)).code).toBe('storage_unavailable');
    expect(ms).toBeLessThan(5000);
  });

  it('health names DynamoDB as the dependency that is down', async () => {
    const res = await app.api('/api/health');
    expect(res.status).toBe(503);
    const body = (await res.json()) as { dependencies: Record<string, { ok: boolean }> };
    expect(body.dependencies.dynamodb?.ok).toBe(false);
    expect(body.dependencies.s3?.ok).toBe(true);
  });
});

describe('health within its deadline when DynamoDB is stalled and one request may wait 5 s (npm start)', () => {
  let app: FormsTestApp;
  let stalled: Awaited<ReturnType<typeof stalledServer>>;
  beforeAll(async () => {
    stalled = await stalledServer();
    // npm start's own settings: 5 s of silence per request, one try (local/app.ts). Two probe tries
    // of 5 s once took /api/health past its 10 s deadline, answered without `dependencies` (issue 23).
    app = await startFormsApp({ AWS_REQUEST_TIMEOUT_MS: '5000', AWS_MAX_ATTEMPTS: '1', DYNAMODB_ENDPOINT: stalled.url });
  });
  afterAll(async () => {
    await app?.close();
    stalled.close();
  });

  it('answers 503 with every dependency, DynamoDB marked timeout, in about 3 s', async () => {
    const started = performance.now();
    const res = await app.api('/api/health');
    const ms = performance.now() - started;
    expect(res.status).toBe(503);
    const body = (await res.json()) as { ok: boolean; dependencies: Record<string, { ok: boolean; state: string }> };
    expect(body.ok).toBe(false);
    expect(body.dependencies.dynamodb).toMatchObject({ ok: false, state: 'timeout' });
    expect(body.dependencies.s3).toMatchObject({ ok: true, state: 'up' });
    expect(ms).toBeLessThan(4500);
  });
});

describe('fail fast when DynamoDB is dead', () => {
  let app: FormsTestApp;
  beforeAll(async () => {
    app = await startFormsApp({ ...FAST, DYNAMODB_ENDPOINT: `http://127.0.0.1:${await freePort()}` });
  });
  afterAll(async () => app?.close());

  it('answers 503 storage_unavailable for the forms and the gallery, not 500', async () => {
    for (const res of [
      await app.postJson('/api/contact', validContact),
      await app.postJson('/api/newsletter/subscribe', { email: 'x@example.com' }),
      await app.api('/api/gallery/list?userId=6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b'),
    ]) {
      expect(res.status).toBe(503);
      expect((await errorOf(res)).code).toBe('storage_unavailable');
    }
  });
});
