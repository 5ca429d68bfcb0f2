/**
 * Load (issue 10): autocannon on loopback, 50 connections for 30 s each, against the gallery list,
 * a category list and a job's status; then a 100-request generate burst against a queue cap of 20.
 * The local runtime with every plugin (the seeded gallery, the preview renderer). Prints p50, p95,
 * p99 and error counts: figures, not assertions.
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { startLocalApp } from '../local/app';

const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.LOAD_SECONDS ?? 30);
const BURST = 100;
const CAP = 20;

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function load(name: string, url: string) {
  const latencies: number[] = [];
  const instance = autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => latencies.push(ms));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    route: name,
    requests: result.requests.total,
    'req/s': Math.round(result.requests.average),
    'p50 ms': pct(latencies, 50).toFixed(1),
    'p95 ms': pct(latencies, 95).toFixed(1),
    'p99 ms': pct(latencies, 99).toFixed(1),
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

export async function run(): Promise<void> {
  const app = await startLocalApp({
    port: 0,
    dataDir: null,
    env: { GEN_QUEUE_CAP: String(CAP), GEN_USER_HOURLY: '0', GEN_IP_HOURLY: '0', PREVIEW_STEP_DELAY_MS: '20', LOG_LEVEL: 'ERROR' },
  });
  try {
    const post = (body: unknown) =>
      fetch(`${app.url}/api/generate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const job = () => ({ prompt: 'A quiet harbour at dawn', aspectRatio: '4:3', userId: randomUUID(), requestId: `req-${randomUUID()}` });
    const first = (await (await post(job())).json()) as { jobId: string };
    const rows = [
      await load('GET /api/gallery/list', `${app.url}/api/gallery/list?userId=${randomUUID()}&take=24`),
      await load('GET /api/gallery/category/all', `${app.url}/api/gallery/category/all?category=Nature`),
      await load('GET /api/generate/{jobId}', `${app.url}/api/generate/${first.jobId}`),
    ];
    console.info(`autocannon: ${CONNECTIONS} connections x ${DURATION_S} s per route, loopback`);
    console.table(rows);

    // Generate burst: 100 visitors at once against the cap.
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: BURST }, () => post(job())));
    const burstMs = performance.now() - started;
    const admitted: string[] = [];
    const counts: Record<number, number> = {};
    for (const res of answers) {
      counts[res.status] = (counts[res.status] ?? 0) + 1;
      const body = (await res.json()) as { jobId?: string };
      if (res.status === 202 && body.jobId) admitted.push(body.jobId);
    }
    const finishStarted = performance.now();
    const deadline = Date.now() + 180_000;
    const ended = new Map<string, string>();
    while (ended.size < admitted.length && Date.now() < deadline) {
      for (const id of admitted.filter((i) => !ended.has(i))) {
        const s = (await (await fetch(`${app.url}/api/generate/${id}`)).json()) as { status: string };
        if (['done', 'failed', 'cancelled'].includes(s.status)) ended.set(id, s.status);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    const done = [...ended.values()].filter((s) => s === 'done').length;
    console.table([
      {
        burst: BURST,
        cap: CAP,
        'answers by status': JSON.stringify(counts),
        admitted: admitted.length,
        'burst ms': Math.round(burstMs),
        'admitted done': done,
        'all admitted ended in s': ((performance.now() - finishStarted) / 1000).toFixed(1),
        errors: answers.filter((r) => r.status >= 500 && r.status !== 503).length,
      },
    ]);
  } finally {
    await app.stop();
  }
}
