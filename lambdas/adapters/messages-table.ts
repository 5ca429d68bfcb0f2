import { GetCommand, PutCommand, QueryCommand, type QueryCommandInput, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { INBOX_KINDS, type InboxKind } from '../../shared/admin';
import { clock } from '../lib/clock';
import { config } from '../lib/config';
import { ValidationError } from '../lib/errors';
import { dynamo } from './aws-clients';
import { cancellationCodes, retryTransactionConflicts, unlessConditionFails } from './dynamo-errors';
import { countEvery, queryEvery } from './dynamo-query';

/** A message still open: never marked handled (the inbox's unread list and the overview's count read the same rule). */
const OPEN_FILTER = 'attribute_not_exists(handled) OR handled = :no';

/** The kinds are defined once in shared/admin.ts (the inbox's filter reads the same list). */
export const MESSAGE_TYPES = INBOX_KINDS;
export type MessageType = InboxKind;

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
  /** Set by the operator in the inbox. */
  handled?: boolean;
  handledAt?: string;
  handledBy?: string;
}

/**
 * Messages table.
 * - Message: pk `msg#<id>`, sk `msg`.
 * - Newsletter subscription: pk `newsletter#<lower-cased email>`, sk `subscription` (one per address).
 * - Picture report: pk `report#<imageId>#<reporter>`, sk `report` (one per picture and reporter; a
 *   reporter's other identities hold markers `{ id, markerOf }` under their own keys, not listed).
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
  return unlessConditionFails(async () => {
    await putMessage(record);
    return true;
  }, false);
}

/** Stores the subscription unless the address already has one; true when this call created it. */
export async function putSubscriptionOnce(emailKey: string, record: MessageRecord): Promise<boolean> {
  const put = new PutCommand({
    TableName: config().MESSAGES_TABLE,
    Item: { pk: `newsletter#${emailKey}`, sk: 'subscription', ...byType(record), ...record },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
  return unlessConditionFails(async () => {
    await dynamo().send(put);
    return true;
  }, false);
}

/**
 * Stores a picture report unless its reporter already reported this picture. A reporter brings one
 * key per identity (its network; its visitor id when the browser sent one), and a report is stored
 * (and counts) only when none of its keys reported the picture before: the first key's item is the
 * report the inbox lists, the others are markers naming it, all written in one transaction. A repeat
 * answers the first report's id and claims the keys it brought that were new, so identities seen
 * together stay one reporter (a visitor id over IPv4, then over IPv6, ties both networks to it).
 */
export async function putReportOnce(
  imageId: string,
  reporters: readonly [string, ...string[]],
  record: MessageRecord,
): Promise<{ id: string; created: boolean }> {
  const TableName = config().MESSAGES_TABLE;
  const key = (reporter: string) => ({ pk: `report#${imageId}#${reporter}`, sk: 'report' });
  const [first, ...others] = reporters;
  const marker = (reporter: string, id: string) => ({ ...key(reporter), id, markerOf: imageId });
  const items = [
    { Put: { TableName, Item: { ...key(first), ...byType(record), ...record }, ConditionExpression: 'attribute_not_exists(pk)' } },
    ...others.map((r) => ({ Put: { TableName, Item: marker(r, record.id), ConditionExpression: 'attribute_not_exists(pk)' } })),
  ];
  try {
    await retryTransactionConflicts(() => dynamo().send(new TransactWriteCommand({ TransactItems: items })));
    return { id: record.id, created: true };
  } catch (err) {
    if (!cancellationCodes(err)?.includes('ConditionalCheckFailed')) throw err;
  }
  const seen = await Promise.all(
    reporters.map((r) =>
      dynamo()
        .send(new GetCommand({ TableName, Key: key(r), ConsistentRead: true }))
        .then((out) => out.Item),
    ),
  );
  const firstId = String(seen.find(Boolean)?.id ?? record.id);
  await Promise.all(
    reporters
      .filter((_, i) => !seen[i])
      .map((r) =>
        unlessConditionFails(
          () => dynamo().send(new PutCommand({ TableName, Item: marker(r, firstId), ConditionExpression: 'attribute_not_exists(pk)' })),
          undefined,
        ),
      ),
  );
  return { id: firstId, created: false };
}

/** A DynamoDB key as an opaque url-safe cursor, and back (a malformed cursor is a 400). */
export function encodeCursor(key: Record<string, unknown> | undefined): string | undefined {
  return key ? Buffer.from(JSON.stringify(key)).toString('base64url') : undefined;
}
export function decodeCursor(cursor: string | undefined): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (key && typeof key === 'object' && !Array.isArray(key)) return key as Record<string, unknown>;
  } catch {
    // falls through to the 400
  }
  throw new ValidationError('Invalid cursor.', { cursor: 'Invalid cursor.' });
}

