import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditEntry } from '../../shared/schemas/admin';
import { config } from '../lib/config';
import { dynamo } from './aws-clients';
import { unlessConditionFails } from './dynamo-errors';
import { decodeCursor, encodeCursor } from './messages-table';

/**
 * The operators' audit log, on the messages table: pk `audit#<id>`, sk `audit`, gsi1pk `audit`,
 * gsi1sk `<at>#<id>` (newest first with one Query). Entries are written once and never changed.
 */
export async function putAuditEntry(entry: AuditEntry): Promise<boolean> {
  const put = new PutCommand({
    TableName: config().MESSAGES_TABLE,
    Item: { pk: `audit#${entry.id}`, sk: 'audit', gsi1pk: 'audit', gsi1sk: `${entry.at}#${entry.id}`, ...entry },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
  // False: an entry with this id is already written (a retried step with a key-derived id).
  return unlessConditionFails(async () => {
    await dynamo().send(put);
    return true;
  }, false);
}

export async function listAuditEntries(limit: number, cursor?: string): Promise<{ items: AuditEntry[]; cursor?: string }> {
  const out = await dynamo().send(
    new QueryCommand({
      TableName: config().MESSAGES_TABLE,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': 'audit' },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: decodeCursor(cursor),
    }),
  );
  const items = (out.Items ?? []).map(({ pk: _p, sk: _s, gsi1pk: _g, gsi1sk: _k, ...rest }) => rest as AuditEntry);
  const next = encodeCursor(out.LastEvaluatedKey);
  return { items, ...(next ? { cursor: next } : {}) };
}
