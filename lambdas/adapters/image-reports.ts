import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './aws-clients';
import { isConditionFailed } from './dynamo-errors';
import { type TransactItem, transact, type WriteOutcome } from './image-transactions';
import { type ImageItem, keys, stripKeys, tableName as table, VISIBLE_NAMES } from './images-table';

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
