import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './aws-clients';
import { queryEvery } from './dynamo-query';
import { categoryUpdate, closeFeaturedHole, counterUpdate, type TransactItem, transact, type WriteOutcome } from './image-transactions';
import {
  type CategoryMeta,
  CONSOLE_PARTITION,
  categoryPartition,
  type ImageItem,
  keys,
  listSortKey,
  ownerListPartition,
  ownerPartition,
  tableName,
} from './images-table';

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
    TableName: tableName(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': ownerPartition('admin') },
    ProjectionExpression: 'id, createdAt, gsi3pk',
  });
  for (const item of featured) {
    if (item.gsi3pk) continue;
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
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
  const T = tableName();
  const { before, count, last, categories } = change;
  const wasFeatured = before.featuredSeq !== undefined;
  const willFeature = inFeatured(change.after);
  const after: ImageItem = { ...change.after };
  delete after.featuredSeq;
  const items: TransactItem[] = [];
  if (wasFeatured && !willFeature) {
    const closing = closeFeaturedHole(count, before.featuredSeq as number, last);
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
  const item: Record<string, unknown> = {
    ...keys.image(after.id),
    ...after,
    gsi1pk: ownerListPartition(after),
    gsi1sk: listSortKey(after),
    ...(willList ? { gsi2pk: categoryPartition(after.category), gsi2sk: listSortKey(after) } : {}),
    ...(after.owner === 'admin' ? { gsi3pk: CONSOLE_PARTITION, gsi3sk: listSortKey(after) } : {}),
  };
  items.push({
    Put: {
      TableName: T,
      Item: item,
      ConditionExpression: wasFeatured
        ? 'featuredSeq = :seq AND category = :cat'
        : 'attribute_exists(pk) AND attribute_not_exists(featuredSeq) AND category = :cat',
      ExpressionAttributeValues: { ':cat': before.category, ...(wasFeatured ? { ':seq': before.featuredSeq } : {}) },
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
