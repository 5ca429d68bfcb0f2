import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../lib/config';
import { dynamo } from './aws-clients';
import { isConditionFailed } from './dynamo-errors';

/**
 * Open live streams, counted in the counters table (a stream runs in a Lambda process, so the
 * count lives in DynamoDB): one item per slot, pk `streams#<scope>#<subject>`, sk `slot#<n>` for n
 * below the cap, `holder` (the stream's id) and `expiresAt` (epoch seconds, also the table's TTL).
 * A slot whose holder died without giving it back is free again at its `expiresAt`: the put's
 * condition reads it, so nothing waits for TTL deletion.
 */
export interface SlotKey {
  scope: string;
  subject: string;
  limit: number;
}

const key = (s: SlotKey, n: number) => ({ pk: `streams#${s.scope}#${s.subject}`, sk: `slot#${n}` });

/** Takes the first free slot; the slot's number, or undefined when all `limit` are held. */
export async function takeSlot(s: SlotKey, holder: string, expiresAt: number, now: number): Promise<number | undefined> {
  for (let n = 0; n < s.limit; n++) {
    try {
      await dynamo().send(
        new PutCommand({
          TableName: config().COUNTERS_TABLE,
          Item: { ...key(s, n), holder, expiresAt },
          ConditionExpression: 'attribute_not_exists(pk) OR expiresAt < :now',
          ExpressionAttributeValues: { ':now': now },
        }),
      );
      return n;
    } catch (err) {
      if (!isConditionFailed(err)) throw err;
    }
  }
  return undefined;
}

/** Gives a slot back, only if `holder` still holds it (an expired slot may have a new holder). */
export async function releaseSlot(s: SlotKey, n: number, holder: string): Promise<void> {
  try {
    await dynamo().send(
      new DeleteCommand({
        TableName: config().COUNTERS_TABLE,
        Key: key(s, n),
        ConditionExpression: 'holder = :holder',
        ExpressionAttributeValues: { ':holder': holder },
      }),
    );
  } catch (err) {
    if (!isConditionFailed(err)) throw err;
  }
}
