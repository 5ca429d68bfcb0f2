import { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { JobStatus } from '../../shared/schemas/generation';
import { config } from '../lib/config';
import { AGAIN, retry } from '../lib/retry';
import { dynamo } from './aws-clients';
import { incrementUpdate, type WindowCount } from './counters-table';
import { cancellationCodes, isConditionFailed } from './dynamo-errors';

/**
 * The jobs table (generic keys). Item shapes:
 * - job          pk `job#<id>`            sk `job`    gsi1 `user#<userId>` / createdAt (a visitor's jobs),
 *                gsi2 `active` / `<createdAt>#<id>` while queued/starting (queue position),
 *                then `running` / same while generating/saving; none once ended (the reconciler's list)
 * - queue slots  pk `queue`                sk `slots`  count of queued/starting jobs: the queue cap, decided
 *                in the job's creating transaction and given back when the job leaves the queue
 * - request key  pk `req#<userId>#<requestId>` sk `req`  → jobId (same requestId twice = one job)
 * - in-flight    pk `inflight#<userId>`   sk `lock`   → jobId (one job per visitor at a time)
 * - duration     pk `stats#<kind>`         sk `<iso>#<jobId>` ms (the ETA's measured history)
 * - worker       pk `worker#<id>`          sk `worker` gsi1 `workers` / lastSeen (warm fleet)
 * Everything carries `expiresAt` (TTL) so nothing outlives its use.
 */
const table = () => config().JOBS_TABLE;
const DAY = 86_400;
const epoch = (ms = Date.now()) => Math.floor(ms / 1000);

export interface JobItem {
  jobId: string;
  userId: string;
  requestId: string;
  prompt: string;
  aspectRatio: string;
  width: number;
  height: number;
  /** Operator jobs only: the category the image is stored in, with user admin. */
  category?: string;
  status: JobStatus;
  percent: number;
  message: string;
  createdAt: string;
  updatedAt: string;
  /** When EnsureCapacity asked for a GPU (cold start), when a worker took it, when it finished. */
  capacityRequestedAt?: string;
  /** When EnsureCapacity gave the job a worker slot (the message went to the queue). */
  dispatchedAt?: string;
  pickedAt?: string;
  finishedAt?: string;
  imageId?: string;
  seed?: number;
  workerId?: string;
  error?: string;
  /** The address the job was asked from (its hourly cap is refunded if the job never runs). */
  sourceIp?: string;
}

const jobKey = (jobId: string) => ({ pk: `job#${jobId}`, sk: 'job' });
const requestKey = (userId: string, requestId: string) => ({ pk: `req#${userId}#${requestId}`, sk: 'req' });
const lockKey = (userId: string) => ({ pk: `inflight#${userId}`, sk: 'lock' });
const queueKey = { pk: 'queue', sk: 'slots' };
const ACTIVE = 'active';
const RUNNING = 'running';

export class JobConflictError extends Error {
  constructor(
    readonly reason: 'duplicate_request' | 'job_in_flight' | 'queue_full' | 'limit_reached',
    readonly jobId: string | undefined,
    /** For `limit_reached`: which of the admission's window counts was full. */
    readonly limitIndex?: number,
  ) {
    super(reason);
  }
}

/** What a job must fit in to be created: the queue cap and the window counts (hourly caps) it consumes. */
export interface Admission {
  queueCap: number;
  counts: WindowCount[];
}

export async function getJob(jobId: string): Promise<JobItem | undefined> {
  const out = await dynamo().send(new GetCommand({ TableName: table(), Key: jobKey(jobId), ConsistentRead: true }));
  return out.Item as JobItem | undefined;
}

export async function getRequestJobId(userId: string, requestId: string): Promise<string | undefined> {
  const out = await dynamo().send(new GetCommand({ TableName: table(), Key: requestKey(userId, requestId), ConsistentRead: true }));
  return out.Item?.jobId as string | undefined;
}

export async function getInFlightJobId(userId: string): Promise<string | undefined> {
  const out = await dynamo().send(new GetCommand({ TableName: table(), Key: lockKey(userId), ConsistentRead: true }));
  return out.Item?.jobId as string | undefined;
}

/**
 * Creates the job, its request key and the visitor's in-flight lock, takes a queue slot and counts
 * the hourly caps, all in one transaction: a burst admits at most the cap, and a refusal costs
 * nothing. A stale lock (its job already ended, or past its TTL) may be replaced: `staleLockJobId` names it.
 */
export async function createJob(job: JobItem, staleLockJobId: string | undefined, admission: Admission): Promise<void> {
  await retryConflicts(() => createJobOnce(job, staleLockJobId, admission));
}

/**
 * Every admission writes the one queue-slot item, so concurrent transactions conflict on it
 * (TransactionConflict); the SDK does not retry those. A few quick tries with jitter, then the
 * conflict goes up as a dependency failure (503).
 */
/** A transaction cancelled only for conflicts with concurrent ones: worth another try, unlike a false condition. */
function onlyConflicts(err: unknown): boolean {
  const codes = cancellationCodes(err);
  return Boolean(codes?.includes('TransactionConflict') && !codes.includes('ConditionalCheckFailed'));
}

async function retryConflicts<T>(run: () => Promise<T>, tries = 6): Promise<T> {
  let last: unknown;
  return retry(
    async () => {
      try {
        return await run();
      } catch (err) {
        if (!onlyConflicts(err)) throw err;
        last = err;
        return AGAIN;
      }
    },
    {
      attempts: tries,
      delayMs: (attempt) => 10 + Math.random() * 40 * attempt,
      exhausted: () => {
        throw Object.assign(last as Error, { name: 'ThrottlingException' });
      },
    },
  );
}

async function createJobOnce(job: JobItem, staleLockJobId: string | undefined, admission: Admission): Promise<void> {
  const ttl = epoch() + 7 * DAY;
  const lockCondition = staleLockJobId
    ? { ConditionExpression: 'attribute_not_exists(pk) OR jobId = :stale', ExpressionAttributeValues: { ':stale': staleLockJobId } }
    : { ConditionExpression: 'attribute_not_exists(pk)' };
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: table(),
              Item: {
                ...jobKey(job.jobId),
                ...job,
                gsi1pk: `user#${job.userId}`,
                gsi1sk: job.createdAt,
                gsi2pk: ACTIVE,
                gsi2sk: `${job.createdAt}#${job.jobId}`,
                expiresAt: ttl,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Put: {
              TableName: table(),
              Item: { ...requestKey(job.userId, job.requestId), jobId: job.jobId, expiresAt: epoch() + DAY },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          // The lock lives at most as long as a job may run; a crashed flow cannot block a visitor for ever.
          {
            Put: {
              TableName: table(),
              Item: { ...lockKey(job.userId), jobId: job.jobId, expiresAt: epoch() + config().GEN_TASK_TIMEOUT_SECONDS + 120 },
              ...lockCondition,
            },
          },
          {
            Update: {
              TableName: table(),
              Key: queueKey,
              UpdateExpression: 'ADD #count :one SET updatedAt = :now',
              ConditionExpression: 'attribute_not_exists(#count) OR #count < :cap',
              ExpressionAttributeNames: { '#count': 'count' },
              ExpressionAttributeValues: { ':one': 1, ':cap': admission.queueCap, ':now': new Date().toISOString() },
            },
          },
          ...admission.counts.map((c) => ({ Update: incrementUpdate(c) })),
        ],
      }),
    );
  } catch (err) {
    const codes = cancellationCodes(err);
    if (!codes) throw err;
    const failed = (i: number) => codes[i] === 'ConditionalCheckFailed';
    if (failed(1)) throw new JobConflictError('duplicate_request', await getRequestJobId(job.userId, job.requestId));
    if (failed(2)) throw new JobConflictError('job_in_flight', await getInFlightJobId(job.userId));
    if (failed(3)) throw new JobConflictError('queue_full', undefined);
    const limit = admission.counts.findIndex((_, i) => failed(4 + i));
    if (limit >= 0) throw new JobConflictError('limit_reached', undefined, limit);
    throw err;
  }
}

