import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.LOG_LEVEL = 'SILENT';
});

import { handler as quota } from '../../../lambdas/handlers/safety/get-quota';
import { handler as report } from '../../../lambdas/handlers/safety/post-report';
import { resetConfig } from '../../../lambdas/lib/config';
import { resetPromptScreening } from '../../../lambdas/services/prompt-screening';
import { apiEvent, bodyOf, lambdaContext } from '../../fixtures/api-event';
import { resetAnsweringEmpty } from '../../fixtures/aws-mock';
import { expectRefusedBeforeAnyWrite, postGenerate } from './generate-request';

const ddb = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);
mockClient(SESv2Client);

const USER = '0b6b5c1e-8d1a-4a57-9a43-0c1d2e3f4a5b';
/** A visitor's shared picture: public, so reportable. */
const IMAGE = {
  pk: 'img#pic-1',
  sk: 'img',
  id: 'pic-1',
  prompt: 'A harbour',
  thumbnailUrl: '/files/t.webp',
  owner: 'user',
  userId: 'u-1',
  sharedAt: '2026-11-24T00:00:00.000Z',
};
const reportEvent = (body: unknown) => apiEvent({ method: 'POST', route: '/api/reports', body, sourceIp: '198.51.100.7' });

beforeEach(() => {
  resetAnsweringEmpty(ddb, GetCommand, UpdateCommand, PutCommand, TransactWriteCommand);
  s3.reset();
  s3.onAnyCommand().resolves({});
  process.env.REPORT_HIDE_THRESHOLD = '3';
  process.env.SCREENING_TERMS_CACHE_SECONDS = '0';
  process.env.GEN_USER_HOURLY = '30';
  process.env.GEN_IP_HOURLY = '60';
  resetConfig();
  resetConfig();
  resetPromptScreening();
});

describe('prompt screening in POST /api/generate (SDK mocked)', () => {
  const body = { prompt: 'a p0rn star', aspectRatio: '4:3', userId: USER, requestId: 'req-0001-abcd' };

  it('answers 422 prompt_refused having read only the blocked-terms item: no job, no counter', async () => {
    expectRefusedBeforeAnyWrite(await postGenerate(body), ddb);
  });

  it('still screens with the English list when the blocked-terms item cannot be read', async () => {
    ddb.on(GetCommand, { Key: { pk: 'settings#blocked-terms', sk: 'settings' } }).rejects(new Error('throttled'));
    const result = await postGenerate(body);
    expect(result.statusCode).toBe(422);
  });

  it('screens with the defaults after 1 s when the blocked-terms read stalls, not after a whole store timeout', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      ddb.on(GetCommand, { Key: { pk: 'settings#blocked-terms', sk: 'settings' } }).callsFake(() => new Promise(() => {}));
      let answered = false;
      const result = postGenerate(body).finally(() => {
        answered = true;
      });
      await vi.advanceTimersByTimeAsync(999);
      expect(answered).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect((await result).statusCode).toBe(422);
    } finally {
      vi.useRealTimers();
    }
  });

  it('uses the operator’s saved list instead of the defaults', async () => {
    ddb.on(GetCommand, { Key: { pk: 'settings#blocked-terms', sk: 'settings' } }).resolves({ Item: { terms: ['lighthouse'] } });
    const refused = await postGenerate({ ...body, prompt: 'a l1ghthouse at dusk' });
    expect(bodyOf(refused)).toMatchObject({ error: { code: 'prompt_refused', message: expect.stringContaining('“lighthouse”') } });
  });
});

