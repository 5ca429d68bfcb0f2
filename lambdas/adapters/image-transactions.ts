import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './aws-clients';
import { cancellationCodes } from './dynamo-errors';
import {
  type CategoryMeta,
  CONSOLE_PARTITION,
  categoryPartition,
  type ImageItem,
  keys,
  listSortKey,
  ownerListPartition,
  tableName as table,
} from './images-table';

/**
 * The images table's multi-item writes (see images-table.ts for the item kinds): an image with its
 * featured slot, the featured counter and its category's metadata change together in one
 * transaction, conditioned on what the caller read; 'conflict' sends the caller to read again.
 */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Runs one transaction; returns the cancellation reason codes when DynamoDB cancelled it. */
export async function transact(items: TransactItem[]): Promise<{ ok: true } | { ok: false; reasons: string[] }> {
  try {
    await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
    return { ok: true };
  } catch (err) {
    const reasons = cancellationCodes(err);
    if (reasons) return { ok: false, reasons };
    throw err;
  }
}

export type WriteOutcome = 'ok' | 'exists' | 'gone' | 'conflict';

/**
 * Inserts an image record with, for operator images, its featured slot at `featured.seq` (= the
 * current count n, so the sequence stays dense) and, for a category, the category's metadata — all in
 * one transaction conditioned on what was read, so concurrent writers retry instead of corrupting it.
 */
export async function insertImage(
  record: ImageItem,
  featured: { seq: number } | undefined,
  category: { prev: CategoryMeta | undefined; lastUpdated: string } | undefined,
): Promise<WriteOutcome> {
  const T = table();
  const items: TransactItem[] = [
    {
      Put: {
        TableName: T,
        Item: {
          ...keys.image(record.id),
          ...record,
          // A record stored hidden goes on the hidden list, as changeImageState would move it.
          gsi1pk: ownerListPartition(record),
          gsi1sk: listSortKey(record),
          ...(category ? { gsi2pk: categoryPartition(record.category), gsi2sk: listSortKey(record) } : {}),
          ...(record.owner === 'admin' ? { gsi3pk: CONSOLE_PARTITION, gsi3sk: listSortKey(record) } : {}),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
  if (featured) {
    items.push(
      { Put: { TableName: T, Item: { ...keys.slot(featured.seq), ...record }, ConditionExpression: 'attribute_not_exists(pk)' } },
      counterUpdate(featured.seq, featured.seq + 1),
    );
  }
  if (category) items.push(categoryUpdate(record.category, category.prev, category.lastUpdated, 1));
  const result = await transact(items);
  if (result.ok) return 'ok';
  return result.reasons[0] === 'ConditionalCheckFailed' ? 'exists' : 'conflict';
}

/**
 * Removes an image record. An operator image's slot is filled by the last slot (`moved`, at n-1),
 * whose record learns its new position, and the count drops by one: the sequence stays dense.
 */
export async function removeImage(
  record: ImageItem,
  featured: { count: number; moved: ImageItem | undefined } | undefined,
  category: { prev: CategoryMeta | undefined; lastUpdated: string } | undefined,
): Promise<WriteOutcome> {
  const T = table();
  const items: TransactItem[] = [];
  if (featured && record.featuredSeq !== undefined) {
    const hole = record.featuredSeq;
    items.push({
      Delete: {
        TableName: T,
        Key: keys.image(record.id),
        ConditionExpression: 'featuredSeq = :seq',
        ExpressionAttributeValues: { ':seq': hole },
      },
    });
    const closing = closeFeaturedHole(featured.count, hole, featured.moved);
    if (!closing) return 'conflict';
    items.push(...closing);
  } else {
    items.push({ Delete: { TableName: T, Key: keys.image(record.id), ConditionExpression: 'attribute_exists(pk)' } });
  }
  if (category) items.push(categoryUpdate(record.category, category.prev, category.lastUpdated, -1));
  const result = await transact(items);
  if (result.ok) return 'ok';
  return 'conflict';
}

/**
 * The writes that take position `hole` out of the dense featured sequence of `count` slots: the
 * counter goes down, the last slot is removed, and the image in it (`last`, read beforehand) moves
 * into the hole. Undefined when the hole is not the last slot and that image was not read (the
 * caller re-reads and retries).
 */
export function closeFeaturedHole(count: number, hole: number, last: ImageItem | undefined): TransactItem[] | undefined {
  const T = table();
  const lastSeq = count - 1;
  const items: TransactItem[] = [
    counterUpdate(count, lastSeq),
    { Delete: { TableName: T, Key: keys.slot(lastSeq), ConditionExpression: 'attribute_exists(pk)' } },
  ];
  if (hole === lastSeq) return items;
  if (!last) return undefined;
  const moved = { ...last, featuredSeq: hole };
  items.push({ Put: { TableName: T, Item: { ...keys.slot(hole), ...moved } } });
  items.push({
    Update: {
      TableName: T,
      Key: keys.image(moved.id),
      UpdateExpression: 'SET featuredSeq = :hole',
      ConditionExpression: 'featuredSeq = :last',
      ExpressionAttributeValues: { ':hole': hole, ':last': lastSeq },
    },
  });
  return items;
}

export function counterUpdate(expected: number, next: number): TransactItem {
  return {
    Update: {
      TableName: table(),
      Key: keys.featuredCounter,
      UpdateExpression: 'SET #count = :next',
      ConditionExpression: expected === 0 ? 'attribute_not_exists(#count) OR #count = :expected' : '#count = :expected',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':next': next, ':expected': expected },
    },
  };
}

export function categoryUpdate(category: string, prev: CategoryMeta | undefined, lastUpdated: string, delta: 1 | -1): TransactItem {
  return {
    Update: {
      TableName: table(),
      Key: keys.category(category),
      UpdateExpression: 'SET lastUpdated = :now ADD #count :delta',
      ConditionExpression: prev ? 'lastUpdated = :prev' : 'attribute_not_exists(pk)',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':now': lastUpdated, ':delta': delta, ...(prev ? { ':prev': prev.lastUpdated } : {}) },
    },
  };
}
