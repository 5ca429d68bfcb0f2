import { paginateQuery, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './aws-clients';

/**
 * Every item a query matches, page after page with the SDK's paginator, up to `max`: each page asks
 * for no more than `max` items (the paginator's pageSize, DynamoDB's Limit), and the pages stop as
 * soon as `max` are in. Readers that page for a caller (a cursor, skip/take) keep
 * their own loop: they must stop on an exact count mid-partition and hand back the key.
 */
export async function queryEvery<T = Record<string, unknown>>(input: QueryCommandInput, max = Number.POSITIVE_INFINITY): Promise<T[]> {
  const items: T[] = [];
  const pageSize = Number.isFinite(max) ? max : undefined;
  // A copy: the paginator writes Limit and ExclusiveStartKey into the input it is given.
  for await (const page of paginateQuery({ client: dynamo(), ...(pageSize ? { pageSize } : {}) }, { ...input })) {
    items.push(...((page.Items ?? []) as T[]));
    if (items.length >= max) return items.slice(0, max);
  }
  return items;
}

/** How many items a query matches (Select COUNT), summed over every page with the SDK's paginator. */
export async function countEvery(input: QueryCommandInput): Promise<number> {
  let total = 0;
  for await (const page of paginateQuery({ client: dynamo() }, { ...input, Select: 'COUNT' })) total += page.Count ?? 0;
  return total;
}
