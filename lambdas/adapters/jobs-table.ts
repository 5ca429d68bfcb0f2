import { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { JobStatus } from '../../shared/schemas/generation';
import { config } from '../lib/config';
import { dynamo } from './aws-clients';

/**
 * The jobs table (generic keys). Item shapes:
 * - job          pk `job#<id>`            sk `job`    gsi1 `user#<userId>` / createdAt (a visitor's jobs),
 *                gsi2 `active` / `<createdAt>#<id>` only while queued/starting (queue position, queue cap)
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
  pickedAt?: string;
  finishedAt?: string;
  imageId?: string;
  seed?: number;
  workerId?: string;
  error?: string;
}

export const jobKey = (jobId: string) => ({ pk: `job#${jobId}`, sk: 'job' });
const requestKey = (userId: string, requestId: string) => ({ pk: `req#${userId}#${requestId}`, sk: 'req' });
const lockKey = (userId: string) => ({ pk: `inflight#${userId}`, sk: 'lock' });
const ACTIVE = 'active';

export class JobConflictError extends Error {
  constructor(
    readonly reason: 'duplicate_request' | 'job_in_flight',
    readonly jobId: string | undefined,
  ) {
    super(reason);
  }
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
 * Creates the job, its request key and the visitor's in-flight lock in one transaction. A stale
 * lock (its job already ended, or past its TTL) may be replaced: `staleLockJobId` names it.
 */
export async function createJob(job: JobItem, staleLockJobId?: string): Promise<void> {
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
        ],
      }),
    );
  } catch (err) {
    const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
    if (!reasons) throw err;
    if (reasons[1]?.Code === 'ConditionalCheckFailed')
      throw new JobConflictError('duplicate_request', await getRequestJobId(job.userId, job.requestId));
    if (reasons[2]?.Code === 'ConditionalCheckFailed') throw new JobConflictError('job_in_flight', await getInFlightJobId(job.userId));
    throw err;
  }
}

/** What a step or the worker may change on a job: the mutable fields of the record. */
export type JobUpdate = Partial<
  Pick<
    JobItem,
    'status' | 'percent' | 'message' | 'capacityRequestedAt' | 'pickedAt' | 'finishedAt' | 'imageId' | 'seed' | 'workerId' | 'error'
  >
>;

/**
 * Updates a job that has not ended yet. Returns false when it has (a cancelled job stays cancelled,
 * a late worker report cannot revive it). Leaving queued/starting removes it from the active index.
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
  const stillActive = update.status === undefined || update.status === 'queued' || update.status === 'starting';
  let condition = 'attribute_exists(pk) AND NOT #status IN (:done, :failed, :cancelled)';
  if (opts.onlyFrom?.length) {
    condition += ` AND #status IN (${opts.onlyFrom.map((_, i) => `:from${i}`).join(', ')})`;
    opts.onlyFrom.forEach((s, i) => {
      values[`:from${i}`] = s;
    });
  }
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: jobKey(jobId),
        UpdateExpression: `SET ${sets.join(', ')}${stillActive ? '' : ' REMOVE gsi2pk, gsi2sk'}`,
        ConditionExpression: condition,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (err) {
    if ((err as Error).name === 'ConditionalCheckFailedException') return false;
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
    if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
  }
}

/** Jobs waiting for a GPU (queued or starting), oldest first, up to `limit`. */
export async function activeJobs(limit: number): Promise<{ jobId: string; createdAt: string }[]> {
  const out = await dynamo().send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :a',
      ExpressionAttributeValues: { ':a': ACTIVE },
      ProjectionExpression: 'jobId, createdAt',
      Limit: limit,
    }),
  );
  return (out.Items ?? []) as { jobId: string; createdAt: string }[];
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
