import { DeleteCommand, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { JobStatus } from '../../shared/schemas/generation';
import type { StagedPicture } from '../../shared/schemas/generation-flow';
import { clock } from '../lib/clock';
import { config } from '../lib/config';
import { dynamo } from './aws-clients';
import { cancellationCodes, isConditionFailed, retryTransactionConflicts } from './dynamo-errors';
import { queueShardKey, queueShardOf } from './queue-shards';

/**
 * The jobs table (generic keys). Item shapes:
 * - job          pk `job#<id>`            sk `job`    gsi1 `user#<userId>` / createdAt (a visitor's jobs),
 *                gsi2 `active` / `<createdAt>#<id>` while queued/starting (queue position),
 *                then `running` / same while generating/saving; none once ended (the reconciler's list)
 * - queue slots  pk `queue#<shard>`        sk `slots`  count of queued/starting jobs in one of QUEUE_SHARDS shards
 *                (queue-shards.ts: a job's shard follows from its id): the queue cap, decided in the job's creating
 *                transaction and given back when the job leaves the queue
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
  pickedAt?: string;
  finishedAt?: string;
  imageId?: string;
  /** Variants (issue 32): pictures asked (absent: 1, a job from before variants). */
  count?: number;
  /**
   * The pictures the worker has finished, checked and staged so far, in the order they finished (the
   * status read shows them to their author before StoreImage stores them); written by the worker only.
   */
  pictures?: StagedPicture[];
  /** Every picture StoreImage stored, by index (imageId is the first). */
  imageIds?: string[];
  seed?: number;
  workerId?: string;
  error?: string;
  /** The address the job was asked from (its hourly cap is refunded if the job never runs). */
  sourceIp?: string;
  /** When its hourly counts were given back (a failure not of the visitor's doing): at most once. */
  refundedAt?: string;
}

export const jobKey = (jobId: string) => ({ pk: `job#${jobId}`, sk: 'job' });
export const requestKey = (userId: string, requestId: string) => ({ pk: `req#${userId}#${requestId}`, sk: 'req' });
export const lockKey = (userId: string) => ({ pk: `inflight#${userId}`, sk: 'lock' });
/** gsi2 partitions: jobs waiting for a GPU, and jobs a worker runs. */
export const ACTIVE = 'active';
export const RUNNING = 'running';

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

/** What a step or the worker may change on a job: the mutable fields of the record. */
export type JobUpdate = Partial<
  Pick<
    JobItem,
    | 'status'
    | 'percent'
    | 'message'
    | 'capacityRequestedAt'
    | 'pickedAt'
    | 'finishedAt'
    | 'imageId'
    | 'imageIds'
    | 'pictures'
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
  if (!stillActive && (await leaveQueue(jobId, jobUpdate))) return true;
  try {
    await dynamo().send(new UpdateCommand(jobUpdate));
    return true;
  } catch (err) {
    if (isConditionFailed(err)) return false;
    throw err;
  }
}

/** The update of a job still in the queue, with its slot given back to its shard; false when it was not queued. */
async function leaveQueue(
  jobId: string,
  jobUpdate: {
    ConditionExpression: string;
    ExpressionAttributeValues: Record<string, unknown>;
    [key: string]: unknown;
  },
): Promise<boolean> {
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
                Key: queueShardKey(queueShardOf(jobId)),
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
