import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { countOf } from '../../shared/variants';
import { clock } from '../lib/clock';
import { config } from '../lib/config';
import { dynamo } from './aws-clients';
import { decrementUpdate, incrementUpdate, type WindowCount } from './counters-table';
import { cancellationCodes, retryTransactionConflicts } from './dynamo-errors';
import { ACTIVE, DAY, epoch, getInFlightJobId, getRequestJobId, type JobItem, jobKey, lockKey, requestKey, table } from './jobs-table';
import { jobIdInShard, QUEUE_SHARDS, queueShardKey, queueShardOf, shardCap, shardOrder } from './queue-shards';

/**
 * A job's admission and its refund, in the jobs table (jobs-table.ts has the item shapes): the creating
 * transaction that decides the queue cap, the visitor's lock and the hourly caps at once, and the one
 * that gives a failed job's counts back.
 */
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

/**
 * Creates the job, its request key and the visitor's in-flight lock, takes a queue slot and counts
 * the hourly caps, all in one transaction: a burst admits at most the cap, and a refusal costs
 * nothing. A stale lock (its job already ended, or past its TTL) may be replaced: `staleLockJobId` names it.
 *
 * The slot is taken in the shard of the job's id (queue-shards.ts); when that shard is full, the others are tried in
 * turn, each with a fresh id in it, so the job is refused `queue_full` only when every shard is. Answers the job as
 * created: its id may be one of those fresh ones.
 */
export async function createJob(job: JobItem, staleLockJobId: string | undefined, admission: Admission): Promise<JobItem> {
  let full: JobConflictError | undefined;
  const first = queueShardOf(job.jobId);
  for (const shard of shardOrder(first)) {
    const places = shardCap(admission.queueCap, QUEUE_SHARDS, shard);
    if (places === 0) continue;
    const candidate = shard === first ? job : { ...job, jobId: jobIdInShard(shard) };
    try {
      await retryTransactionConflicts(() => createJobOnce(candidate, staleLockJobId, shard, places, admission));
      return candidate;
    } catch (err) {
      if (!(err instanceof JobConflictError) || err.reason !== 'queue_full') throw err;
      full = err;
    }
  }
  throw full ?? new JobConflictError('queue_full', undefined);
}

async function createJobOnce(
  job: JobItem,
  staleLockJobId: string | undefined,
  shard: number,
  places: number,
  admission: Admission,
): Promise<void> {
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
              Key: queueShardKey(shard),
              UpdateExpression: 'ADD #count :one SET updatedAt = :now',
              ConditionExpression: 'attribute_not_exists(#count) OR #count < :cap',
              ExpressionAttributeNames: { '#count': 'count' },
              ExpressionAttributeValues: { ':one': 1, ':cap': places, ':now': clock.date().toISOString() },
            },
          },
          // One unit per picture (issue 32): a job of 4 needs room for 4 in every count, or nothing is charged.
          ...admission.counts.map((c) => ({ Update: incrementUpdate(c, countOf(job)) })),
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

/**
 * Gives a failing job's hourly counts back, once: one transaction marks the job `refundedAt` (on
 * condition that it was not refunded yet and did not end done or cancelled) and takes `units` off each
 * count (the pictures the job did not make: all of a failed job's). MarkFailed may run twice (Step
 * Functions retries a step), and startGeneration's own failure path and the reconciler end jobs too:
 * whichever comes first refunds, the others find the mark. With `cancelled`, the job must instead have
 * ended cancelled (the visitor's cancel gives back the pictures not made yet). A count whose window is
 * gone (its TTL passed) or holds fewer is left out. Answers whether this call gave the counts back.
 */
export async function refundFailedJob(
  jobId: string,
  counts: Pick<WindowCount, 'key' | 'windowStart'>[],
  opts: { units?: number; cancelled?: boolean } = {},
): Promise<boolean> {
  const units = opts.units ?? 1;
  if (units <= 0) return false;
  const condition = opts.cancelled
    ? {
        expression: 'attribute_exists(pk) AND attribute_not_exists(refundedAt) AND #status = :cancelled',
        values: { ':cancelled': 'cancelled' },
      }
    : {
        expression: 'attribute_exists(pk) AND attribute_not_exists(refundedAt) AND NOT #status IN (:done, :cancelled)',
        values: { ':done': 'done', ':cancelled': 'cancelled' },
      };
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
                  ConditionExpression: condition.expression,
                  ExpressionAttributeNames: { '#status': 'status' },
                  ExpressionAttributeValues: { ':now': clock.date().toISOString(), ...condition.values },
                },
              },
              ...remaining.map((c) => ({ Update: decrementUpdate(c, units) })),
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
