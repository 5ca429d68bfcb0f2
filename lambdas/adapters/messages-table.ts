import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../lib/config';
import { dynamo } from './aws-clients';

export const MESSAGE_TYPES = ['feedback', 'issue', 'contact', 'newsletter'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export interface AttachmentRef {
  key: string;
  contentType: string;
  size: number;
  /** Name as sent by the browser, informational only. */
  filename: string;
}

/** One visitor message, as stored and as listed for the operator. Text is stored as sent. */
export interface MessageRecord {
  id: string;
  type: MessageType;
  createdAt: string;
  fields: Record<string, string | number>;
  attachment?: AttachmentRef;
  sourceIp: string;
  userAgent: string;
  /** Newsletter only. */
  unsubscribeToken?: string;
}

/**
 * Messages table.
 * - Message: pk `msg#<id>`, sk `msg`.
 * - Newsletter subscription: pk `newsletter#<lower-cased email>`, sk `subscription` (one per address).
 * - gsi1: gsi1pk `type#<type>`, gsi1sk `<createdAt ISO>#<id>`: every type listed newest first.
 */
const byType = (record: MessageRecord) => ({ gsi1pk: `type#${record.type}`, gsi1sk: `${record.createdAt}#${record.id}` });

export async function putMessage(record: MessageRecord): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: config().MESSAGES_TABLE,
      Item: { pk: `msg#${record.id}`, sk: 'msg', ...byType(record), ...record },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** putMessage that answers false instead of failing when the record exists (a retried, key-derived id). */
export async function putMessageOnce(record: MessageRecord): Promise<boolean> {
  try {
    await putMessage(record);
    return true;
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) return false;
    throw err;
  }
}

/** Stores the subscription unless the address already has one; true when this call created it. */
export async function putSubscriptionOnce(emailKey: string, record: MessageRecord): Promise<boolean> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: config().MESSAGES_TABLE,
        Item: { pk: `newsletter#${emailKey}`, sk: 'subscription', ...byType(record), ...record },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) return false;
    throw err;
  }
}

export interface MessagePage {
  items: MessageRecord[];
  /** Opaque cursor for the next page, absent on the last one. */
  cursor?: string;
}

/** Messages of one type, newest first. */
export async function listMessages(type: MessageType, limit = 25, cursor?: string): Promise<MessagePage> {
  const result = await dynamo().send(
    new QueryCommand({
      TableName: config().MESSAGES_TABLE,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': `type#${type}` },
      ScanIndexForward: false,
      Limit: limit,
      ...(cursor ? { ExclusiveStartKey: JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) } : {}),
    }),
  );
  const items = (result.Items ?? []).map(({ pk: _pk, sk: _sk, gsi1pk: _g, gsi1sk: _s, ...rest }) => rest as MessageRecord);
  const next = result.LastEvaluatedKey ? Buffer.from(JSON.stringify(result.LastEvaluatedKey)).toString('base64url') : undefined;
  return { items, ...(next ? { cursor: next } : {}) };
}