/** What a step or the worker may change on a job: the mutable fields of the record. */
export type JobUpdate = Partial<
  Pick<
    JobItem,
    | 'status'
    | 'percent'
    | 'message'
    | 'capacityRequestedAt'
    | 'dispatchedAt'
    | 'pickedAt'
    | 'finishedAt'
    | 'imageId'
    | 'seed'
    | 'workerId'
    | 'error'
  >
>;

/**
 * Updates a job that has not ended yet. Returns false when it has (a cancelled job stays cancelled,
 * a late worker report cannot revive it). Leaving queued/starting gives its queue slot back in the
 * same transaction; running jobs move to the `running` index, ended ones leave the index.
 */
export async function updateJob(jobId: string, update: JobUpdate, opts: { onlyFrom?: JobStatus[] } = {}): Promise<boolean> {
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = { ':done': 'done', ':failed': 'failed', ':cancelled': 'cancelled' };
  const sets = ['updatedAt = :now'];
  values[':now'] = new Date().toISOString();
  for (const [key, value] of Object.entries(update)) {
    if (value === undefined) continue;
    names[`#${key}`] = key;
    values[`:${key}`] = value;
    sets.push(`#${key} = :${key}`);
  }
  const status = update.status;
  const stillActive = status === undefined || status === 'queued' || status === 'starting';
  const ended = status === 'done' || status === 'failed' || status === 'cancelled';
  let condition = 'attribute_exists(pk) AND NOT #status IN (:done, :failed, :cancelled)';
  if (opts.onlyFrom?.length) {
    condition += ` AND #status IN (${opts.onlyFrom.map((_, i) => `:from${i}`).join(', ')})`;
    opts.onlyFrom.forEach((s, i) => {
      values[`:from${i}`] = s;
    });
  }
  let expression = `SET ${sets.join(', ')}`;
  if (ended) expression += ' REMOVE gsi2pk, gsi2sk';
  else if (!stillActive) {
    expression += ', gsi2pk = :running';
    values[':running'] = RUNNING;
  }
  const jobUpdate = {
    TableName: table(),
    Key: jobKey(jobId),
    UpdateExpression: expression,
    ConditionExpression: condition,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
  if (!stillActive && (await leaveQueue(jobUpdate))) return true;
  try {
    await dynamo().send(new UpdateCommand(jobUpdate));
    return true;
  } catch (err) {
    if (isConditionFailed(err)) return false;
    throw err;
  }
}

/** The update of a job still in the queue, with its slot given back; false when it was not queued. */
async function leaveQueue(jobUpdate: {
  ConditionExpression: string;
  ExpressionAttributeValues: Record<string, unknown>;
  [key: string]: unknown;
}): Promise<boolean> {
  try {
    await retryConflicts(() =>
      dynamo().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                ...jobUpdate,
                ConditionExpression: `${jobUpdate.ConditionExpression} AND gsi2pk = :active`,
                ExpressionAttributeValues: { ...jobUpdate.ExpressionAttributeValues, ':active': ACTIVE },
              } as never,
            },
            {
              Update: {
                TableName: table(),
                Key: queueKey,
                UpdateExpression: 'ADD #count :minus SET updatedAt = :now',
                ConditionExpression: '#count > :zero',
                ExpressionAttributeNames: { '#count': 'count' },
                ExpressionAttributeValues: { ':minus': -1, ':zero': 0, ':now': new Date().toISOString() },
              },
            },
          ],
        }),
      ),
    );
    return true;
  } catch (err) {
    // Not queued (or a slot count that never counted it): the plain update decides.
    if (cancellationCodes(err)) return false;
    throw err;
  }
}

