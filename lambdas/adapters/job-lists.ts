import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { clock } from '../lib/clock';
import { dynamo } from './aws-clients';
import { isConditionFailed } from './dynamo-errors';
import { queryEvery } from './dynamo-query';
import { ACTIVE, type JobItem, queueKey, RUNNING, table } from './jobs-table';

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

/** Jobs waiting for a GPU (queued or starting), oldest first, up to `limit`; dispatchedAt once they have a worker slot. */
export function activeJobs(limit: number): Promise<{ jobId: string; createdAt: string; dispatchedAt?: string }[]> {
  return group(ACTIVE, 'jobId, createdAt, dispatchedAt', limit);
}

/** Ids of the jobs a worker is running (generating or saving), up to `limit`. */
export async function runningJobIds(limit: number): Promise<string[]> {
  const items = await group<{ jobId: string }>(RUNNING, 'jobId', limit);
  return items.map((item) => String(item.jobId));
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
 * Sets the queue's slot count to the number of queued jobs when they differ and the count has not
 * moved for `quietSeconds` (so the index has caught up with every admission). Conditional on the
 * count read: a concurrent admission or exit wins. Returns the correction made, if any.
 */
export async function repairQueueCount(quietSeconds = 60): Promise<{ from: number; to: number } | undefined> {
  const counter = await dynamo().send(new GetCommand({ TableName: table(), Key: queueKey, ConsistentRead: true }));
  const seen = Number(counter.Item?.count ?? 0);
  const seenAt = counter.Item?.updatedAt as string | undefined;
  if (!seenAt || clock.now() - Date.parse(seenAt) < quietSeconds * 1000) return undefined;
  const out = await dynamo().send(new QueryCommand({ ...gsi2Group(ACTIVE), Select: 'COUNT' }));
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
        ExpressionAttributeValues: { ':actual': actual, ':seen': seen, ':seenAt': seenAt, ':now': clock.date().toISOString() },
      }),
    );
    return { from: seen, to: actual };
  } catch (err) {
    if (isConditionFailed(err)) return undefined;
    throw err;
  }
}
