import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './aws-clients';
import { isConditionFailed } from './dynamo-errors';
import { type ImageItem, keys, REPORTED_PARTITION, reportQueueKeys, stripKeys, tableName as table } from './images-table';

/**
 * Counts one more reporting network on an image and puts it in the moderation queue (gsi4
 * `reported`, newest report first). Undefined when the image does not exist.
 */
export async function addReport(id: string, at: string): Promise<Pick<ImageItem, 'reportCount' | 'hidden'> | undefined> {
  const queue = reportQueueKeys({ id, reportCount: 1, lastReportedAt: at });
  try {
    const out = await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.image(id),
        UpdateExpression: 'ADD reportCount :one SET lastReportedAt = :at, gsi4pk = :queue, gsi4sk = :sk',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':one': 1, ':at': at, ':queue': queue.gsi4pk, ':sk': queue.gsi4sk },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { reportCount: Number(out.Attributes?.reportCount ?? 0), hidden: out.Attributes?.hidden === true };
  } catch (err) {
    if (isConditionFailed(err)) return undefined;
    throw err;
  }
}

/** The moderation queue: reported images, most recently reported first (hidden ones included). */
export async function listReported(limit = 50): Promise<ImageItem[]> {
  const out = await dynamo().send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'gsi4',
      KeyConditionExpression: 'gsi4pk = :queue',
      ExpressionAttributeValues: { ':queue': REPORTED_PARTITION },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (out.Items ?? []).map(stripKeys);
}
