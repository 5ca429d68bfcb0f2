import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { markHandled } from '../../../lambdas/services/inbox';
import { withEnv } from '../../fixtures/env';

const ddb = mockClient(DynamoDBDocumentClient);
const ref = (pk: string) => Buffer.from(pk).toString('base64url');

withEnv({});
beforeEach(() => {
  ddb.reset();
  ddb.on(UpdateCommand).resolves({});
  ddb.on(PutCommand).resolves({});
});

describe('inbox service: mark handled', () => {
  it('marks a picture report handled under its own sort key (the moderation queue’s Hide and Keep)', async () => {
    // Prepare: a report as putReportOnce stores it.
    const pk = 'report#img-1#abc123';
    ddb.on(GetCommand, { Key: { pk, sk: 'report' } }).resolves({ Item: { pk, sk: 'report', id: 'r1', type: 'image_report' } });
    // Act
    await markHandled('operator', ref(pk), true);
    // Assess
    const update = ddb.commandCalls(UpdateCommand)[0]?.args[0].input;
    expect(update?.Key).toEqual({ pk, sk: 'report' });
    expect(update?.ExpressionAttributeValues?.[':h']).toBe(true);
  });

  it('answers 404 for a ref that is no message', async () => {
    await expect(markHandled('operator', ref('image#x'), true)).rejects.toMatchObject({ code: 'message_not_found' });
  });
});
