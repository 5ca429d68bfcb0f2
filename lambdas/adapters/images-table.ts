import {
  BatchGetCommand,
  GetCommand,
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { ImageModeration } from '../../shared/schemas/gallery';
import { config } from '../lib/config';
import { AGAIN, retry } from '../lib/retry';
import { dynamo } from './aws-clients';
import { cancellationCodes, isConditionFailed } from './dynamo-errors';

/**
 * Images table (see docs/data-model.md). Item kinds, all on the generic keys:
 * - image      pk `img#<id>`          sk `img`   gsi1 owner list (newest first), gsi2 category list
 * - slot       pk `featured#<seq>`    sk `slot`  a copy of a featured image at a dense position 0..n-1
 * - counter    pk `featured#count`    sk `meta`  `count` = number of featured images (n)
 * - category   pk `cat#<Category>`    sk `meta`  `count`, `lastUpdated` of one category
 * A reported image also carries gsi4 `reported` / `<lastReportedAt>#<id>`: the moderation queue.
 * Operator images also carry gsi3 `console` (every one, hidden or not: the console's Admin Gallery).
 * A hidden image's gsi1pk is prefixed `hidden#` and it has no gsi2 and no slot; an unfeatured
 * operator image's gsi1pk is `unfeatured#owner#admin` and it has no slot.
 */
export interface ImageItem extends ImageModeration {
  id: string;
  fileName: string;
  prompt: string;
  createdAt: string;
  url: string;
  thumbnailUrl: string;
  aspectRatio: string;
  modelName: string;
  modelVersion: string;
  steps: number;
  category: string;
  width: number;
  height: number;
  seed: number;
  owner: 'admin' | 'user';
  userId?: string;
  /** Position in the featured sequence (admin images only). */
  featuredSeq?: number;
  hiddenAt?: string;
  /** Who hid it: `reports` (the threshold) or the operator's console. */
  hiddenBy?: string;
  lastReportedAt?: string;
  /** The operator's last 'keep' decision. */
  reviewedAt?: string;
  reviewedBy?: string;
  /** An operator image the operator took out of the featured gallery (it stays in its category). */
  unfeatured?: boolean;
  /** A visitor's picture its author made public with 'Share' (its page /i/<id>; reports apply). */
  sharedAt?: string;
}

export interface CategoryMeta {
  count: number;
  lastUpdated: string;
}

const SEQ_WIDTH = 10;
export const keys = {
  image: (id: string) => ({ pk: `img#${id}`, sk: 'img' }),
  slot: (seq: number) => ({ pk: `featured#${String(seq).padStart(SEQ_WIDTH, '0')}`, sk: 'slot' }),
  featuredCounter: { pk: 'featured#count', sk: 'meta' },
  category: (category: string) => ({ pk: `cat#${category}`, sk: 'meta' }),
};
export const ownerPartition = (owner: 'admin' | 'user', userId?: string) => (owner === 'admin' ? 'owner#admin' : `owner#user#${userId}`);
export const categoryPartition = (category: string) => `cat#${category}`;
export const listSortKey = (item: Pick<ImageItem, 'createdAt' | 'id'>) => `${item.createdAt}#${item.id}`;
export const CONSOLE_PARTITION = 'console';

/** The owner-list partition of a record in its current state (hidden and unfeatured images leave the public lists). */
export function ownerListPartition(record: Pick<ImageItem, 'owner' | 'userId' | 'hidden' | 'unfeatured'>): string {
  const base = ownerPartition(record.owner, record.userId);
  if (record.hidden) return `hidden#${base}`;
  return record.owner === 'admin' && record.unfeatured ? `unfeatured#${base}` : base;
}

/** Attributes an API answer carries; lists project only these. */
export const PUBLIC_ATTRIBUTES = [
  'id',
  'fileName',
  'prompt',
  'createdAt',
  'url',
  'thumbnailUrl',
  'aspectRatio',
  'modelName',
  'category',
  'width',
  'height',
  'seed',
] as const;

const table = () => config().IMAGES_TABLE;

/**
 * Public lists never show a hidden image. A filter runs after `Limit`, so a page can come back
 * short while more remain: the readers below page on LastEvaluatedKey, not on the count.
 */
const VISIBLE = { FilterExpression: 'attribute_not_exists(#hidden) OR #hidden = :false' } as const;
const VISIBLE_NAMES = { '#hidden': 'hidden' };
const VISIBLE_VALUES = { ':false': false };
const projection = () => ({
  ProjectionExpression: PUBLIC_ATTRIBUTES.map((_, i) => `#p${i}`).join(', '),
  ExpressionAttributeNames: Object.fromEntries(PUBLIC_ATTRIBUTES.map((a, i) => [`#p${i}`, a])),
});

function stripKeys(item: Record<string, unknown>): ImageItem {
  const {
    pk: _pk,
    sk: _sk,
    gsi1pk: _a,
    gsi1sk: _b,
    gsi2pk: _c,
    gsi2sk: _d,
    gsi3pk: _e,
    gsi3sk: _f,
    gsi4pk: _g,
    gsi4sk: _h,
    ...rest
  } = item;
  return rest as unknown as ImageItem;
}

/**
 * Shares (or stops sharing) a visitor's picture, only for its author: false when the picture does not
 * exist or is not theirs (the caller answers 404 either way, so ids of others are not revealed).
 */
export async function setShared(id: string, userId: string, shared: boolean): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.image(id),
        UpdateExpression: shared ? 'SET sharedAt = :now' : 'REMOVE sharedAt',
        ConditionExpression: 'attribute_exists(pk) AND #owner = :user AND userId = :u',
        ExpressionAttributeNames: { '#owner': 'owner' },
        ExpressionAttributeValues: { ':user': 'user', ':u': userId, ...(shared ? { ':now': new Date().toISOString() } : {}) },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailed(err)) return false;
    throw err;
  }
}

