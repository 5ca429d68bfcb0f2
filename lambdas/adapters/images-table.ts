import { BatchGetCommand, GetCommand, paginateScan, QueryCommand, type QueryCommandInput, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { REPORTS_ACTOR } from '../../shared/safety';
import type { GalleryImage, ImageModeration } from '../../shared/schemas/gallery';
import { clock } from '../lib/clock';
import { config } from '../lib/config';
import { AGAIN, retry } from '../lib/retry';
import { dynamo } from './aws-clients';
import { isConditionFailed } from './dynamo-errors';
import { queryEvery } from './dynamo-query';

/**
 * Images table (see docs/data-model.md). Item kinds, all on the generic keys:
 * - image      pk `img#<id>`          sk `img`   gsi1 owner list (newest first), gsi2 category list
 * - slot       pk `featured#<seq>`    sk `slot`  a copy of a featured image at a dense position 0..n-1
 * - counter    pk `featured#count`    sk `meta`  `count` = number of featured images (n)
 * - category   pk `cat#<Category>`    sk `meta`  `count`, `lastUpdated` of one category
 * A reported image also carries gsi4 `reported` / `<lastReportedAt>#<id>`: the moderation queue.
 * Operator images also carry gsi3 `console` (every one, hidden or not: the console's Admin Gallery).
 * A hidden image's gsi1pk is prefixed `hidden#` and it has no gsi2 and no slot; an unfeatured
 * operator image's gsi1pk is `unfeatured#owner#admin` and it has no slot. Hiding (by the console,
 * the report threshold or the image check) moves the record out of every public list, so no list
 * reads a filter.
 * The record is the API's image (shared/schemas/gallery.ts) plus what only the store keeps.
 */
export interface ImageItem extends Omit<GalleryImage, 'category'>, ImageModeration {
  modelVersion: string;
  steps: number;
  /** Always set on a record: a visitor's picture is in 'default'. */
  category: string;
  owner: 'admin' | 'user';
  userId?: string;
  /** Position in the featured sequence (admin images only). */
  featuredSeq?: number;
  hiddenAt?: string;
  /** Who hid it: `reports` (the threshold) or the operator's console. */
  hiddenBy?: string;
  lastReportedAt?: string;
  /** When the current count of reporting networks began (image-reports.ts addReport). */
  reportWindowStart?: string;
  /**
   * The operator's last Keep (the Moderation tab) or Unhide (the Admin Gallery): once set, reports
   * never hide the picture again by themselves; they only queue it (services/reports.ts).
   */
  reviewedAt?: string;
  reviewedBy?: string;
  /**
   * The image check's verdict on the picture (issue 30 item 2 stores it; the shape its schema in
   * shared/schemas gives it). `flagged` is the check agreeing with a report (services/reports.ts).
   */
  imageCheck?: { verdict: 'ok' | 'flagged' | 'unchecked'; by: string; reasons: string[] };
  /** An operator image the operator took out of the featured gallery (it stays in its category). */
  unfeatured?: boolean;
  /** A visitor's picture its author made public with 'Share' (its page /i/<id>; reports apply). */
  sharedAt?: string;
  /** Bytes of its stored objects (original and thumbnails) when stored: the overview's storage counter (services/stats.ts). */
  storedBytes?: number;
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

/**
 * The owner-list partition of a record in its current state (hidden and unfeatured images leave the
 * public lists). A visitor's picture that reports hid stays in its author's own list: it left public
 * view (its public copy, its page), not its author (docs/safety.md, 'Report a picture').
 */
export function ownerListPartition(record: Pick<ImageItem, 'owner' | 'userId' | 'hidden' | 'hiddenBy' | 'unfeatured'>): string {
  const base = ownerPartition(record.owner, record.userId);
  if (record.hidden && !(record.owner === 'user' && record.hiddenBy === REPORTS_ACTOR)) return `hidden#${base}`;
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
  'thumbnails',
  'aspectRatio',
  'modelName',
  'renderer',
  'category',
  'width',
  'height',
  'seed',
  // Read for the author's gallery (a held-back picture shows blurred); public answers never hold one.
  'imageCheck',
] as const;

const table = () => config().IMAGES_TABLE;

/**
 * The moderation queue (gsi4): a reported image that no operator has kept since its last report,
 * newest report first. Every write of an image record sets these keys from its state.
 */
export const REPORTED_PARTITION = 'reported';
export function reportQueueKeys(record: Pick<ImageItem, 'id' | 'reportCount' | 'lastReportedAt'>): { gsi4pk?: string; gsi4sk?: string } {
  if (!record.reportCount || !record.lastReportedAt) return {};
  return { gsi4pk: REPORTED_PARTITION, gsi4sk: `${record.lastReportedAt}#${record.id}` };
}

const projection = () => ({
  ProjectionExpression: PUBLIC_ATTRIBUTES.map((_, i) => `#p${i}`).join(', '),
  ExpressionAttributeNames: Object.fromEntries(PUBLIC_ATTRIBUTES.map((a, i) => [`#p${i}`, a])),
});

export function stripKeys(item: Record<string, unknown>): ImageItem {
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
        ExpressionAttributeValues: { ':user': 'user', ':u': userId, ...(shared ? { ':now': clock.date().toISOString() } : {}) },
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

/** The sampler needs each slot's key to put the answers back in the order asked. */
function projectionWithPk() {
  const p = projection();
  return { ProjectionExpression: `${p.ProjectionExpression}, pk`, ExpressionAttributeNames: p.ExpressionAttributeNames };
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
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: { ':pk': partition },
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
        ExpressionAttributeNames: full ? names : { ...names, ...p.ExpressionAttributeNames },
        ExpressionAttributeValues: { ':pk': partition },
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
  const p = projection();
  return queryEvery<ImageItem>({
    TableName: table(),
    IndexName: index,
    KeyConditionExpression: '#pk = :pk',
    ScanIndexForward: false,
    ExpressionAttributeNames: { '#pk': `${index}pk`, ...p.ExpressionAttributeNames },
    ExpressionAttributeValues: { ':pk': partition },
    ProjectionExpression: p.ProjectionExpression,
  });
}

/**
 * Every visitor's picture (id and whether it is shared): a Scan, for the one-off storage migration
 * only (services/private-images.ts), never on a request path.
 */
export async function scanVisitorImages(): Promise<Pick<ImageItem, 'id' | 'sharedAt'>[]> {
  const items: Pick<ImageItem, 'id' | 'sharedAt'>[] = [];
  const input = {
    TableName: table(),
    FilterExpression: 'sk = :img AND #owner = :user',
    ProjectionExpression: 'id, sharedAt',
    ExpressionAttributeNames: { '#owner': 'owner' },
    ExpressionAttributeValues: { ':img': 'img', ':user': 'user' },
  };
  for await (const page of paginateScan({ client: dynamo() }, input)) items.push(...((page.Items ?? []) as typeof items));
  return items;
}

export const tableName = table;
