import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../lib/config';
import { dynamo } from './aws-clients';

/**
 * Counters table: fixed-window rate-limit counters. Item: pk `rl#<scope>#<subject>`, sk = window
 * start (epoch seconds), `count`, `expiresAt` (TTL, one window after the end).
 */
export async function incrementWithinLimit(key: string, windowStart: number, windowSeconds: number, limit: number): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: config().COUNTERS_TABLE,
        Key: { pk: key, sk: String(windowStart) },
        UpdateExpression: 'ADD #count :one SET expiresAt = if_not_exists(expiresAt, :expires)',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':expires': windowStart + 2 * windowSeconds },
      }),
    );
    return true;
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) return false;
    throw err;
  }
}

/** The count of one window (0 when nothing was counted); a strongly consistent read, so it matches the next increment's view. */
export async function readCount(key: string, windowStart: number): Promise<number> {
  const out = await dynamo().send(
    new GetCommand({ TableName: config().COUNTERS_TABLE, Key: { pk: key, sk: String(windowStart) }, ConsistentRead: true }),
  );
  return typeof out.Item?.count === 'number' ? out.Item.count : 0;
}
