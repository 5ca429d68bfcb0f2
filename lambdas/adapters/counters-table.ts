import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../lib/config';
import { dynamo } from './aws-clients';
import { unlessConditionFails } from './dynamo-errors';

/**
 * Counters table: fixed-window rate-limit counters. Item: pk `rl#<scope>#<subject>`, sk = window
 * start (epoch seconds), `count`, `expiresAt` (TTL, one window after the end).
 */
export interface WindowCount {
  key: string;
  windowStart: number;
  windowSeconds: number;
  limit: number;
}

/**
 * The conditional increment as an update's parts: used alone, or inside an admission transaction. `amount`
 * units at once (a job of several pictures, issue 32): refused unless all of them fit under the limit.
 * The caller refuses an amount over the limit itself (a missing window would take it).
 */
export function incrementUpdate(c: WindowCount, amount = 1) {
  return {
    TableName: config().COUNTERS_TABLE,
    Key: { pk: c.key, sk: String(c.windowStart) },
    UpdateExpression: 'ADD #count :one SET expiresAt = if_not_exists(expiresAt, :expires)',
    ConditionExpression: 'attribute_not_exists(#count) OR #count <= :room',
    ExpressionAttributeNames: { '#count': 'count' },
    ExpressionAttributeValues: { ':one': amount, ':room': c.limit - amount, ':expires': c.windowStart + 2 * c.windowSeconds },
  };
}

export async function incrementWithinLimit(key: string, windowStart: number, windowSeconds: number, limit: number): Promise<boolean> {
  const update = new UpdateCommand(incrementUpdate({ key, windowStart, windowSeconds, limit }));
  return unlessConditionFails(async () => {
    await dynamo().send(update);
    return true;
  }, false);
}

/** The count of one window (0 when nothing was counted); a strongly consistent read, so it matches the next increment's view. */
export async function readCount(key: string, windowStart: number): Promise<number> {
  const out = await dynamo().send(
    new GetCommand({ TableName: config().COUNTERS_TABLE, Key: { pk: key, sk: String(windowStart) }, ConsistentRead: true }),
  );
  return typeof out.Item?.count === 'number' ? out.Item.count : 0;
}

/**
 * Giving `amount` counts back as an update's parts (inside a job's refund transaction, job-admission.ts
 * refundFailedJob): never below zero, and a missing window (its TTL passed) is not made again.
 */
export function decrementUpdate(c: Pick<WindowCount, 'key' | 'windowStart'>, amount = 1) {
  return {
    TableName: config().COUNTERS_TABLE,
    Key: { pk: c.key, sk: String(c.windowStart) },
    UpdateExpression: 'ADD #count :minus',
    ConditionExpression: '#count >= :amount',
    ExpressionAttributeNames: { '#count': 'count' },
    ExpressionAttributeValues: { ':minus': -amount, ':amount': amount },
  };
}