export interface InboxRecord extends MessageRecord {
  /** The item's table key (pk), so the operator can act on it. */
  pk: string;
}

/**
 * One kind newest first, optionally only open or only handled ones (a filter: the page is read
 * until `limit` matches or the partition ends).
 */
export async function listInbox(
  type: MessageType,
  state: 'open' | 'handled' | 'all',
  limit: number,
  cursor?: string,
): Promise<{ items: InboxRecord[]; cursor?: string }> {
  const items: InboxRecord[] = [];
  let startKey = decodeCursor(cursor);
  const filter: Partial<QueryCommandInput> =
    state === 'all'
      ? {}
      : state === 'handled'
        ? { FilterExpression: 'handled = :yes', ExpressionAttributeValues: { ':pk': `type#${type}`, ':yes': true } }
        : {
            FilterExpression: OPEN_FILTER,
            ExpressionAttributeValues: { ':pk': `type#${type}`, ':no': false },
          };
  do {
    const out = await dynamo().send(
      new QueryCommand({
        TableName: config().MESSAGES_TABLE,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': `type#${type}` },
        ScanIndexForward: false,
        Limit: limit - items.length,
        ExclusiveStartKey: startKey,
        ...filter,
      }),
    );
    for (const { sk: _s, gsi1pk: _g, gsi1sk: _k, ...rest } of out.Items ?? []) items.push(rest as InboxRecord);
    startKey = out.LastEvaluatedKey;
  } while (startKey && items.length < limit);
  const next = encodeCursor(startKey);
  return { items, ...(next ? { cursor: next } : {}) };
}

/** Every message of a kind, newest first (the newsletter export). */
export async function listAllOfType(type: MessageType): Promise<MessageRecord[]> {
  const items = await queryEvery({
    TableName: config().MESSAGES_TABLE,
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': `type#${type}` },
    ScanIndexForward: false,
  });
  return items.map(({ pk: _pk, sk: _sk, gsi1pk: _g, gsi1sk: _s, ...rest }) => rest as unknown as MessageRecord);
}

/** Each kind's sort key: a subscription, a picture report (one per picture and network, putReportOnce) or a message. */
const messageSk = (pk: string) => (pk.startsWith('newsletter#') ? 'subscription' : pk.startsWith('report#') ? 'report' : 'msg');

export async function getInboxRecord(pk: string): Promise<InboxRecord | undefined> {
  if (!pk.startsWith('msg#') && !pk.startsWith('newsletter#') && !pk.startsWith('report#')) return undefined;
  const out = await dynamo().send(
    new GetCommand({ TableName: config().MESSAGES_TABLE, Key: { pk, sk: messageSk(pk) }, ConsistentRead: true }),
  );
  return out.Item as InboxRecord | undefined;
}

export async function setHandled(pk: string, handled: boolean, by: string): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: config().MESSAGES_TABLE,
      Key: { pk, sk: messageSk(pk) },
      UpdateExpression: 'SET handled = :h, handledAt = :at, handledBy = :by',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':h': handled, ':at': clock.date().toISOString(), ':by': by },
    }),
  );
}

/** How many messages of a kind are open (not marked handled): a counting query, every page of it. */
export async function countOpen(type: MessageType): Promise<number> {
  return countEvery({
    TableName: config().MESSAGES_TABLE,
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    FilterExpression: OPEN_FILTER,
    ExpressionAttributeValues: { ':pk': `type#${type}`, ':no': false },
  });
}
