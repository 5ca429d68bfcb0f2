import { DeleteCommand, DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetConfig } from '../../../lambdas/lib/config';
import { holdStreamPlace } from '../../../lambdas/services/job-events';

/**
 * A live stream's place is two writes (the job's, then the viewer network's: services/job-events.ts).
 * When the second write fails, the first place is given back at once instead of being held until it
 * expires (issue 30): a throttled table must not use up a job's few stream places.
 */
const ddb = mockClient(DynamoDBDocumentClient);
const JOB = '7d8e9f00-1a2b-4c3d-8e4f-5a6b7c8d9e0f';
const throttled = () => Object.assign(new Error('Rate exceeded'), { name: 'ProvisionedThroughputExceededException', $metadata: {} });

beforeEach(() => {
  ddb.reset();
  resetConfig();
  ddb.on(DeleteCommand).resolves({});
});

describe('holdStreamPlace', () => {
  it('gives the job’s place back when the network’s write fails, and the failure goes up', async () => {
    ddb.on(PutCommand).resolvesOnce({}).rejects(throttled());
    await expect(holdStreamPlace(JOB, '198.51.100.23')).rejects.toMatchObject({ name: 'ProvisionedThroughputExceededException' });
    const [jobPut] = ddb.commandCalls(PutCommand).map((c) => c.args[0].input);
    const deletes = ddb.commandCalls(DeleteCommand).map((c) => c.args[0].input);
    expect(deletes).toHaveLength(1);
    expect(deletes[0]).toMatchObject({
      Key: { pk: `streams#job#${JOB}`, sk: 'slot#0' },
      ConditionExpression: 'holder = :holder',
      ExpressionAttributeValues: { ':holder': jobPut?.Item?.holder },
    });
  });

  it('holds both places when both writes succeed, and gives both back on release', async () => {
    ddb.on(PutCommand).resolves({});
    const place = await holdStreamPlace(JOB, '198.51.100.23');
    expect(ddb.commandCalls(DeleteCommand)).toHaveLength(0);
    await place.release();
    expect(ddb.commandCalls(DeleteCommand).map((c) => c.args[0].input.Key?.pk)).toEqual([
      `streams#job#${JOB}`,
      expect.stringMatching(/^streams#net#/),
    ]);
  });
});
