/**
 * Load (issue 10, issue 31 item 6): autocannon on loopback, 20 connections for 15 s each (after a
 * 4 s warm-up of every route, so no route pays for its function's cold start), against a visitor's gallery list of 24 pictures (each answered with presigned urls of its private objects),
 * a category list of 24 pictures (public urls, nothing signed) and a job's status; then a 100-request
 * generate burst against a queue cap of 20. The local runtime with every plugin but the seed (both
 * lists are written here with BatchWrite, so they hold the same 24 records and nothing draws in the
 * background). Prints req/s, p50, p95, p99 and error counts, and the two lists' p50 ratio: figures,
 * not assertions.
 */
import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import autocannon from 'autocannon';
import { keys, listSortKey } from '../lambdas/adapters/images-table';
import { startLocalApp } from '../local/app';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../local/names';
import { PLUGINS } from '../local/plugins';
import { galleryImage } from '../test/fixtures/gallery-images';

const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 20);
const DURATION_S = Number(process.env.LOAD_SECONDS ?? 15);
/** Unmeasured seconds per route before any is measured. */
const WARM_UP_S = 4;
const PICTURES = 24;
const CATEGORY = 'Nature';
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

/** 24 pictures in one visitor's list and 24 in one category (operator's), the records the routes read. */
async function seedLists(env: Record<string, string>, user: string): Promise<void> {
  const table = env.IMAGES_TABLE ?? '';
  const ddb = DynamoDBDocumentClient.from(
    new DynamoDBClient({ region: LOCAL_REGION, endpoint: env.DYNAMODB_ENDPOINT, credentials: LOCAL_CREDENTIALS }),
  );
  const items: Record<string, unknown>[] = [];
  for (let i = 0; i < PICTURES; i++) {
    const createdAt = new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
    const prompt = `A load bench picture number ${i} with a long enough prompt to be realistic`;
    const mine = { ...galleryImage(`load-user-${i}`, { prompt, createdAt, seed: i }), modelVersion: '1.0', steps: 4 };
    items.push({ ...keys.image(mine.id), ...mine, owner: 'user', userId: user, gsi1pk: `owner#user#${user}`, gsi1sk: listSortKey(mine) });
    const theirs = { ...galleryImage(`load-cat-${i}`, { prompt, createdAt, seed: i, category: CATEGORY }), modelVersion: '1.0', steps: 4 };
    items.push({ ...keys.image(theirs.id), ...theirs, owner: 'admin', gsi2pk: `cat#${CATEGORY}`, gsi2sk: listSortKey(theirs) });
  }
  for (let i = 0; i < items.length; i += 25) {
    await ddb.send(new BatchWriteCommand({ RequestItems: { [table]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }));
  }
  ddb.destroy();
}

export async function run(): Promise<void> {
  const app = await startLocalApp({
    port: 0,
    dataDir: null,
    plugins: PLUGINS.filter((p) => p.name !== 'seed'),
    env: { GEN_QUEUE_CAP: String(CAP), GEN_USER_HOURLY: '0', GEN_IP_HOURLY: '0', PREVIEW_STEP_DELAY_MS: '20', LOG_LEVEL: 'ERROR' },
  });
  try {
    const post = (body: unknown) =>
      fetch(`${app.url}/api/generate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const job = () => ({ prompt: 'A quiet harbour at dawn', aspectRatio: '4:3', userId: randomUUID(), requestId: `req-${randomUUID()}` });
    const user = randomUUID();
    await seedLists(app.env, user);
    const first = (await (await post(job())).json()) as { jobId: string };
    const routes: [string, string][] = [
      [`GET /api/gallery/list (visitor, ${PICTURES})`, `${app.url}/api/gallery/list?userId=${user}&take=${PICTURES}`],
      [`GET /api/gallery/category/all (${PICTURES})`, `${app.url}/api/gallery/category/all?category=${CATEGORY}`],
      ['GET /api/generate/{jobId}', `${app.url}/api/generate/${first.jobId}`],
    ];
    // Every route warmed first (its function's cold start, the JIT), or the first measured pays for it.
    for (const [, url] of routes) {
      const res = await fetch(url);
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      await autocannon({ url, connections: CONNECTIONS, duration: WARM_UP_S });
    }
    const rows = [];
    for (const [name, url] of routes) rows.push(await load(name, url));
    console.info(`autocannon: ${CONNECTIONS} connections x ${DURATION_S} s per route, loopback`);
    console.table(rows);
    const [list, category] = rows.map((r) => Number(r['p50 ms']));
    console.info(`visitor list p50 / category list p50: ${((list ?? 0) / (category || 1)).toFixed(2)}x (aim <= 3x)`);

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
