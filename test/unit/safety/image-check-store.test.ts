import { DetectModerationLabelsCommand, RekognitionClient } from '@aws-sdk/client-rekognition';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.LOG_LEVEL = 'SILENT';
});

import { resetConfig } from '../../../lambdas/lib/config';
import { storeJobImage } from '../../../lambdas/services/jobs';

const rekognition = mockClient(RekognitionClient);
const s3 = mockClient(S3Client);
const ddb = mockClient(DynamoDBDocumentClient);

const JOB = '5f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0';
const ENV = ['IMAGE_MODERATION', 'IMAGE_MODERATION_MIN_CONFIDENCE'];

const input = (category?: string) => ({
  job: { jobId: JOB, userId: 'admin', prompt: 'A castle', aspectRatio: '4:3', width: 64, height: 48, ...(category ? { category } : {}) },
  limits: { heartbeatSeconds: 30, taskTimeoutSeconds: 900 },
  result: {
    stagingKey: `staging/${JOB}.png`,
    seed: 7,
    width: 64,
    height: 48,
    comfyPromptId: 'p-1',
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

beforeEach(async () => {
  rekognition.reset();
  s3.reset();
  ddb.reset();
  for (const key of ENV) delete process.env[key];
  process.env.IMAGE_MODERATION = 'rekognition';
  process.env.IMAGE_MODERATION_MIN_CONFIDENCE = '70';
  resetConfig();
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
afterEach(() => {
  for (const key of ENV) delete process.env[key];
  resetConfig();
});

describe('StoreImage with the Rekognition image check (SDK mocked)', () => {
  it('stores an operator image hidden, outside the featured sequence and its category, and audits why', async () => {
    rekognition.on(DetectModerationLabelsCommand).resolves({ ModerationLabels: [{ Name: 'Graphic Violence', Confidence: 91.2 }] });
    await storeJobImage(input('landscapes'));
    const { item, items } = storedImage();
    expect(items).toBe(1); // the record only: no featured slot, no counter, no category change
    expect(item).toMatchObject({ hidden: true, hiddenBy: 'image-check', gsi1pk: 'hidden#owner#admin', gsi3pk: expect.any(String) });
    expect(item).not.toHaveProperty('gsi2pk');
    expect(item).not.toHaveProperty('featuredSeq');
    const audit = ddb.commandCalls(PutCommand).map((c) => c.args[0].input.Item);
    expect(audit).toEqual([
      expect.objectContaining({
        pk: `audit#image-check-${JOB}`,
        actor: 'image-check',
        action: 'hide',
        target: `image:${JOB}`,
        after: expect.objectContaining({ hidden: true, reason: expect.stringContaining('Graphic Violence (91%)') }),
      }),
    ]);
  });

  it('stores it listed (featured and in its category) when no label reaches the confidence', async () => {
    rekognition.on(DetectModerationLabelsCommand).resolves({ ModerationLabels: [] });
    await storeJobImage(input('landscapes'));
    const { item, items } = storedImage();
    expect(items).toBe(4); // record, featured slot, counter, category
    expect(item).not.toHaveProperty('hidden');
    expect(item).toMatchObject({ gsi1pk: 'owner#admin', gsi2pk: 'cat#landscapes', featuredSeq: 0 });
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('does not check a visitor’s picture', async () => {
    await storeJobImage(input());
    expect(rekognition.commandCalls(DetectModerationLabelsCommand)).toHaveLength(0);
    expect(storedImage().item).not.toHaveProperty('hidden');
  });

  it('does not check again, or audit twice, when StoreImage runs again for a stored image', async () => {
    ddb.on(GetCommand, { Key: { pk: `img#${JOB}`, sk: 'img' } }).resolves({ Item: { pk: `img#${JOB}`, sk: 'img', id: JOB, hidden: true } });
    await storeJobImage(input('landscapes'));
    expect(rekognition.commandCalls(DetectModerationLabelsCommand)).toHaveLength(0);
    expect(storedImage().items).toBe(0); // no image record written again (the job's own housekeeping may transact)
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
  });
});