export async function getImage(id: string, consistent = false): Promise<ImageItem | undefined> {
  const out = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.image(id), ConsistentRead: consistent }));
  return out.Item ? stripKeys(out.Item) : undefined;
}

export async function getFeaturedCount(consistent = false): Promise<number> {
  const out = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.featuredCounter, ConsistentRead: consistent }));
  return typeof out.Item?.count === 'number' ? out.Item.count : 0;
}

export async function getCategoryMeta(category: string, consistent = false): Promise<CategoryMeta | undefined> {
  const out = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.category(category), ConsistentRead: consistent }));
  if (!out.Item) return undefined;
  return { count: Number(out.Item.count ?? 0), lastUpdated: String(out.Item.lastUpdated ?? '') };
}

export async function getSlot(seq: number): Promise<ImageItem | undefined> {
  const out = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.slot(seq), ConsistentRead: true }));
  return out.Item ? stripKeys(out.Item) : undefined;
}

/** Reads the slots at `seqs` with BatchGet (≤100 keys per call), retrying unprocessed keys. Order follows `seqs`. */
export async function getSlots(seqs: number[]): Promise<ImageItem[]> {
  const found = new Map<string, ImageItem>();
  for (let i = 0; i < seqs.length; i += 100) {
    let pending: Record<string, unknown>[] = seqs.slice(i, i + 100).map(keys.slot);
    await retry(
      async () => {
        const out = await dynamo().send(new BatchGetCommand({ RequestItems: { [table()]: { Keys: pending, ...projectionWithPk() } } }));
        for (const item of out.Responses?.[table()] ?? []) found.set(String(item.pk), stripKeys(item));
        pending = (out.UnprocessedKeys?.[table()]?.Keys as Record<string, unknown>[] | undefined) ?? [];
        return pending.length ? AGAIN : undefined;
      },
      // Keys DynamoDB still left unprocessed after 6 tries are left out (the sampler shows fewer).
      { attempts: 6, delayMs: (attempt) => 20 * 2 ** attempt, exhausted: () => undefined },
    );
  }
  return seqs.map((s) => found.get(keys.slot(s).pk)).filter((x): x is ImageItem => x !== undefined);
}

/** Slots carry `hidden` too: BatchGetItem has no filter, so the sampler drops hidden slots itself. */
function projectionWithPk() {
  const p = projection();
  return {
    ProjectionExpression: `${p.ProjectionExpression}, pk, #hidden`,
    ExpressionAttributeNames: { ...p.ExpressionAttributeNames, ...VISIBLE_NAMES },
  };
}

/**
 * Newest-first page of an index partition: skips `skip` items reading keys only, then reads `take`
 * items from there. Returns at most `take` items; fewer means the end.
 */
