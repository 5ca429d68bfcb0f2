import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { countEvery, queryEvery } from '../../../lambdas/adapters/dynamo-query';
import { openJobs } from '../../../lambdas/adapters/job-lists';

/** queryEvery reads no more than it was asked for. Integration twin: the reconciler's tests (reconcile.test.ts) list open jobs on DynamoDB Local. */
const ddb = mockClient(DynamoDBDocumentClient);
const items = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ jobId: `j${from + i}` }));
const input = { TableName: 't', KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': 'x' } };

beforeEach(() => ddb.reset());

describe('queryEvery', () => {
  it('asks each page for at most `max` items and stops once `max` are in', async () => {
    ddb
      .on(QueryCommand)
      .resolvesOnce({ Items: items(0, 3), LastEvaluatedKey: { pk: 'a' } })
      .resolves({ Items: items(3, 5), LastEvaluatedKey: { pk: 'b' } });
    const out = await queryEvery(input, 5);
    expect(out.map((i) => i.jobId)).toEqual(['j0', 'j1', 'j2', 'j3', 'j4']);
    const calls = ddb.commandCalls(QueryCommand).map((c) => c.args[0].input);
    expect(calls).toHaveLength(2);
    expect(calls.map((c) => c.Limit)).toEqual([5, 5]);
    expect(calls[1]?.ExclusiveStartKey).toEqual({ pk: 'a' });
    expect(input).not.toHaveProperty('Limit'); // the caller's input is not written into
  });

  it('without `max` reads every page, as large as DynamoDB makes them', async () => {
    ddb
      .on(QueryCommand)
      .resolvesOnce({ Items: items(0, 2), LastEvaluatedKey: { pk: 'a' } })
      .resolves({ Items: items(2, 1) });
    expect(await queryEvery(input)).toHaveLength(3);
    expect(ddb.commandCalls(QueryCommand).map((c) => c.args[0].input.Limit)).toEqual([undefined, undefined]);
  });
});

describe('countEvery', () => {
  it('asks for counts only and sums them over every page (the inbox and report counts of the Overview)', async () => {
    ddb
      .on(QueryCommand)
      .resolvesOnce({ Count: 3, LastEvaluatedKey: { pk: 'a' } })
      .resolvesOnce({ Count: 0, LastEvaluatedKey: { pk: 'b' } })
      .resolves({ Count: 4 });
    expect(await countEvery(input)).toBe(7);
    const calls = ddb.commandCalls(QueryCommand).map((c) => c.args[0].input);
    expect(calls.map((c) => c.Select)).toEqual(['COUNT', 'COUNT', 'COUNT']);
    // One page after another until DynamoDB gives no key (the paginator reuses one input object, so the
    // recorded inputs all show the last key: the page count is what can be read here).
    expect(calls).toHaveLength(3);
    expect(input).not.toHaveProperty('Select'); // the caller's input is not written into
  });
});

describe('openJobs', () => {
  it('asks the running group only for what the waiting group left of the limit', async () => {
    ddb.on(QueryCommand, { ExpressionAttributeValues: { ':g': 'active' } }).resolves({ Items: items(0, 3) });
    ddb.on(QueryCommand, { ExpressionAttributeValues: { ':g': 'running' } }).resolves({ Items: items(3, 2) });
    expect(await openJobs(5)).toHaveLength(5);
    expect(ddb.commandCalls(QueryCommand).map((c) => c.args[0].input.Limit)).toEqual([5, 2]);
  });
});
