import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import sharp from 'sharp';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.LOG_LEVEL = 'SILENT';
});

import { storeJobImage } from '../../../lambdas/services/store-job-image';
import type { ImageCheckResult } from '../../../shared/image-check';

/** StoreImage with the worker's verdict (docs/safety.md, 'Image check'), SDK mocked; the local twin is test/integration/safety/image-check.test.ts. */
const s3 = mockClient(S3Client);
const ddb = mockClient(DynamoDBDocumentClient);

const JOB = '5f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0';
const FLAGGED: ImageCheckResult = {
  verdict: 'flagged',
  by: 'nsfwjs MobileNetV2 (tfjs-wasm)',
  reasons: ['explicit content (Porn 88%, Hentai 3%, Sexy 6%)'],
};
const OK: ImageCheckResult = { verdict: 'ok', by: 'nsfwjs MobileNetV2 (tfjs-wasm)', reasons: [] };

const input = (imageCheck: ImageCheckResult | undefined, category?: string) => ({
  job: { jobId: JOB, userId: 'admin', prompt: 'A castle', aspectRatio: '4:3', width: 64, height: 48, ...(category ? { category } : {}) },
  limits: { heartbeatSeconds: 30, taskTimeoutSeconds: 900 },
  result: {
    stagingKey: `staging/${JOB}.png`,
    seed: 7,
    width: 64,
    height: 48,
    comfyPromptId: 'p-1',
    ...(imageCheck ? { imageCheck } : {}),
    timings: { pickedAt: new Date().toISOString(), renderMs: 1, workerMs: 1 },
  },
});

/** The image record the store transaction wrote, and how many items that transaction had. */
function storedImage(): { item: Record<string, unknown>; items: number } {
  const calls = ddb.commandCalls(TransactWriteCommand).map((c) => c.args[0].input.TransactItems ?? []);
  const tx = calls.find((items) => items.some((t) => String(t.Put?.Item?.pk).startsWith('img#'))) ?? [];
  const put = tx.find((t) => String(t.Put?.Item?.pk).startsWith('img#'));
  return { item: put?.Put?.Item ?? {}, items: tx.length };
}
/** What went to the messages table: the queue item (putReportOnce's transaction), then any single put (the audit entry). */
const messagePuts = () => [
  ...ddb
    .commandCalls(TransactWriteCommand)
    .flatMap((c) => (c.args[0].input.TransactItems ?? []).map((t) => t.Put?.Item ?? {}))
    .filter((item) => String(item.pk).startsWith('report#')),
  ...ddb.commandCalls(PutCommand).map((c) => c.args[0].input.Item ?? {}),
];

beforeEach(async () => {
  s3.reset();
  ddb.reset();
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#884422' } })
    .png()
    .toBuffer();
  s3.on(GetObjectCommand).resolves({ Body: { transformToByteArray: async () => new Uint8Array(png) } } as never);
  s3.on(PutObjectCommand).resolves({});
  s3.on(DeleteObjectCommand).resolves({});
  ddb.on(GetCommand).resolves({});
  ddb.on(PutCommand).resolves({});
  ddb.on(UpdateCommand).resolves({});
  ddb.on(TransactWriteCommand).resolves({});
});

describe('StoreImage with the worker’s image check (SDK mocked)', () => {
  it('stores a flagged visitor’s picture with its verdict, private as any, and queues it for the operator', async () => {
    await storeJobImage(input(FLAGGED));
    const { item } = storedImage();
    expect(item.imageCheck).toEqual(FLAGGED);
    expect(item).not.toHaveProperty('hidden'); // its author still finds it in their gallery (blurred)
    expect(messagePuts()).toEqual([
      expect.objectContaining({
        pk: `report#${JOB}#image-check`,
        type: 'image_report',
        fields: expect.objectContaining({
          imageId: JOB,
          reason: 'image_check',
          owner: 'user',
          details: 'nsfwjs MobileNetV2 (tfjs-wasm): explicit content (Porn 88%, Hentai 3%, Sexy 6%)',
        }),
      }),
    ]);
  });

  it('stores a flagged operator image hidden, outside the featured sequence and its category, queued and audited', async () => {
    await storeJobImage(input(FLAGGED, 'landscapes'));
    const { item, items } = storedImage();
    expect(items).toBe(1); // the record only: no featured slot, no counter, no category change
    expect(item).toMatchObject({ hidden: true, hiddenBy: 'image-check', imageCheck: FLAGGED, gsi1pk: 'hidden#owner#admin' });
    expect(item).not.toHaveProperty('gsi2pk');
    expect(item).not.toHaveProperty('featuredSeq');
    expect(messagePuts()).toEqual([
      expect.objectContaining({
        pk: `report#${JOB}#image-check`,
        fields: expect.objectContaining({ owner: 'admin', reason: 'image_check' }),
      }),
      expect.objectContaining({
        pk: `audit#image-check-${JOB}`,
        actor: 'image-check',
        action: 'hide',
        after: expect.objectContaining({ hidden: true, reason: expect.stringContaining('Porn 88%') }),
      }),
    ]);
  });

  it('stores an ok picture listed, with its verdict, and queues nothing', async () => {
    await storeJobImage(input(OK, 'landscapes'));
    const { item, items } = storedImage();
    expect(items).toBe(4); // record, featured slot, counter, category
    expect(item).not.toHaveProperty('hidden');
    expect(item).toMatchObject({ imageCheck: OK, gsi1pk: 'owner#admin', gsi2pk: 'cat#landscapes', featuredSeq: 0 });
    expect(messagePuts()).toHaveLength(0);
  });

  it('holds back as unchecked a result from a worker that sent no verdict', async () => {
    await storeJobImage(input(undefined));
    expect(storedImage().item.imageCheck).toEqual({ verdict: 'unchecked', by: 'none', reasons: ['the worker sent no image check'] });
    expect(messagePuts()).toHaveLength(1);
  });

  it('leaves a stored picture as it is when StoreImage runs again: a released one is not queued again', async () => {
    const released = { verdict: 'ok', by: 'operator op@example.com', reasons: ['released'] };
    ddb
      .on(GetCommand, { Key: { pk: `img#${JOB}`, sk: 'img' } })
      .resolves({ Item: { pk: `img#${JOB}`, sk: 'img', id: JOB, owner: 'user', imageCheck: released } });
    await storeJobImage(input(FLAGGED));
    expect(storedImage().items).toBe(0);
    expect(messagePuts()).toHaveLength(0);
  });
});