export async function queryPage(
  index: 'gsi1' | 'gsi2' | 'gsi3',
  partition: string,
  skip: number,
  take: number,
  /** Every attribute (the console needs the state flags), not only the public ones. */
  full = false,
): Promise<ImageItem[]> {
  const base: QueryCommandInput = {
    TableName: table(),
    IndexName: index,
    KeyConditionExpression: '#pk = :pk',
    ScanIndexForward: false,
  };
  const names = { '#pk': `${index}pk` };
  let startKey: Record<string, unknown> | undefined;
  let toSkip = skip;
  while (toSkip > 0) {
    const out = await dynamo().send(
      new QueryCommand({
        ...base,
        ...VISIBLE,
        ExpressionAttributeNames: { ...names, ...VISIBLE_NAMES },
        ExpressionAttributeValues: { ':pk': partition, ...VISIBLE_VALUES },
        ProjectionExpression: '#pk',
        Limit: toSkip,
        ExclusiveStartKey: startKey,
      }),
    );
    toSkip -= out.Count ?? 0;
    startKey = out.LastEvaluatedKey;
    if (!startKey) return [];
  }
  const items: ImageItem[] = [];
  const p = projection();
  do {
    const out = await dynamo().send(
      new QueryCommand({
        ...base,
        // Public lists skip report-hidden images; the console's full list (gsi3 `console`) shows them.
        ...(full ? {} : VISIBLE),
        ExpressionAttributeNames: full ? names : { ...names, ...p.ExpressionAttributeNames, ...VISIBLE_NAMES },
        ExpressionAttributeValues: full ? { ':pk': partition } : { ':pk': partition, ...VISIBLE_VALUES },
        ...(full ? {} : { ProjectionExpression: p.ProjectionExpression }),
        Limit: take - items.length,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of out.Items ?? []) items.push(full ? stripKeys(item) : (item as ImageItem));
    startKey = out.LastEvaluatedKey;
  } while (startKey && items.length < take);
  return items;
}

/** Every item of an index partition, newest first (a category's full list). */
export async function queryAll(index: 'gsi1' | 'gsi2', partition: string): Promise<ImageItem[]> {
  const items: ImageItem[] = [];
  const p = projection();
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(
      new QueryCommand({
        TableName: table(),
        IndexName: index,
        KeyConditionExpression: '#pk = :pk',
        ScanIndexForward: false,
        ...VISIBLE,
        ExpressionAttributeNames: { '#pk': `${index}pk`, ...p.ExpressionAttributeNames, ...VISIBLE_NAMES },
        ExpressionAttributeValues: { ':pk': partition, ...VISIBLE_VALUES },
        ProjectionExpression: p.ProjectionExpression,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of out.Items ?? []) items.push(item as ImageItem);
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return items;
}

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

/**
 * Counts one more reporting network on an image and puts it in the moderation queue (gsi4
 * `reported`, newest report first). Undefined when the image does not exist.
 */
export async function addReport(id: string, at: string): Promise<Pick<ImageItem, 'reportCount' | 'hidden'> | undefined> {
  try {
    const out = await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.image(id),
        UpdateExpression: 'ADD reportCount :one SET lastReportedAt = :at, gsi4pk = :queue, gsi4sk = :sk',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':one': 1, ':at': at, ':queue': 'reported', ':sk': `${at}#${id}` },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { reportCount: Number(out.Attributes?.reportCount ?? 0), hidden: out.Attributes?.hidden === true };
  } catch (err) {
    if (isConditionFailed(err)) return undefined;
    throw err;
  }
}

/**
 * The operator's (or the report threshold's) decision on an image. `hide` sets `hidden` on the
 * image and, for a featured image, on its slot copy (the random sampler reads slots). `keep` clears
 * it, takes the image out of the moderation queue and restarts its report count, so only new
 * networks' reports can hide it again. One transaction, conditioned on the slot still holding this
 * image: 'conflict' when a concurrent remove moved the slot (the caller re-reads and retries).
 */
export async function setModeration(record: ImageItem, decision: 'hide' | 'keep', by: string, at: string): Promise<WriteOutcome> {
  const T = table();
  const hide = decision === 'hide';
  const image = hide
    ? { UpdateExpression: 'SET #hidden = :true, hiddenAt = :at, hiddenBy = :by', values: { ':true': true, ':at': at, ':by': by } }
    : {
        UpdateExpression: 'REMOVE #hidden, hiddenAt, hiddenBy, gsi4pk, gsi4sk SET reportCount = :zero, reviewedAt = :at, reviewedBy = :by',
        values: { ':zero': 0, ':at': at, ':by': by },
      };
  const slot = hide ? image : { UpdateExpression: 'REMOVE #hidden, hiddenAt, hiddenBy', values: {} };
  const items: TransactItem[] = [
    {
      Update: {
        TableName: T,
        Key: keys.image(record.id),
        UpdateExpression: image.UpdateExpression,
        ExpressionAttributeNames: VISIBLE_NAMES,
        ExpressionAttributeValues: image.values,
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
  ];
  if (record.featuredSeq !== undefined) {
    items.push({
      Update: {
        TableName: T,
        Key: keys.slot(record.featuredSeq),
        UpdateExpression: slot.UpdateExpression,
        ExpressionAttributeNames: VISIBLE_NAMES,
        ConditionExpression: 'id = :id',
        ExpressionAttributeValues: { ...slot.values, ':id': record.id },
      },
    });
  }
  const result = await transact(items);
  if (result.ok) return 'ok';
  return result.reasons[0] === 'ConditionalCheckFailed' ? 'gone' : 'conflict';
}

/** The moderation queue: reported images, most recently reported first (hidden ones included). */
export async function listReported(limit = 50): Promise<ImageItem[]> {
  const out = await dynamo().send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'gsi4',
      KeyConditionExpression: 'gsi4pk = :queue',
      ExpressionAttributeValues: { ':queue': 'reported' },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (out.Items ?? []).map((item) => {
    const { gsi4pk: _q, gsi4sk: _s, ...rest } = item;
    return stripKeys(rest);
  });
}

export const tableName = table;
