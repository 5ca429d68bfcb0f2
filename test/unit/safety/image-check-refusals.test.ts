import { CopyObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.LOG_LEVEL = 'SILENT';
});

import { handler as download } from '../../../lambdas/handlers/download/get-download';
import { handler as share } from '../../../lambdas/handlers/share/post-share';
import { resetConfig } from '../../../lambdas/lib/config';
import { patchImage } from '../../../lambdas/services/admin-images';
import { readerView } from '../../../lambdas/services/private-images';
import type { ImageCheckResult } from '../../../shared/image-check';
import { apiEvent, bodyOf, lambdaContext } from '../../fixtures/api-event';

/** What a picture the image check held back may not do (docs/safety.md, 'Image check'), SDK mocked; the local twin is test/integration/safety/image-check.test.ts. */
const ddb = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);

const ID = 'c0ffee00-1111-4222-8333-444455556666';
const AUTHOR = '0b6b5c1e-8d1a-4a57-9a43-0c1d2e3f4a5b';
const FLAGGED: ImageCheckResult = {
  verdict: 'flagged',
  by: 'nsfwjs MobileNetV2 (tfjs-wasm)',
  reasons: ['explicit content (Porn 88%, Hentai 3%, Sexy 6%)'],
};

const record = (over: Record<string, unknown> = {}) => ({
  pk: `img#${ID}`,
  sk: 'img',
  id: ID,
  fileName: `${ID}.png`,
  prompt: 'A castle',
  createdAt: '2026-11-27T20:00:00.000Z',
  url: `/files/images/${ID}.png`,
  thumbnailUrl: `/files/thumbs/${ID}.webp`,
  aspectRatio: '4:3',
  modelName: 'FLUX.1-schnell',
  modelVersion: 'fp8',
  steps: 4,
  category: 'default',
  width: 64,
  height: 48,
  seed: 1,
  owner: 'user',
  userId: AUTHOR,
  imageCheck: FLAGGED,
  ...over,
});

beforeAll(() => {
  process.env.AWS_ACCESS_KEY_ID ??= 'test';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'test';
  resetConfig();
});
beforeEach(() => {
  ddb.reset();
  s3.reset();
  ddb.on(UpdateCommand).resolves({});
  ddb.on(TransactWriteCommand).resolves({});
  s3.on(CopyObjectCommand).resolves({});
});

const shareEvent = (userId: string) =>
  apiEvent({
    method: 'POST',
    route: '/api/images/{id}/share',
    path: `/api/images/${ID}/share`,
    pathParameters: { id: ID },
    body: { userId, shared: true },
  });

describe('a held-back picture', () => {
  it('is never shared: its author gets 409 image_check_flagged and nothing is written', async () => {
    ddb.on(GetCommand).resolves({ Item: record() });
    const result = await share(shareEvent(AUTHOR), lambdaContext());
    expect(result.statusCode).toBe(409);
    expect(bodyOf(result)).toMatchObject({ error: { code: 'image_check_flagged', message: expect.stringContaining('cannot be shared') } });
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
    expect(s3.commandCalls(CopyObjectCommand)).toHaveLength(0);
  });

  it('is shared as any once the check said ok (or the operator released it)', async () => {
    ddb.on(GetCommand).resolves({ Item: record({ imageCheck: { verdict: 'ok', by: 'operator ops', reasons: [] } }) });
    expect((await share(shareEvent(AUTHOR), lambdaContext())).statusCode).toBe(200);
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(1);
  });

  it('is never featured or unhidden by the console: 409 until the operator’s Keep releases it', async () => {
    ddb
      .on(GetCommand)
      .resolves({ Item: record({ owner: 'admin', userId: undefined, category: 'Space', hidden: true, hiddenBy: 'image-check' }) });
    await expect(patchImage('ops', ID, { featured: true })).rejects.toMatchObject({ status: 409, code: 'image_check_flagged' });
    await expect(patchImage('ops', ID, { hidden: false })).rejects.toMatchObject({ status: 409, code: 'image_check_flagged' });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
    // Hiding it further stays allowed.
    await expect(patchImage('ops', ID, { featured: false })).resolves.toBeDefined();
  });

  it('is released by Keep: the record then says ok, by the operator, and keeps what the check had said', async () => {
    ddb
      .on(GetCommand)
      .resolves({ Item: record({ owner: 'admin', userId: undefined, category: 'Space', hidden: true, hiddenBy: 'image-check' }) });
    await patchImage('ops@example.com', ID, { keep: true });
    const items = ddb.commandCalls(TransactWriteCommand).flatMap((c) => c.args[0].input.TransactItems ?? []);
    const written = items.find((t) => String(t.Put?.Item?.pk) === `img#${ID}`)?.Put?.Item;
    expect(written?.imageCheck).toEqual({
      verdict: 'ok',
      by: 'operator ops@example.com',
      reasons: ['released; the check had said: explicit content (Porn 88%, Hentai 3%, Sexy 6%)'],
    });
    expect(written?.hidden).toBeUndefined();
  });

  it('is not downloaded, its author included', async () => {
    ddb.on(GetCommand).resolves({ Item: record() });
    const result = await download(
      apiEvent({ path: '/api/download', query: { path: `/files/images/${ID}.png`, userId: AUTHOR } }),
      lambdaContext(),
    );
    expect(result.statusCode).toBe(409);
    expect(bodyOf(result)).toMatchObject({ error: { code: 'image_check_flagged' } });
  });

  it('reaches its author as the thumbnail alone, with the verdict, never the original’s url', async () => {
    // The author's view, by the one reader rule (readerView with the author's id).
    const view = (await readerView(record() as never, AUTHOR)).image ?? ({} as never);
    expect(view.imageCheck).toEqual(FLAGGED);
    expect(view.url).toBe(view.thumbnailUrl);
    expect(view.url).toContain('.webp');
    expect(view.url).not.toContain('.png');
    const ok = (await readerView(record({ imageCheck: { verdict: 'ok', by: 'm', reasons: [] } }) as never, AUTHOR)).image ?? ({} as never);
    expect(ok.url).toContain('.png');
    expect(ok).not.toHaveProperty('imageCheck');
  });
});
