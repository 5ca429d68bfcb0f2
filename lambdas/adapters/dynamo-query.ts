import { paginateQuery, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './aws-clients';

/**
 * Every item a query matches, page after page with the SDK's paginator, up to `max` (the pages
 * stop as soon as `max` items are in). Readers that page for a caller (a cursor, skip/take) keep
 * their own loop: they must stop on an exact count mid-partition and hand back the key.
 */
export async function queryEvery<T = Record<string, unknown>>(input: QueryCommandInput, max = Number.POSITIVE_INFINITY): Promise<T[]> {
  const items: T[] = [];
  for await (const page of paginateQuery({ client: dynamo() }, input)) {
    items.push(...((page.Items ?? []) as T[]));
    if (items.length >= max) return items.slice(0, max);
  }
  return items;
}
