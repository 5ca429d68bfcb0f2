import { TransactWriteCommand, type TransactWriteCommandInput, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './aws-clients';
import { cancellationCodes } from './dynamo-errors';
import { queryEvery } from './dynamo-query';
import {
  type CategoryMeta,
  CONSOLE_PARTITION,
  categoryPartition,
  type ImageItem,
  keys,
  listSortKey,
  ownerListPartition,
  ownerPartition,
  reportQueueKeys,
  tableName as table,
} from './images-table';

/**
 * The images table's multi-item writes (see images-table.ts for the item kinds): an image with its
 * featured slot, the featured counter and its category's metadata change together in one
 * transaction, conditioned on what the caller read; 'conflict' sends the caller to read again.
 */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Runs one transaction; returns the cancellation reason codes when DynamoDB cancelled it. */
async function transact(items: TransactItem[]): Promise<{ ok: true } | { ok: false; reasons: string[] }> {
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
 * An image's own item: its key, the record, and the index keys that put it on its lists in its
 * current state (gsi1: its owner's; gsi2: its category's, when `inCategory`; gsi3: the operator
 * console's, for the operator's own; gsi4: the moderation queue, while reported). Inserts and state
 * changes both write it this way.
 */
function imageItem(record: ImageItem, inCategory: boolean): Record<string, unknown> {
  return {
    ...keys.image(record.id),
    ...record,
    gsi1pk: ownerListPartition(record),
    gsi1sk: listSortKey(record),
    ...(inCategory ? { gsi2pk: categoryPartition(record.category), gsi2sk: listSortKey(record) } : {}),
    ...(record.owner === 'admin' ? { gsi3pk: CONSOLE_PARTITION, gsi3sk: listSortKey(record) } : {}),
    ...reportQueueKeys(record),
  };
}

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
        // A record stored hidden goes on the hidden list, as changeImageState would move it.
        Item: imageItem(record, category !== undefined),
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
    const closing = closeFeaturedHole(featured.count, hole, featured.moved, record.id);
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
 * into the hole. Undefined when the hole is not the last slot and that image was not read, or the
 * reads disagree (a concurrent change moved the leaving image itself into the last slot between
 * reading it and reading that slot: one transaction may not touch its item twice): the caller
 * re-reads and retries.
 */
function closeFeaturedHole(count: number, hole: number, last: ImageItem | undefined, leaving: string): TransactItem[] | undefined {
  const T = table();
  const lastSeq = count - 1;
  const items: TransactItem[] = [
    counterUpdate(count, lastSeq),
    { Delete: { TableName: T, Key: keys.slot(lastSeq), ConditionExpression: 'attribute_exists(pk)' } },
  ];
  if (hole === lastSeq) return items;
  if (!last || last.id === leaving) return undefined;
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

function counterUpdate(expected: number, next: number): TransactItem {
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

function categoryUpdate(category: string, prev: CategoryMeta | undefined, lastUpdated: string, delta: 1 | -1): TransactItem {
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

/**
 * The operator's changes to an image record on the images table (hide, feature, move) and the
 * console index; the item kinds and keys are described in images-table.ts.
 */

/**
 * Puts operator images stored before the console existed on its index (gsi3 `console`): one keys-only
 * Query of the featured list, then one conditioned UpdateItem per image that lacks the key. Idempotent.
 */
export async function backfillConsoleIndex(): Promise<number> {
  let updated = 0;
  const featured = await queryEvery({
    TableName: table(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': ownerPartition('admin') },
    ProjectionExpression: 'id, createdAt, gsi3pk',
  });
  for (const item of featured) {
    if (item.gsi3pk) continue;
    await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.image(String(item.id)),
        UpdateExpression: 'SET gsi3pk = :pk, gsi3sk = :sk',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: {
          ':pk': CONSOLE_PARTITION,
          ':sk': listSortKey({ createdAt: String(item.createdAt), id: String(item.id) }),
        },
      }),
    );
    updated++;
  }
  return updated;
}

export interface StateChange {
  /** The record as read (consistently). */
  before: ImageItem;
  /** The record as it must become (hidden, unfeatured, category; featuredSeq is decided here). */
  after: ImageItem;
  /** Featured count n as read. */
  count: number;
  /** The slot at n-1 when `before` leaves the sequence from elsewhere (it fills the hole). */
  last: ImageItem | undefined;
  /** Category metadata as read, keyed by category, with the next lastUpdated of each. */
  categories: Map<string, { prev: CategoryMeta | undefined; lastUpdated: string }>;
}

export const inFeatured = (r: ImageItem) => r.owner === 'admin' && !r.hidden && !r.unfeatured;
const inCategoryList = (r: ImageItem) => r.owner === 'admin' && !r.hidden && r.category !== 'default';

/**
 * Applies a hide/unhide, feature/unfeature or category move in one transaction: the record's index
 * keys follow its state, the featured sequence stays dense (a leaving image's hole is filled by the
 * last slot), and every category that gains or loses a listed image gets a new `lastUpdated`. Every
 * write is conditioned on what was read, so a concurrent writer makes it answer 'conflict' (retry).
 */
export async function changeImageState(change: StateChange): Promise<{ outcome: WriteOutcome; record: ImageItem }> {
  const T = table();
  const { before, count, last, categories } = change;
  const wasFeatured = before.featuredSeq !== undefined;
  const willFeature = inFeatured(change.after);
  const after: ImageItem = { ...change.after };
  delete after.featuredSeq;
  const items: TransactItem[] = [];
  if (wasFeatured && !willFeature) {
    const closing = closeFeaturedHole(count, before.featuredSeq as number, last, before.id);
    if (!closing) return { outcome: 'conflict', record: before };
    items.push(...closing);
  } else if (!wasFeatured && willFeature) {
    after.featuredSeq = count;
    items.push(counterUpdate(count, count + 1));
    items.push({ Put: { TableName: T, Item: { ...keys.slot(count), ...after }, ConditionExpression: 'attribute_not_exists(pk)' } });
  } else if (wasFeatured && willFeature) {
    after.featuredSeq = before.featuredSeq;
    items.push({ Put: { TableName: T, Item: { ...keys.slot(after.featuredSeq as number), ...after } } });
  }
  const wasListed = inCategoryList(before);
  const willList = inCategoryList(after);
  const moved = before.category !== after.category;
  if (wasListed && (!willList || moved)) items.push(categoryChange(before.category, categories, -1));
  if (willList && (!wasListed || moved)) items.push(categoryChange(after.category, categories, 1));
  const item = imageItem(after, willList);
  // A report counted since the read (addReport) makes this a conflict, re-read, rather than a lost report.
  const reports = before.reportCount === undefined ? 'attribute_not_exists(reportCount)' : 'reportCount = :reports';
  items.push({
    Put: {
      TableName: T,
      Item: item,
      ConditionExpression: wasFeatured
        ? `featuredSeq = :seq AND category = :cat AND ${reports}`
        : `attribute_exists(pk) AND attribute_not_exists(featuredSeq) AND category = :cat AND ${reports}`,
      ExpressionAttributeValues: {
        ':cat': before.category,
        ...(wasFeatured ? { ':seq': before.featuredSeq } : {}),
        ...(before.reportCount === undefined ? {} : { ':reports': before.reportCount }),
      },
    },
  });
  const result = await transact(items);
  return { outcome: result.ok ? 'ok' : 'conflict', record: after };
}

function categoryChange(category: string, categories: StateChange['categories'], delta: 1 | -1): TransactItem {
  const meta = categories.get(category);
  if (!meta) throw new Error(`category ${category} was not read`);
  return categoryUpdate(category, meta.prev, meta.lastUpdated, delta);
}
