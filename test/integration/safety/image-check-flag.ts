import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../../lambdas/adapters/aws-clients';
import { keys } from '../../../lambdas/adapters/images-table';
import { config } from '../../../lambdas/lib/config';

/** Stores on a picture what issue 30 item 2's image check stores when it flags one. */
export async function flagByImageCheck(id: string): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: config().IMAGES_TABLE,
      Key: keys.image(id),
      UpdateExpression: 'SET imageCheck = :check',
      ExpressionAttributeValues: { ':check': { verdict: 'flagged', by: 'nsfwjs', reasons: ['Porn 0.97'] } },
    }),
  );
}
