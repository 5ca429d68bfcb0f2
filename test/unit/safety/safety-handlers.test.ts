import { DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
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
import { reportsHide } from '../../../lambdas/services/reports';
import { apiEvent, bodyOf, lambdaContext } from '../../fixtures/api-event';
import { resetAnsweringEmpty } from '../../fixtures/aws-mock';
import { expectRefusedBeforeAnyWrite, postGenerate } from './generate-request';

const ddb = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);
const ses = mockClient(SESv2Client);

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
  ses.reset();
  process.env.NOTIFY_EMAIL = '';
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

/** The TransactWrite calls that touch `table` (the report's own, or the hide's on the images table). */
const transactionsOn = (table: string) =>
  ddb
    .commandCalls(TransactWriteCommand)
    .map((c) => c.args[0].input.TransactItems ?? [])
    .filter((items) => items.some((t) => (t.Put ?? t.Update ?? t.Delete ?? t.ConditionCheck)?.TableName === table));
const cancelled = (...codes: string[]) =>
  Object.assign(new Error('Transaction cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: codes.map((Code) => ({ Code })),
  });
const counts = (attributes: Record<string, unknown>) =>
  ddb.on(UpdateCommand, { Key: { pk: 'img#pic-1', sk: 'img' } }).resolves({ Attributes: { ...IMAGE, category: 'default', ...attributes } });

