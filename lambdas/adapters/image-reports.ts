import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './aws-clients';
import { isConditionFailed } from './dynamo-errors';
import { type ImageItem, keys, REPORTED_PARTITION, reportQueueKeys, stripKeys, tableName as table } from './images-table';

/**
 * Counts one more reporting network on an image and puts it in the moderation queue (gsi4
 * `reported`, newest report first). The count is of one window: a report after `windowStart`
 * (ISO) adds one; a report when the count's window began earlier (or never) starts it again at one,
 * so networks spread over months never add up to a hiding. Answers the record as the count left it
 * (the decision to hide reads its state after this report, not before); undefined when the image
 * does not exist.
 */
export async function addReport(id: string, at: string, windowStart: string): Promise<ImageItem | undefined> {
  const queue = reportQueueKeys({ id, reportCount: 1, lastReportedAt: at });
  const values = { ':one': 1, ':at': at, ':queue': queue.gsi4pk, ':sk': queue.gsi4sk, ':cutoff': windowStart };
  const tail = 'lastReportedAt = :at, gsi4pk = :queue, gsi4sk = :sk';
  const update = (expression: string, condition: string) =>
    dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.image(id),
        UpdateExpression: expression,
        ConditionExpression: `attribute_exists(pk) AND ${condition}`,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
  // Two tries cover a window that closed between them; a third conflict is a concurrent reset, counted.
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const out = await update(`ADD reportCount :one SET ${tail}`, 'reportWindowStart >= :cutoff');
      return out.Attributes && stripKeys(out.Attributes);
    } catch (err) {
      if (!isConditionFailed(err)) throw err;
    }
    try {
      const out = await update(
        `SET reportCount = :one, reportWindowStart = :at, ${tail}`,
        '(attribute_not_exists(reportWindowStart) OR reportWindowStart < :cutoff)',
      );
      return out.Attributes && stripKeys(out.Attributes);
    } catch (err) {
      if (!isConditionFailed(err)) throw err;
    }
  }
  return undefined;
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
