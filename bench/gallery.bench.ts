/**
 * Gallery benchmark: 10,000 images in one visitor's list, one category of 2,000 and 5,000 featured
 * (the 2,000 category images plus 3,000 more), bulk-loaded with BatchWrite (not through sharp, so
 * setup stays well under a minute). Each query runs through the local HTTP adapter (real handler,
 * genuine API Gateway events) and directly with the SDK; the ratio shows the adapter + handler cost.
 */
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { BatchGetCommand, BatchWriteCommand, DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { keys, listSortKey, PUBLIC_ATTRIBUTES } from '../lambdas/adapters/images-table';
import { samplePositions } from '../lambdas/services/gallery';
import { startLocalApp } from '../local/app';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../local/names';
import { galleryImage } from '../test/fixtures/gallery-images';

const USER = randomUUID();
const SIZES = { user: 10_000, category: 2_000, featured: 5_000 };
const CATEGORY = 'Nature';

function record(i: number, kind: 'user' | 'category' | 'featured') {
  const id = `${kind}-${String(i).padStart(6, '0')}`;
  const createdAt = new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
  return {
    ...galleryImage(id, {
      prompt: `A benchmark picture of a ${kind} scene number ${i} with a long enough prompt to be realistic`,
      createdAt,
      category: kind === 'category' ? CATEGORY : 'default',
      seed: i,
    }),
    modelVersion: '1.0',
    steps: 4,
    owner: kind === 'user' ? 'user' : 'admin',
    ...(kind === 'user' ? { userId: USER } : {}),
  };
}

function items(): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < SIZES.user; i++) {
    const r = record(i, 'user');
    out.push({ ...keys.image(r.id), ...r, gsi1pk: `owner#user#${USER}`, gsi1sk: listSortKey(r) });
  }
  for (let i = 0; i < SIZES.featured; i++) {
    const r = { ...record(i, i < SIZES.category ? 'category' : 'featured'), featuredSeq: i };
    const inCategory = i < SIZES.category;
    out.push({
      ...keys.image(r.id),
      ...r,
      gsi1pk: 'owner#admin',
      gsi1sk: listSortKey(r),
      ...(inCategory ? { gsi2pk: `cat#${CATEGORY}`, gsi2sk: listSortKey(r) } : {}),
    });
    out.push({ ...keys.slot(i), ...r });
  }
  out.push({ ...keys.featuredCounter, count: SIZES.featured });
  out.push({ ...keys.category(CATEGORY), count: SIZES.category, lastUpdated: new Date().toISOString() });
  return out;
}

async function load(ddb: DynamoDBDocumentClient, table: string): Promise<void> {
  const all = items();
  const batches: Record<string, unknown>[][] = [];
  for (let i = 0; i < all.length; i += 25) batches.push(all.slice(i, i + 25));
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      let pending = (batches[next++] ?? []).map((Item) => ({ PutRequest: { Item } }));
      while (pending.length) {
        const out = await ddb.send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
        pending = (out.UnprocessedItems?.[table] ?? []) as typeof pending;
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}

async function measure(n: number, fn: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < Math.min(5, n); i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95) };
}

async function expectOk(res: Response, status = 200): Promise<void> {
  if (res.status !== status) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
}

function gzipSize(url: string): Promise<{ raw: number; gzip: number }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
      });
      res.on('end', () => resolve({ raw: 0, gzip: size }));
    })
      .on('error', reject)
      .end();
  });
}

