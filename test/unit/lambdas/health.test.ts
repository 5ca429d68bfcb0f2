import { HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { handler } from '../../../lambdas/handlers/system/get-health';
import { apiEvent, bodyOf, lambdaContext } from '../../fixtures/api-event';

const ddb = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);

describe('health handler', () => {
  beforeEach(() => {
    ddb.reset();
    s3.reset();
  });

  it('reports every dependency up with 200', async () => {
    ddb.on(GetCommand).resolves({});
    s3.on(HeadBucketCommand).resolves({});
    const result = await handler(apiEvent({ path: '/api/health' }), lambdaContext());
    expect(result.statusCode).toBe(200);
    expect(bodyOf(result)).toMatchObject({
      ok: true,
      safety: { promptScreening: 'word lists only', imageCheck: 'off (no image moderation)' },
      dependencies: { dynamodb: { ok: true }, s3: { ok: true } },
    });
    expect(ddb.commandCalls(GetCommand)[0]?.args[0].input).toMatchObject({ Key: { pk: 'health', sk: 'health' } });
  });

  it('answers 503 and names the failing dependency', async () => {
    ddb.on(GetCommand).resolves({});
    s3.on(HeadBucketCommand).rejects(Object.assign(new Error('no bucket'), { name: 'NotFound' }));
    const result = await handler(apiEvent({ path: '/api/health' }), lambdaContext());
    expect(result.statusCode).toBe(503);
    expect(bodyOf(result)).toMatchObject({ ok: false, dependencies: { s3: { ok: false, error: 'NotFound' } } });
  });

  it('counts a dependency as down only when two tries in a row fail', async () => {
    ddb
      .on(GetCommand)
      .rejectsOnce(Object.assign(new Error('socket hang up'), { name: 'TimeoutError' }))
      .resolves({});
    s3.on(HeadBucketCommand).resolves({});
    const result = await handler(apiEvent({ path: '/api/health' }), lambdaContext());
    expect(result.statusCode).toBe(200);
    expect(ddb.commandCalls(GetCommand)).toHaveLength(2);
    expect(s3.commandCalls(HeadBucketCommand)).toHaveLength(1);
  });
});