/** Frees the visitor's in-flight lock if it still names this job. */
export async function releaseLock(userId: string, jobId: string): Promise<void> {
  try {
    await dynamo().send(
      new DeleteCommand({
        TableName: table(),
        Key: lockKey(userId),
        ConditionExpression: 'jobId = :j',
        ExpressionAttributeValues: { ':j': jobId },
      }),
    );
  } catch (err) {
    if (!isConditionFailed(err)) throw err;
  }
}

/** Jobs waiting for a GPU (queued or starting), oldest first, up to `limit`; dispatchedAt once they have a worker slot. */
export async function activeJobs(limit: number): Promise<{ jobId: string; createdAt: string; dispatchedAt?: string }[]> {
  const out = await dynamo().send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :a',
      ExpressionAttributeValues: { ':a': ACTIVE },
      ProjectionExpression: 'jobId, createdAt, dispatchedAt',
      Limit: limit,
    }),
  );
  return (out.Items ?? []) as { jobId: string; createdAt: string; dispatchedAt?: string }[];
}

/** Ids of the jobs a worker is running (generating or saving), up to `limit`. */
export async function runningJobIds(limit: number): Promise<string[]> {
  const out = await dynamo().send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :r',
      ExpressionAttributeValues: { ':r': RUNNING },
      ProjectionExpression: 'jobId',
      Limit: limit,
    }),
  );
  return (out.Items ?? []).map((item) => String(item.jobId));
}

/** Jobs not ended yet (queued, starting, generating, saving), oldest first within each group. */
export async function openJobs(limit = 200): Promise<JobItem[]> {
  const out: JobItem[] = [];
  for (const group of [ACTIVE, RUNNING]) {
    let start: Record<string, unknown> | undefined;
    if (out.length >= limit) break;
    do {
      const page = await dynamo().send(
        new QueryCommand({
          TableName: table(),
          IndexName: 'gsi2',
          KeyConditionExpression: 'gsi2pk = :g',
          ExpressionAttributeValues: { ':g': group },
          Limit: limit - out.length,
          ExclusiveStartKey: start,
        }),
      );
      out.push(...((page.Items ?? []) as JobItem[]));
      start = page.LastEvaluatedKey;
    } while (start && out.length < limit);
  }
  return out;
}