export async function run(): Promise<void> {
  const started = performance.now();
  const app = await startLocalApp({ port: 0, dataDir: null, plugins: [], prefix: 'bench' });
  const env = app.env;
  const table = env.IMAGES_TABLE ?? '';
  const bucket = env.IMAGES_BUCKET ?? '';
  const ddb = DynamoDBDocumentClient.from(
    new DynamoDBClient({ region: LOCAL_REGION, endpoint: env.DYNAMODB_ENDPOINT, credentials: LOCAL_CREDENTIALS }),
  );
  const s3 = new S3Client({ region: LOCAL_REGION, endpoint: env.S3_ENDPOINT, forcePathStyle: true, credentials: LOCAL_CREDENTIALS });
  try {
    await load(ddb, table);
    await s3.send(
      new PutObjectCommand({ Bucket: bucket, Key: 'private/images/user-000001.png', Body: Buffer.from('png'), ContentType: 'image/png' }),
    );
    console.info(
      `setup: local stack + ${SIZES.user + 2 * SIZES.featured + 2} items in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const N = 200;
    const projection = {
      ProjectionExpression: PUBLIC_ATTRIBUTES.map((_, i) => `#p${i}`).join(', '),
      ExpressionAttributeNames: Object.fromEntries(PUBLIC_ATTRIBUTES.map((a, i) => [`#p${i}`, a])),
    };
    const queryPage = (index: string, pk: string, limit?: number, start?: Record<string, unknown>) =>
      ddb.send(
        new QueryCommand({
          TableName: table,
          IndexName: index,
          KeyConditionExpression: '#pk = :pk',
          ScanIndexForward: false,
          ...projection,
          ExpressionAttributeNames: { ...projection.ExpressionAttributeNames, '#pk': `${index}pk` },
          ExpressionAttributeValues: { ':pk': pk },
          Limit: limit,
          ExclusiveStartKey: start,
        }),
      );

    const cases: { name: string; n: number; http: () => Promise<unknown>; sdk: () => Promise<unknown> }[] = [
      {
        name: 'list (10k user, take 25)',
        n: N,
        http: async () => expectOk(await fetch(`${app.url}/api/gallery/list?model=flux_schnell&userId=${USER}&skip=0&take=25`)),
        sdk: () => queryPage('gsi1', `owner#user#${USER}`, 25),
      },
      {
        name: 'admin/random (5k, take 25)',
        n: N,
        http: async () => expectOk(await fetch(`${app.url}/api/gallery/admin/random?model=flux_schnell&skip=0&take=25`)),
        sdk: async () => {
          const count = (await ddb.send(new GetCommand({ TableName: table, Key: keys.featuredCounter }))).Item?.count as number;
          await ddb.send(
            new BatchGetCommand({ RequestItems: { [table]: { Keys: samplePositions(count, 25).map(keys.slot), ...projection } } }),
          );
        },
      },
      {
        name: 'category/all (2,000)',
        n: 40,
        http: async () => expectOk(await fetch(`${app.url}/api/gallery/category/all?model=flux_schnell&category=${CATEGORY}&user=admin`)),
        sdk: async () => {
          let start: Record<string, unknown> | undefined;
          do start = (await queryPage('gsi2', `cat#${CATEGORY}`, undefined, start)).LastEvaluatedKey;
          while (start);
        },
      },
      {
        name: 'download redirect',
        n: N,
        http: async () =>
          // A visitor's picture, not shared: its author's download (lambdas/services/download.ts).
          expectOk(
            await fetch(`${app.url}/api/download?path=%2Ffiles%2Fimages%2Fuser-000001.png&userId=${USER}`, { redirect: 'manual' }),
            302,
          ),
        sdk: async () => {
          await ddb.send(new GetCommand({ TableName: table, Key: keys.image('user-000001') }));
          await getSignedUrl(
            s3,
            new GetObjectCommand({
              Bucket: bucket,
              Key: 'private/images/user-000001.png',
              ResponseContentDisposition: 'attachment; filename="x.png"',
            }),
            { expiresIn: 300 },
          );
        },
      },
      {
        name: 'list deep page (skip 5,000)',
        n: 40,
        http: async () => expectOk(await fetch(`${app.url}/api/gallery/list?userId=${USER}&skip=5000&take=25`)),
        sdk: async () => {
          let skipped = 0;
          let start: Record<string, unknown> | undefined;
          while (skipped < 5000) {
            const out = await ddb.send(
              new QueryCommand({
                TableName: table,
                IndexName: 'gsi1',
                KeyConditionExpression: 'gsi1pk = :pk',
                ExpressionAttributeValues: { ':pk': `owner#user#${USER}` },
                ScanIndexForward: false,
                ProjectionExpression: 'gsi1pk',
                Limit: 5000 - skipped,
                ExclusiveStartKey: start,
              }),
            );
            skipped += out.Count ?? 0;
            start = out.LastEvaluatedKey;
          }
          await queryPage('gsi1', `owner#user#${USER}`, 25, start);
        },
      },
    ];

    const rows: Record<string, string>[] = [];
    for (const c of cases) {
      const http = await measure(c.n, c.http);
      const sdk = await measure(c.n, c.sdk);
      rows.push({
        query: c.name,
        runs: String(c.n),
        'http p50 ms': http.p50.toFixed(1),
        'http p95 ms': http.p95.toFixed(1),
        'sdk p50 ms': sdk.p50.toFixed(1),
        'sdk p95 ms': sdk.p95.toFixed(1),
        'http/sdk p50': (http.p50 / sdk.p50).toFixed(2),
      });
    }
    const columns = Object.keys(rows[0] ?? {});
    console.info(`| ${columns.join(' | ')} |`);
    console.info(`|${columns.map(() => '---').join('|')}|`);
    for (const row of rows) console.info(`| ${columns.map((c) => row[c]).join(' | ')} |`);
    const categoryUrl = `${app.url}/api/gallery/category/all?model=flux_schnell&category=${CATEGORY}&user=admin`;
    const plain = (await (await fetch(categoryUrl, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer()).byteLength;
    const { gzip } = await gzipSize(categoryUrl);
    console.info(`category/all (2,000 images): ${(plain / 1024).toFixed(0)} kB JSON, ${(gzip / 1024).toFixed(0)} kB gzip`);
  } finally {
    ddb.destroy();
    s3.destroy();
    await app.stop();
  }
}
