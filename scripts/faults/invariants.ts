/**
 * The fault run's verdict: once the last restart is up, read the stores directly and check what must
 * hold after every fault (nothing stuck, nothing lost, nothing doubled, nobody locked out).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../local/names';
import { type Answer, type ApiClient, newJob, type Runtime, TERMINAL } from './runtime';

/** The stated bound: every job terminal within this long after the runtime is back. */
export const TERMINAL_WITHIN_MS = 60_000;
/** A store that is down must be answered within this long. */
export const FAIL_FAST_MS = 7_000;

export interface Invariant {
  invariant: string;
  ok: boolean;
  detail: string;
}

/** What the faults left behind for the check. */
export interface FaultRecord {
  jobs: { jobId: string; userId: string }[];
  /** Markers of the contact messages retried across the outage. */
  markers: string[];
  /** Answers given while a store was down: each must be a 503 within FAIL_FAST_MS. */
  downAnswers: { what: string; status: number; ms: number }[];
  /** /api/health while DynamoDB was paused: `dynamodb` is the state it reported (undefined: not reported). */
  healthAnswers: { status: number; ms: number; dynamodb?: string }[];
}

/** Every invariant, in order; a check that throws ends the list with a failed 'invariant check ran'. */
export async function checkInvariants(
  rt: Runtime,
  api: ApiClient,
  { jobs, markers, downAnswers, healthAnswers }: FaultRecord,
): Promise<Invariant[]> {
  const invariants: Invariant[] = [];
  try {
    invariants.push({
      invariant: `a store that is down: 503 within ${FAIL_FAST_MS / 1000} s`,
      ok: downAnswers.length === 4 && downAnswers.every((a) => a.status === 503 && a.ms < FAIL_FAST_MS),
      detail: downAnswers.map((a) => `${a.what} ${a.status} ${a.ms} ms`).join('; '),
    });
    invariants.push({
      invariant: `health names a paused store: 503 within ${FAIL_FAST_MS / 1000} s`,
      ok: healthAnswers.length === 1 && healthAnswers.every((h) => h.status === 503 && h.ms < FAIL_FAST_MS && h.dynamodb === 'timeout'),
      detail: healthAnswers.map((h) => `${h.status} in ${h.ms} ms, dynamodb ${h.dynamodb ?? 'not reported'}`).join('; ') || 'not asked',
    });
    const all = await api.waitTerminal(
      jobs.map((j) => j.jobId),
      TERMINAL_WITHIN_MS,
    );
    invariants.push({
      invariant: `every job terminal within ${TERMINAL_WITHIN_MS / 1000} s`,
      ok: all.open.length === 0,
      detail: `${jobs.length} jobs: ${JSON.stringify(all.statuses)} in ${all.ms} ms`,
    });

    const ddb = DynamoDBDocumentClient.from(
      new DynamoDBClient({ region: LOCAL_REGION, endpoint: rt.dynamoEndpoint, credentials: LOCAL_CREDENTIALS }),
    );
    const s3 = new S3Client({ region: LOCAL_REGION, endpoint: rt.s3Endpoint, forcePathStyle: true, credentials: LOCAL_CREDENTIALS });
    const scan = async (table: string) => {
      const items: Record<string, unknown>[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const out = await ddb.send(new ScanCommand({ TableName: table, ExclusiveStartKey: start }));
        items.push(...(out.Items ?? []));
        start = out.LastEvaluatedKey;
      } while (start);
      return items;
    };
    const listKeys = async (prefix: string) => {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const out = await s3.send(new ListObjectsV2Command({ Bucket: 'artloom-images', Prefix: prefix, ContinuationToken: token }));
        keys.push(...(out.Contents ?? []).map((o) => o.Key ?? ''));
        token = out.IsTruncated ? out.NextContinuationToken : undefined;
      } while (token);
      return keys;
    };

    const images = (await scan('artloom-images')).filter((i) => String(i.pk).startsWith('img#'));
    const missing: string[] = [];
    for (const image of images) {
      // A visitor's picture is stored under private/ (lambdas/services/private-images.ts), an operator's under files/.
      const prefix = image.owner === 'user' ? 'private' : 'files';
      for (const key of [`${prefix}/images/${image.id}.png`, `${prefix}/thumbs/${image.id}.webp`]) {
        await s3.send(new HeadObjectCommand({ Bucket: 'artloom-images', Key: key })).catch(() => missing.push(key));
      }
    }
    invariants.push({
      invariant: "every image record's objects present",
      ok: missing.length === 0,
      detail: `${images.length} records, ${missing.length} missing`,
    });

    const ids = new Set(images.map((i) => String(i.id)));
    const prefixes = ['files/images/', 'files/thumbs/', 'private/images/', 'private/thumbs/'];
    const objects = (await Promise.all(prefixes.map(listKeys))).flat();
    const orphans = objects.filter(
      (k) => !ids.has(k.replace(/^(files|private)\/(images|thumbs)\/(\d+\/)?/, '').replace(/\.(png|webp)$/, '')),
    );
    const jobItems = (await scan('artloom-jobs')).filter((i) => String(i.pk).startsWith('job#'));
    const staging = (await listKeys('staging/')).filter((k) => {
      const job = jobItems.find((j) => `staging/${j.jobId}.png` === k);
      return !job || TERMINAL.has(String(job.status));
    });
    invariants.push({
      invariant: 'no orphan objects',
      ok: orphans.length === 0 && staging.length <= 0,
      detail: `${objects.length} image objects, ${orphans.length} without a record${orphans.length ? ` (${orphans.slice(0, 3).join(', ')})` : ''}; ${staging.length} staging objects of ended jobs`,
    });

    const messages = (await scan('artloom-messages')).filter((m) => m.type === 'contact');
    const perMarker = markers.map((mk) => messages.filter((m) => String((m.fields as { message?: string })?.message).includes(mk)).length);
    const perRequest = new Map<string, number>();
    for (const j of jobItems) perRequest.set(`${j.userId}#${j.requestId}`, (perRequest.get(`${j.userId}#${j.requestId}`) ?? 0) + 1);
    const dupJobs = [...perRequest.values()].filter((n) => n > 1).length;
    invariants.push({
      invariant: 'no duplicate records',
      ok: perMarker.every((n) => n <= 1) && dupJobs === 0,
      detail: `contact retried across the outage stored ${perMarker.join(', ')} time(s); ${dupJobs} requestIds with two jobs`,
    });

    const locks = (await scan('artloom-jobs')).filter((i) => String(i.pk).startsWith('inflight#'));
    const staleLocks = locks.filter((l) => {
      const job = jobItems.find((j) => j.jobId === l.jobId);
      return !job || TERMINAL.has(String(job.status));
    });
    const slots = Number((await scan('artloom-jobs')).find((i) => i.pk === 'queue')?.count ?? 0);
    const first = jobs[0];
    const again: Answer = first ? await api.post('/api/generate', newJob(first.userId)) : { status: 0, ms: 0, json: {} };
    const againEnd = again.status === 202 ? await api.waitTerminal([String(again.json.jobId)], TERMINAL_WITHIN_MS) : undefined;
    invariants.push({
      invariant: 'no visitor locked out',
      ok: staleLocks.length === 0 && slots === 0 && again.status === 202 && againEnd?.open.length === 0,
      detail: `${staleLocks.length} locks of ended jobs, queue slots taken ${slots}; a crashed job's owner posts again: ${again.status}, ${JSON.stringify(againEnd?.statuses ?? {})}`,
    });
    ddb.destroy();
    s3.destroy();
  } catch (err) {
    invariants.push({ invariant: 'invariant check ran', ok: false, detail: (err as Error).message });
  }
  return invariants;
}