/**
 * Sets the queue's slot count to the number of queued jobs when they differ and the count has not
 * moved for `quietSeconds` (so the index has caught up with every admission). Conditional on the
 * count read: a concurrent admission or exit wins. Returns the correction made, if any.
 */
export async function repairQueueCount(quietSeconds = 60): Promise<{ from: number; to: number } | undefined> {
  const counter = await dynamo().send(new GetCommand({ TableName: table(), Key: queueKey, ConsistentRead: true }));
  const seen = Number(counter.Item?.count ?? 0);
  const seenAt = counter.Item?.updatedAt as string | undefined;
  if (!seenAt || Date.now() - Date.parse(seenAt) < quietSeconds * 1000) return undefined;
  const out = await dynamo().send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :a',
      ExpressionAttributeValues: { ':a': ACTIVE },
      Select: 'COUNT',
    }),
  );
  const actual = out.Count ?? 0;
  if (actual === seen) return undefined;
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: queueKey,
        UpdateExpression: 'SET #count = :actual, updatedAt = :now',
        ConditionExpression: '#count = :seen AND updatedAt = :seenAt',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':actual': actual, ':seen': seen, ':seenAt': seenAt, ':now': new Date().toISOString() },
      }),
    );
    return { from: seen, to: actual };
  } catch (err) {
    if (isConditionFailed(err)) return undefined;
    throw err;
  }
}

export type DurationKind = 'coldStart' | 'queueWait' | 'generation';

export async function recordDuration(kind: DurationKind, jobId: string, ms: number, at = new Date()): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: table(),
      Item: { pk: `stats#${kind}`, sk: `${at.toISOString()}#${jobId}`, ms: Math.round(ms), expiresAt: epoch(at.getTime()) + 7 * DAY },
    }),
  );
}

/** The most recent `limit` durations of a kind, newest first. */
export async function recentDurations(kind: DurationKind, limit = 20): Promise<number[]> {
  const out = await dynamo().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :p',
      ExpressionAttributeValues: { ':p': `stats#${kind}` },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (out.Items ?? []).map((i) => Number(i.ms));
}

export interface WorkerItem {
  workerId: string;
  state: 'idle' | 'busy';
  lastSeen: number;
}

/** A worker's presence beacon; the fleet is warm while one is fresh. */
export async function touchWorker(workerId: string, state: WorkerItem['state'], now = Date.now()): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: table(),
      Item: {
        pk: `worker#${workerId}`,
        sk: 'worker',
        gsi1pk: 'workers',
        gsi1sk: String(now).padStart(15, '0'),
        workerId,
        state,
        lastSeen: now,
        expiresAt: epoch(now) + DAY,
      },
    }),
  );
}

export async function removeWorker(workerId: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: table(), Key: { pk: `worker#${workerId}`, sk: 'worker' } }));
}

export async function freshWorkers(sinceMs: number): Promise<WorkerItem[]> {
  const out = await dynamo().send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :w AND gsi1sk >= :since',
      ExpressionAttributeValues: { ':w': 'workers', ':since': String(sinceMs).padStart(15, '0') },
    }),
  );
  return (out.Items ?? []) as WorkerItem[];
}

/**
 * When a job last showed life (epoch ms): the newest finished generation, or the newest job still
 * waiting for a GPU. Undefined when the table knows neither (nothing for a week: stats expire).
 */
export async function latestJobActivity(): Promise<number | undefined> {
  const [finished, waiting] = await Promise.all([
    dynamo().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :p',
        ExpressionAttributeValues: { ':p': 'stats#generation' },
        ProjectionExpression: 'sk',
        ScanIndexForward: false,
        Limit: 1,
      }),
    ),
    dynamo().send(
      new QueryCommand({
        TableName: table(),
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :a',
        ExpressionAttributeValues: { ':a': ACTIVE },
        ProjectionExpression: 'createdAt',
        ScanIndexForward: false,
        Limit: 1,
      }),
    ),
  ]);
  const times = [
    Date.parse(String(finished.Items?.[0]?.sk ?? '').split('#')[0] ?? ''),
    Date.parse(String(waiting.Items?.[0]?.createdAt ?? '')),
  ].filter((t) => Number.isFinite(t));
  return times.length ? Math.max(...times) : undefined;
}
