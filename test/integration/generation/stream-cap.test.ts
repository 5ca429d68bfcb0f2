import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJob } from '../../../lambdas/adapters/job-admission';
import { startTestApp, type TestApp } from '../../support/local-app';

/**
 * The cap on live streams (GET /api/generate/{jobId}/events): a few per job and per network, counted
 * in the counters table, given back when a stream closes. Each network is a loopback address.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { STREAMS_PER_JOB: '2', STREAMS_PER_NETWORK: '3' } });
});
afterAll(async () => app?.stop());

const RUN = 1 + Math.floor(Math.random() * 250);

/** A job that stays queued (no execution): its stream stays open until the client goes. */
async function queuedJob(): Promise<string> {
  const jobId = randomUUID();
  const at = new Date().toISOString();
  const job = { jobId, userId: randomUUID(), requestId: `req-${jobId}`, prompt: 'A kite', aspectRatio: '4:3', width: 1024, height: 768 };
  await createJob({ ...job, status: 'queued', percent: 0, message: '', createdAt: at, updatedAt: at }, undefined, {
    queueCap: 1000,
    counts: [],
  });
  return jobId;
}

interface OpenStream {
  status: number;
  close: () => Promise<void>;
}

/** Opens a stream from `fromIp`; resolves with its status once the head (or a JSON answer) arrived. */
function openStream(jobId: string, fromIp: string): Promise<OpenStream> {
  const url = new URL(`/api/generate/${jobId}/events`, app.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: url.port, path: url.pathname, localAddress: fromIp }, (res) => {
      res.resume();
      const closed = new Promise<void>((done) => res.once('close', () => done()));
      resolve({
        status: res.statusCode ?? 0,
        close: async () => {
          req.destroy();
          await closed;
        },
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** A freed slot is freed by the function's finally after it sees the close: poll briefly for it. */
async function eventually(open: () => Promise<OpenStream>, status: number): Promise<OpenStream> {
  for (let i = 0; i < 50; i++) {
    const s = await open();
    if (s.status === status) return s;
    await s.close();
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`never ${status}`);
}

describe('live stream cap', () => {
  it('answers the third stream on one job 429, and opens one again once a stream closed', async () => {
    const jobId = await queuedJob();
    const first = await openStream(jobId, `127.${RUN}.1.1`);
    const second = await openStream(jobId, `127.${RUN}.1.2`);
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await openStream(jobId, `127.${RUN}.1.3`);
    expect(third.status).toBe(429);
    await first.close();
    const again = await eventually(() => openStream(jobId, `127.${RUN}.1.3`), 200);
    await Promise.all([second.close(), third.close(), again.close()]);
  });

  it('answers the fourth stream from one network 429, whatever the jobs', async () => {
    const ip = `127.${RUN}.2.1`;
    const streams = [];
    for (let i = 0; i < 3; i++) streams.push(await openStream(await queuedJob(), ip));
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200]);
    const fourth = await openStream(await queuedJob(), ip);
    expect(fourth.status).toBe(429);
    expect((await openStream(await queuedJob(), `127.${RUN}.2.2`)).status).toBe(200);
    await Promise.all([...streams, fourth].map((s) => s.close()));
  });
});