describe('POST /api/reports (SDK mocked)', () => {
  it('stores the report, counts it, and at the threshold takes a shared picture out of public view: still in its author’s list, queued', async () => {
    const stored = { ...IMAGE, category: 'default', reportCount: 3, lastReportedAt: '2026-11-25T10:00:00.000Z' };
    ddb.on(GetCommand, { Key: { pk: 'img#pic-1', sk: 'img' } }).resolves({ Item: stored });
    counts({ reportCount: 3 });
    const result = await report(reportEvent({ imageId: 'pic-1', reason: 'violent' }), lambdaContext());
    expect(result.statusCode).toBe(201);
    const [put] = transactionsOn('artloom-messages')[0] ?? [];
    expect(put?.Put?.Item).toMatchObject({
      type: 'image_report',
      gsi1pk: 'type#image_report',
      fields: { imageId: 'pic-1', reason: 'violent' },
    });
    expect(String(put?.Put?.Item?.pk)).toMatch(/^report#pic-1#[0-9a-f]{24}$/);
    expect(String(put?.Put?.Item?.pk)).not.toContain('198.51.100.7');
    const hide = transactionsOn('artloom-images')[0] ?? [];
    expect(hide).toHaveLength(1);
    expect(hide[0]?.Put?.Item).toMatchObject({
      pk: 'img#pic-1',
      hidden: true,
      hiddenBy: 'reports',
      // Out of public view, not out of its author's gallery.
      gsi1pk: 'owner#user#u-1',
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

  it('hides a featured operator picture the image check flagged, at the threshold: out of the featured sequence', async () => {
    const stored = {
      ...IMAGE,
      owner: 'admin',
      category: 'Animals',
      featuredSeq: 4,
      reportCount: 3,
      lastReportedAt: '2026-11-25T10:00:00.000Z',
      imageCheck: { verdict: 'flagged', by: 'nsfwjs', reasons: ['Porn 0.91'] },
    };
    ddb.on(GetCommand, { Key: { pk: 'img#pic-1', sk: 'img' } }).resolves({ Item: stored });
    ddb.on(GetCommand, { Key: { pk: 'featured#count', sk: 'meta' } }).resolves({ Item: { count: 5 } });
    ddb
      .on(GetCommand, { Key: { pk: 'cat#Animals', sk: 'meta' } })
      .resolves({ Item: { count: 2, lastUpdated: '2026-11-24T00:00:00.000Z' } });
    counts(stored);
    expect((await report(reportEvent({ imageId: 'pic-1', reason: 'violent' }), lambdaContext())).statusCode).toBe(201);
    const hide = transactionsOn('artloom-images')[0] ?? [];
    expect(hide.map((t) => t.Delete?.Key).filter(Boolean)).toEqual([{ pk: 'featured#0000000004', sk: 'slot' }]);
    expect(hide.map((t) => t.Update?.Key).filter(Boolean)).toEqual([
      { pk: 'featured#count', sk: 'meta' },
      { pk: 'cat#Animals', sk: 'meta' },
    ]);
    const image = hide.find((t) => t.Put?.Item?.pk === 'img#pic-1')?.Put?.Item;
    expect(image).toMatchObject({ hidden: true, gsi1pk: 'hidden#owner#admin' });
    expect(image).not.toHaveProperty('gsi2pk');
  });

  it('does not hide an unflagged featured picture on `minor` reports, but emails the operator an URGENT alert at once', async () => {
    process.env.NOTIFY_EMAIL = 'ops@artloom.example';
    resetConfig();
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' });
    const featured = { ...IMAGE, owner: 'admin', category: 'Animals', featuredSeq: 0, reportCount: 5 };
    ddb.on(GetCommand, { Key: { pk: 'img#pic-1', sk: 'img' } }).resolves({ Item: featured });
    counts(featured);
    expect((await report(reportEvent({ imageId: 'pic-1', reason: 'minor' }), lambdaContext())).statusCode).toBe(201);
    expect(transactionsOn('artloom-images')).toHaveLength(0);
    const emails = ses.commandCalls(SendEmailCommand).map((c) => c.args[0].input);
    expect(emails).toHaveLength(1);
    expect(emails[0]?.Content?.Simple?.Subject?.Data).toMatch(
      /^\[Artloom\] URGENT: picture pic-1 reported as involving a minor; still public/,
    );
    expect(emails[0]?.Content?.Simple?.Body?.Text?.Data).toContain('reason: minor');
  });

  it('sends the plain notification, not the urgent one, for other reasons', async () => {
    process.env.NOTIFY_EMAIL = 'ops@artloom.example';
    resetConfig();
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' });
    ddb.on(GetCommand, { Key: { pk: 'img#pic-1', sk: 'img' } }).resolves({ Item: IMAGE });
    counts({ reportCount: 1 });
    await report(reportEvent({ imageId: 'pic-1', reason: 'spam' }), lambdaContext());
    expect(ses.commandCalls(SendEmailCommand)[0]?.args[0].input.Content?.Simple?.Subject?.Data).toBe('[Artloom] image_report: spam');
  });

  it('hides nothing once the operator kept the picture, even when the Keep lands between the count and the hide', async () => {
    counts({ reportCount: 2 });
    // The count answered before the Keep; the hide's own consistent read sees it.
    ddb
      .on(GetCommand, { Key: { pk: 'img#pic-1', sk: 'img' } })
      .resolves({ Item: { ...IMAGE, category: 'default', reviewedAt: '2026-11-26T00:00:00.000Z' } });
    expect((await report(reportEvent({ imageId: 'pic-1', reason: 'minor' }), lambdaContext())).statusCode).toBe(201);
    expect(transactionsOn('artloom-images')).toHaveLength(0);
    expect(s3.commandCalls(DeleteObjectCommand)).toHaveLength(0);
  });

  it('does not hide below the threshold', async () => {
    ddb.on(GetCommand, { Key: { pk: 'img#pic-1', sk: 'img' } }).resolves({ Item: IMAGE });
    counts({ reportCount: 2 });
    expect((await report(reportEvent({ imageId: 'pic-1', reason: 'spam' }), lambdaContext())).statusCode).toBe(201);
    expect(transactionsOn('artloom-images')).toHaveLength(0);
  });

  it('keys a report by its network and by the visitor id it carries, in one transaction', async () => {
    ddb.on(GetCommand, { Key: { pk: 'img#pic-1', sk: 'img' } }).resolves({ Item: IMAGE });
    counts({ reportCount: 1 });
    await report(reportEvent({ imageId: 'pic-1', reason: 'spam', userId: USER }), lambdaContext());
    const [items] = transactionsOn('artloom-messages');
    expect(items?.map((t) => String(t.Put?.Item?.pk))).toEqual([
      expect.stringMatching(/^report#pic-1#[0-9a-f]{24}$/),
      expect.stringMatching(/^report#pic-1#v[0-9a-f]{24}$/),
    ]);
    expect(items?.every((t) => t.Put?.ConditionExpression === 'attribute_not_exists(pk)')).toBe(true);
    // The marker names the report and stays out of the inbox's index.
    expect(items?.[1]?.Put?.Item).toEqual({
      pk: items?.[1]?.Put?.Item?.pk,
      sk: 'report',
      id: items?.[0]?.Put?.Item?.id,
      markerOf: 'pic-1',
    });
    expect(String(items?.[1]?.Put?.Item?.pk)).not.toContain(USER);
  });

  it('answers a repeat from a known reporter with the first report’s id, counts nothing, and claims the key it brought', async () => {
    ddb.on(GetCommand, { Key: { pk: 'img#pic-1', sk: 'img' } }).resolves({ Item: IMAGE });
    ddb.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed'));
    // The network is new to this picture; the visitor id reported it before.
    ddb.on(GetCommand, { TableName: 'artloom-messages' }).callsFake(async (input: { Key: { pk: string } }) => ({
      Item: input.Key.pk.includes('#v') ? { id: 'first-report' } : undefined,
    }));
    const result = await report(reportEvent({ imageId: 'pic-1', reason: 'spam', userId: USER }), lambdaContext());
    expect(bodyOf(result)).toEqual({ id: 'first-report', received: true });
    expect(ddb.commandCalls(UpdateCommand, { Key: { pk: 'img#pic-1', sk: 'img' } })).toHaveLength(0);
    const claims = ddb.commandCalls(PutCommand).map((c) => c.args[0].input);
    expect(claims).toEqual([
      expect.objectContaining({
        Item: expect.objectContaining({ id: 'first-report', markerOf: 'pic-1' }),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ]);
    expect(String(claims[0]?.Item?.pk)).toMatch(/^report#pic-1#[0-9a-f]{24}$/);
  });

  it('answers 404 for a private, never-shared picture as for an unknown one, and writes nothing', async () => {
    const { sharedAt: _, ...unshared } = IMAGE;
    ddb.on(GetCommand, { Key: { pk: 'img#pic-1', sk: 'img' } }).resolves({ Item: unshared });
    const result = await report(reportEvent({ imageId: 'pic-1', reason: 'sexual' }), lambdaContext());
    expect(result.statusCode).toBe(404);
    expect(bodyOf(result)).toMatchObject({ error: { code: 'image_not_found' } });
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('answers 503 storage_unavailable, not 500, when the table fails', async () => {
    ddb.on(GetCommand, { Key: { pk: 'img#pic-1', sk: 'img' } }).resolves({ Item: IMAGE });
    ddb.on(TransactWriteCommand).rejects(new Error('InternalServerError'));
    const result = await report(reportEvent({ imageId: 'pic-1', reason: 'spam' }), lambdaContext());
    expect(result.statusCode).toBe(503);
    expect(bodyOf(result)).toMatchObject({ error: { code: 'storage_unavailable' } });
  });
});

describe('reportsHide: when reports alone hide a picture', () => {
  const thresholds = { normal: 3, severe: 2 };
  const flagged = { verdict: 'flagged' as const, by: 'nsfwjs', reasons: ['Porn'] };
  it.each([
    ['a visitor’s shared picture at the severe threshold', { owner: 'user' as const, reportCount: 2 }, 'minor' as const, true],
    ['a visitor’s shared picture below it', { owner: 'user' as const, reportCount: 1 }, 'minor' as const, false],
    ['a visitor’s shared picture at 2 for a normal reason', { owner: 'user' as const, reportCount: 2 }, 'sexual' as const, false],
    ['an operator picture at any count, unflagged', { owner: 'admin' as const, reportCount: 50 }, 'minor' as const, false],
    [
      'an operator picture the check flagged, on one minor report',
      { owner: 'admin' as const, reportCount: 1, imageCheck: flagged },
      'minor' as const,
      true,
    ],
    [
      'an operator picture the check passed',
      { owner: 'admin' as const, reportCount: 9, imageCheck: { ...flagged, verdict: 'ok' as const } },
      'minor' as const,
      false,
    ],
    [
      'an operator picture the check flagged, at the normal threshold',
      { owner: 'admin' as const, reportCount: 3, imageCheck: flagged },
      'violent' as const,
      true,
    ],
    [
      'an operator picture the check flagged, below it',
      { owner: 'admin' as const, reportCount: 2, imageCheck: flagged },
      'violent' as const,
      false,
    ],
    [
      'any picture the operator kept or unhid',
      { owner: 'user' as const, reportCount: 40, reviewedAt: '2026-11-01T00:00:00Z', imageCheck: flagged },
      'minor' as const,
      false,
    ],
  ])('%s', (_case, image, reason, hides) => {
    expect(reportsHide(image, reason, thresholds)).toBe(hides);
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
