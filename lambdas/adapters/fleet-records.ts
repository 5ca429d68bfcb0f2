import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { clock } from '../lib/clock';
import { dynamo } from './aws-clients';
import { ACTIVE, DAY, epoch, table } from './jobs-table';

/** On the jobs table (see jobs-table.ts): the measured durations behind the ETA, and the GPU workers' beacons. */

export type DurationKind = 'coldStart' | 'queueWait' | 'generation';

export async function recordDuration(kind: DurationKind, jobId: string, ms: number, at = clock.date()): Promise<void> {
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
export async function touchWorker(workerId: string, state: WorkerItem['state'], now = clock.now()): Promise<void> {
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