describe('POST /api/reports (SDK mocked)', () => {
  it('stores the report, counts it, and at the threshold hides the picture as the console does: out of its list, still queued', async () => {
    const stored = { ...IMAGE, category: 'default', reportCount: 3, lastReportedAt: '2026-11-25T10:00:00.000Z' };
    ddb.on(GetCommand, { Key: { pk: 'img#pic-1', sk: 'img' } }).resolves({ Item: stored });
    ddb.on(UpdateCommand, { Key: { pk: 'img#pic-1', sk: 'img' } }).resolves({ Attributes: { reportCount: 3 } });
    const result = await report(reportEvent({ imageId: 'pic-1', reason: 'violent' }), lambdaContext());
    expect(result.statusCode).toBe(201);
    const put = ddb.commandCalls(PutCommand)[0]?.args[0].input;
    expect(put?.Item).toMatchObject({ type: 'image_report', gsi1pk: 'type#image_report', fields: { imageId: 'pic-1', reason: 'violent' } });
    expect(String(put?.Item?.pk)).toMatch(/^report#pic-1#[0-9a-f]{24}$/);
    expect(String(put?.Item?.pk)).not.toContain('198.51.100.7');
    const hide = ddb.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    expect(hide).toHaveLength(1);
    expect(hide[0]?.Put?.Item).toMatchObject({
      pk: 'img#pic-1',
      hidden: true,
      hiddenBy: 'reports',
      gsi1pk: 'hidden#owner#user#u-1',
      gsi4pk: 'reported',
      gsi4sk: '2026-11-25T10:00:00.000Z#pic-1',
    });
    // A report counted after the read makes the hide re-read instead of losing that report.
    expect(hide[0]?.Put?.ConditionExpression).toContain('reportCount = :reports');
    expect(hide[0]?.Put?.ExpressionAttributeValues).toMatchObject({ ':reports': 3 });
    // The shared picture's public copy goes with it (docs/privacy.md).
    expect(s3.commandCalls(DeleteObjectCommand).map((c) => c.args[0].input.Key)).toEqual([
      'files/images/pic-1.png',
      'files/thumbs/pic-1.webp',
    ]);
  });

  it('at the threshold takes a featured operator picture out of the featured sequence', async () => {
    const stored = {
      ...IMAGE,
      owner: 'admin',
      category: 'Animals',
      featuredSeq: 4,
      reportCount: 3,
      lastReportedAt: '2026-11-25T10:00:00.000Z',
    };
    ddb.on(GetCommand, { Key: { pk: 'img#pic-1', sk: 'img' } }).resolves({ Item: stored });
    ddb.on(GetCommand, { Key: { pk: 'featured#count', sk: 'meta' } }).resolves({ Item: { count: 5 } });
    ddb
      .on(GetCommand, { Key: { pk: 'cat#Animals', sk: 'meta' } })
      .resolves({ Item: { count: 2, lastUpdated: '2026-11-24T00:00:00.000Z' } });
    ddb.on(UpdateCommand, { Key: { pk: 'img#pic-1', sk: 'img' } }).resolves({ Attributes: { reportCount: 3 } });
    expect((await report(reportEvent({ imageId: 'pic-1', reason: 'violent' }), lambdaContext())).statusCode).toBe(201);
    const hide = ddb.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    expect(hide.map((t) => t.Delete?.Key).filter(Boolean)).toEqual([{ pk: 'featured#0000000004', sk: 'slot' }]);
    expect(hide.map((t) => t.Update?.Key).filter(Boolean)).toEqual([
      { pk: 'featured#count', sk: 'meta' },
      { pk: 'cat#Animals', sk: 'meta' },
    ]);
    const image = hide.find((t) => t.Put?.Item?.pk === 'img#pic-1')?.Put?.Item;
    expect(image).toMatchObject({ hidden: true, gsi1pk: 'hidden#owner#admin' });
    expect(image).not.toHaveProperty('gsi2pk');
  });

  it('does not hide below the threshold', async () => {
    ddb.on(GetCommand, { Key: { pk: 'img#pic-1', sk: 'img' } }).resolves({ Item: IMAGE });
    ddb.on(UpdateCommand, { Key: { pk: 'img#pic-1', sk: 'img' } }).resolves({ Attributes: { reportCount: 2 } });
    expect((await report(reportEvent({ imageId: 'pic-1', reason: 'spam' }), lambdaContext())).statusCode).toBe(201);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('answers a repeat from the same network with the first report’s id and counts nothing', async () => {
    ddb.on(GetCommand, { Key: { pk: 'img#pic-1', sk: 'img' } }).resolves({ Item: IMAGE });
    ddb.on(PutCommand).rejects(new ConditionalCheckFailedException({ message: 'exists', $metadata: {} }));
    ddb.on(GetCommand, { TableName: 'artloom-messages' }).resolves({ Item: { id: 'first-report' } });
    const result = await report(reportEvent({ imageId: 'pic-1', reason: 'spam' }), lambdaContext());
    expect(bodyOf(result)).toEqual({ id: 'first-report', received: true });
    expect(ddb.commandCalls(UpdateCommand, { Key: { pk: 'img#pic-1', sk: 'img' } })).toHaveLength(0);
  });

  it('answers 404 for a private, never-shared picture as for an unknown one, and writes nothing', async () => {
    const { sharedAt: _, ...unshared } = IMAGE;
    ddb.on(GetCommand, { Key: { pk: 'img#pic-1', sk: 'img' } }).resolves({ Item: unshared });
    const result = await report(reportEvent({ imageId: 'pic-1', reason: 'sexual' }), lambdaContext());
    expect(result.statusCode).toBe(404);
    expect(bodyOf(result)).toMatchObject({ error: { code: 'image_not_found' } });
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('answers 503 storage_unavailable, not 500, when the table fails', async () => {
    ddb.on(GetCommand, { Key: { pk: 'img#pic-1', sk: 'img' } }).resolves({ Item: IMAGE });
    ddb.on(PutCommand).rejects(new Error('InternalServerError'));
    const result = await report(reportEvent({ imageId: 'pic-1', reason: 'spam' }), lambdaContext());
    expect(result.statusCode).toBe(503);
    expect(bodyOf(result)).toMatchObject({ error: { code: 'storage_unavailable' } });
  });
});

describe('GET /api/generate/quota (SDK mocked)', () => {
  it('reads the same counter keys the generate route increments, in the current hour', async () => {
    ddb.on(GetCommand).resolves({ Item: { count: 26 } });
    const result = await quota(
      apiEvent({ route: '/api/generate/quota', query: { userId: USER }, sourceIp: '198.51.100.7' }),
      lambdaContext(),
    );
    expect(bodyOf(result)).toMatchObject({ scope: 'visitor', limit: 30, remaining: 4, enforced: true });
    const hour = Math.floor(Date.now() / 1000 / 3600) * 3600;
    expect(ddb.commandCalls(GetCommand).map((c) => c.args[0].input.Key)).toEqual([
      { pk: `rl#gen-user#${USER}`, sk: String(hour) },
      { pk: 'rl#gen-ip#198.51.100.7', sk: String(hour) },
    ]);
  });
});
