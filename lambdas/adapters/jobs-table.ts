import { DeleteCommand, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { JobStatus } from '../../shared/schemas/generation';
import { clock } from '../lib/clock';
import { config } from '../lib/config';
import { dynamo } from './aws-clients';
import { decrementUpdate, incrementUpdate, type WindowCount } from './counters-table';
import { cancellationCodes, isConditionFailed, retryTransactionConflicts } from './dynamo-errors';

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
export const table = () => config().JOBS_TABLE;
export const DAY = 86_400;
export const epoch = (ms = clock.now()) => Math.floor(ms / 1000);

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
  /** When its hourly counts were given back (a failure not of the visitor's doing): at most once. */
  refundedAt?: string;
}

const jobKey = (jobId: string) => ({ pk: `job#${jobId}`, sk: 'job' });
const requestKey = (userId: string, requestId: string) => ({ pk: `req#${userId}#${requestId}`, sk: 'req' });
const lockKey = (userId: string) => ({ pk: `inflight#${userId}`, sk: 'lock' });
export const queueKey = { pk: 'queue', sk: 'slots' };
/** gsi2 partitions: jobs waiting for a GPU, and jobs a worker runs. */
export const ACTIVE = 'active';
export const RUNNING = 'running';

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
  await retryTransactionConflicts(() => createJobOnce(job, staleLockJobId, admission));
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
              ExpressionAttributeValues: { ':one': 1, ':cap': admission.queueCap, ':now': clock.date().toISOString() },
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
  values[':now'] = clock.date().toISOString();
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
    await retryTransactionConflicts(() =>
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
                ExpressionAttributeValues: { ':minus': -1, ':zero': 0, ':now': clock.date().toISOString() },
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

/**
 * Gives a failing job's hourly counts back, once: one transaction marks the job `refundedAt` (on
 * condition that it was not refunded yet and did not end done or cancelled) and takes one off each
 * count. MarkFailed may run twice (Step Functions retries a step), and startGeneration's own failure
 * path and the reconciler end jobs too: whichever comes first refunds, the others find the mark. A
 * count whose window is gone (its TTL passed) or already at 0 is left out. Answers whether this call
 * gave the counts back.
 */
export async function refundFailedJob(jobId: string, counts: Pick<WindowCount, 'key' | 'windowStart'>[]): Promise<boolean> {
  let remaining = counts;
  for (;;) {
    try {
      await retryTransactionConflicts(() =>
        dynamo().send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: table(),
                  Key: jobKey(jobId),
                  UpdateExpression: 'SET refundedAt = :now',
                  ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(refundedAt) AND NOT #status IN (:done, :cancelled)',
                  ExpressionAttributeNames: { '#status': 'status' },
                  ExpressionAttributeValues: { ':now': clock.date().toISOString(), ':done': 'done', ':cancelled': 'cancelled' },
                },
              },
              ...remaining.map((c) => ({ Update: decrementUpdate(c) })),
            ],
          }),
        ),
      );
      return true;
    } catch (err) {
      const codes = cancellationCodes(err);
      if (!codes) throw err;
      // Already refunded, ended otherwise (done, cancelled by the visitor) or gone: nothing to give back.
      if (codes[0] === 'ConditionalCheckFailed') return false;
      const kept = remaining.filter((_, i) => codes[i + 1] !== 'ConditionalCheckFailed');
      if (kept.length === remaining.length) throw err;
      remaining = kept;
    }
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
