import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { clock } from '../lib/clock';
import { dynamo } from './aws-clients';
import { isConditionFailed } from './dynamo-errors';
import { queryEvery } from './dynamo-query';
import { ACTIVE, type JobItem, RUNNING, table } from './jobs-table';
import { QUEUE_SHARDS, queueShardKey, queueShardOf } from './queue-shards';

/** The jobs table's lists (gsi2: waiting for a GPU, running) and the queue count's repair (see jobs-table.ts). */

/** A Query of one gsi2 group (ACTIVE or RUNNING), oldest first; callers add a projection, limit or count. */
const gsi2Group = (partition: string) => ({
  TableName: table(),
  IndexName: 'gsi2',
  KeyConditionExpression: 'gsi2pk = :g',
  ExpressionAttributeValues: { ':g': partition },
});

/** The first `limit` items of a gsi2 group (oldest first), with only `attributes`. */
async function group<T>(partition: string, attributes: string, limit: number): Promise<T[]> {
  const out = await dynamo().send(new QueryCommand({ ...gsi2Group(partition), ProjectionExpression: attributes, Limit: limit }));
  return (out.Items ?? []) as T[];
}

/** Jobs waiting for a GPU (queued or starting), oldest first, up to `limit` (the status API's queue position). */
export function activeJobs(limit: number): Promise<{ jobId: string; createdAt: string }[]> {
  return group(ACTIVE, 'jobId, createdAt', limit);
}

/** Jobs not ended yet (queued, starting, generating, saving), oldest first within each group. */
export async function openJobs(limit = 200): Promise<JobItem[]> {
  const out: JobItem[] = [];
  for (const group of [ACTIVE, RUNNING]) {
    if (out.length >= limit) break;
    out.push(...(await queryEvery<JobItem>(gsi2Group(group), limit - out.length)));
  }
  return out;
}

/**
 * Sets each queue shard's slot count (queue-shards.ts) to the number of queued jobs in that shard when they differ and
 * the count has not moved for `quietSeconds` (so the index has caught up with every admission). Conditional on the
 * count read: a concurrent admission or exit wins. Returns the corrections made, if any.
 */
export async function repairQueueCount(quietSeconds = 60): Promise<{ shard: number; from: number; to: number }[] | undefined> {
  const counters = await Promise.all(
    Array.from({ length: QUEUE_SHARDS }, (_, shard) =>
      dynamo().send(new GetCommand({ TableName: table(), Key: queueShardKey(shard), ConsistentRead: true })),
    ),
  );
  const quiet = counters
    .map((c, shard) => ({ shard, seen: Number(c.Item?.count ?? 0), seenAt: c.Item?.updatedAt as string | undefined }))
    .filter(
      (c): c is { shard: number; seen: number; seenAt: string } => !!c.seenAt && clock.now() - Date.parse(c.seenAt) >= quietSeconds * 1000,
    );
  if (quiet.length === 0) return undefined;
  const actual = new Array<number>(QUEUE_SHARDS).fill(0);
  for (const { jobId } of await queryEvery<{ jobId: string }>({ ...gsi2Group(ACTIVE), ProjectionExpression: 'jobId' })) {
    const shard = queueShardOf(String(jobId));
    actual[shard] = (actual[shard] ?? 0) + 1;
  }
  const fixes: { shard: number; from: number; to: number }[] = [];
  for (const { shard, seen, seenAt } of quiet) {
    const to = actual[shard] ?? 0;
    if (to === seen) continue;
    try {
      await dynamo().send(
        new UpdateCommand({
          TableName: table(),
          Key: queueShardKey(shard),
          UpdateExpression: 'SET #count = :actual, updatedAt = :now',
          ConditionExpression: '#count = :seen AND updatedAt = :seenAt',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':actual': to, ':seen': seen, ':seenAt': seenAt, ':now': clock.date().toISOString() },
        }),
      );
      fixes.push({ shard, from: seen, to });
    } catch (err) {
      if (!isConditionFailed(err)) throw err;
    }
  }
  return fixes.length > 0 ? fixes : undefined;
}
