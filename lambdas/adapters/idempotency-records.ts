import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { clock } from '../lib/clock';
import { config } from '../lib/config';
import { dynamo } from './aws-clients';
import { isConditionFailed } from './dynamo-errors';

/**
 * Idempotency records, in the counters table (short-lived, TTL'd, and every write route already
 * may write it): pk `idem#<scope>#<key>`, sk `idem`, `state` pending|done, `claimedUntil` (epoch ms),
 * `fingerprint` of the request, and once done the first answer (`response`). Kept a day.
 */
const DAY = 86_400;
const key = (scope: string, idempotencyKey: string) => ({ pk: `idem#${scope}#${idempotencyKey}`, sk: 'idem' });

export interface StoredResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

export interface IdempotencyRecord {
  state: 'pending' | 'done';
  claimedUntil: number;
  fingerprint?: string;
  response?: StoredResponse;
}

/** Claims the key for one run: true when this request may run (no record, or an abandoned claim). */
export async function claim(scope: string, idempotencyKey: string, fingerprint: string | undefined, holdMs: number): Promise<boolean> {
  const now = clock.now();
  try {
    await dynamo().send(
      new PutCommand({
        TableName: config().COUNTERS_TABLE,
        Item: {
          ...key(scope, idempotencyKey),
          state: 'pending',
          claimedUntil: now + holdMs,
          ...(fingerprint ? { fingerprint } : {}),
          expiresAt: Math.floor(now / 1000) + DAY,
        },
        ConditionExpression: 'attribute_not_exists(pk) OR (#state = :pending AND claimedUntil < :now)',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':pending': 'pending', ':now': now },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailed(err)) return false;
    throw err;
  }
}

export async function getRecord(scope: string, idempotencyKey: string): Promise<IdempotencyRecord | undefined> {
  const out = await dynamo().send(
    new GetCommand({ TableName: config().COUNTERS_TABLE, Key: key(scope, idempotencyKey), ConsistentRead: true }),
  );
  return out.Item as IdempotencyRecord | undefined;
}

export async function complete(scope: string, idempotencyKey: string, response: StoredResponse): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: config().COUNTERS_TABLE,
      Key: key(scope, idempotencyKey),
      UpdateExpression: 'SET #state = :done, #response = :response',
      ExpressionAttributeNames: { '#state': 'state', '#response': 'response' },
      ExpressionAttributeValues: { ':done': 'done', ':response': response },
    }),
  );
}

/** Gives the key back (the run failed): a retry runs again. */
export async function release(scope: string, idempotencyKey: string): Promise<void> {
  await dynamo()
    .send(
      new DeleteCommand({
        TableName: config().COUNTERS_TABLE,
        Key: key(scope, idempotencyKey),
        ConditionExpression: '#state = :pending',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':pending': 'pending' },
      }),
    )
    .catch((err: Error) => {
      if (!isConditionFailed(err)) throw err;
    });
}
