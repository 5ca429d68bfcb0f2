import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../lib/config';
import { logger } from '../lib/logger';
import { dynamo } from './aws-clients';
import { queryEvery } from './dynamo-query';

/**
 * The overview's hourly aggregates, on the counters table beside the rate-limit windows (those are
 * `rl#…`): one item per UTC hour, pk `stats#hour`, sk the hour (`2026-11-27T23`), each counter a
 * number attribute (`made:visitor`, `failed:<reason>`, `wait:cold:<bucket>`…: services/stats.ts
 * names them) added to with ADD, plus `updatedAt` (the last write). Kept 400 days (expiresAt, the
 * table's TTL). One more item, pk `stats#total` sk `all`, holds running totals that never expire
 * (the stored bytes). A failed write is logged, never thrown: counting must not fail the work counted.
 */
export const STATS_HOURS_PK = 'stats#hour';
const TOTAL_KEY = { pk: 'stats#total', sk: 'all' };
const KEEP_SECONDS = 400 * 24 * 3600;

export type Counts = Record<string, number>;
export interface HourItem {
  hour: string;
  updatedAt?: string;
  counts: Counts;
}

/** `2026-11-27T23`: the hour (UTC) an instant falls in, the items' sort key. */
export const hourOf = (at: Date): string => at.toISOString().slice(0, 13);

/** Adds `counts` to the hour of `at`: one UpdateItem. Never throws. */
export async function addToHour(counts: Counts, at: Date): Promise<void> {
  await add({ pk: STATS_HOURS_PK, sk: hourOf(at) }, counts, at, Math.floor(at.getTime() / 1000) + KEEP_SECONDS);
}

/** Adds `counts` to the running totals. Never throws. */
export async function addToTotals(counts: Counts, at: Date): Promise<void> {
  await add(TOTAL_KEY, counts, at);
}

async function add(key: { pk: string; sk: string }, counts: Counts, at: Date, expiresAt?: number): Promise<void> {
  const entries = Object.entries(counts).filter(([, n]) => Number.isFinite(n) && n !== 0);
  if (!entries.length) return;
  const names: Record<string, string> = { '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = { ':now': at.toISOString() };
  const adds = entries.map(([name, n], i) => {
    names[`#c${i}`] = name;
    values[`:c${i}`] = n;
    return `#c${i} :c${i}`;
  });
  let set = 'SET #updatedAt = :now';
  if (expiresAt !== undefined) {
    set += ', expiresAt = if_not_exists(expiresAt, :expires)';
    values[':expires'] = expiresAt;
  }
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: config().COUNTERS_TABLE,
        Key: key,
        UpdateExpression: `ADD ${adds.join(', ')} ${set}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
  } catch (err) {
    logger.warn('could not count for the overview', { key: key.pk, counters: entries.map(([name]) => name), error: err as Error });
  }
}

const toCounts = (item: Record<string, unknown>): Counts => {
  const counts: Counts = {};
  for (const [name, value] of Object.entries(item)) {
    if (name === 'pk' || name === 'sk' || name === 'expiresAt' || typeof value !== 'number') continue;
    counts[name] = value;
  }
  return counts;
};

/** The hours from `fromHour` to `toHour` (inclusive, `hourOf` form), oldest first; hours nothing happened in have no item. */
export async function readHours(fromHour: string, toHour: string): Promise<HourItem[]> {
  const items = await queryEvery({
    TableName: config().COUNTERS_TABLE,
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': STATS_HOURS_PK, ':from': fromHour, ':to': toHour },
  });
  return items.map((item) => ({
    hour: String(item.sk),
    ...(typeof item.updatedAt === 'string' ? { updatedAt: item.updatedAt } : {}),
    counts: toCounts(item),
  }));
}

/** The running totals (empty before the first count). */
export async function readTotals(): Promise<HourItem['counts']> {
  const out = await dynamo().send(new GetCommand({ TableName: config().COUNTERS_TABLE, Key: TOTAL_KEY }));
  return out.Item ? toCounts(out.Item) : {};
}
