import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { samplePositions } from '../../../lambdas/services/gallery';
import { deleteImage, nextLastUpdated, storeImage } from '../../../lambdas/services/image-store';
import { resetAnsweringEmpty } from '../../fixtures/aws-mock';
import { newImage, tinyPng } from '../../fixtures/images';

const ddb = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: codes.map((Code) => ({ Code })) });

describe('image store', () => {
  beforeEach(() => {
    ddb.reset();
    resetAnsweringEmpty(s3, PutObjectCommand, DeleteObjectCommand);
  });

  it('returns the existing record for a known id without writing anything', async () => {
    const input = await newImage();
    ddb.on(GetCommand).resolves({ Item: { pk: `img#${input.id}`, sk: 'img', id: input.id, prompt: 'first', createdAt: 'x' } });
    const image = await storeImage(input);
    expect(image.prompt).toBe('first');
    expect(s3.calls()).toHaveLength(0);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('retries a transaction cancelled by a concurrent writer with the freshly read count', async () => {
    const input = await newImage({ category: 'Space' });
    ddb
      .on(GetCommand, { Key: { pk: 'featured#count', sk: 'meta' } })
      .resolvesOnce({ Item: { count: 4 } })
      .resolves({ Item: { count: 5 } });
    ddb.on(GetCommand, { Key: { pk: `img#${input.id}`, sk: 'img' } }).resolves({});
    ddb.on(GetCommand, { Key: { pk: 'cat#Space', sk: 'meta' } }).resolves({});
    ddb
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled('None', 'None', 'ConditionalCheckFailed', 'None'))
      .resolves({});
    await storeImage(input);
    const calls = ddb.commandCalls(TransactWriteCommand);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.args[0].input.TransactItems?.[1]?.Put?.Item).toMatchObject({ pk: 'featured#0000000005', featuredSeq: 5 });
  });

  it('answers the winner when the record appeared meanwhile (same id stored twice at once)', async () => {
    const input = await newImage({ owner: { kind: 'user', userId: 'u' } });
    ddb
      .on(GetCommand)
      .resolvesOnce({})
      .resolves({ Item: { id: input.id, prompt: 'winner' } });
    ddb.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed'));
    expect((await storeImage(input)).prompt).toBe('winner');
  });

  it('fills the hole of a deleted featured image with the last slot in one transaction', async () => {
    const record = { id: 'a', owner: 'admin', category: 'default', featuredSeq: 1 };
    const last = { id: 'z', owner: 'admin', category: 'default', featuredSeq: 2, pk: 'featured#0000000002', sk: 'slot' };
    ddb.on(GetCommand, { Key: { pk: 'img#a', sk: 'img' } }).resolves({ Item: record });
    ddb.on(GetCommand, { Key: { pk: 'featured#count', sk: 'meta' } }).resolves({ Item: { count: 3 } });
    ddb.on(GetCommand, { Key: { pk: 'featured#0000000002', sk: 'slot' } }).resolves({ Item: last });
    ddb.on(TransactWriteCommand).resolves({});
    await deleteImage('a');
    const items = ddb.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    expect(items[0]?.Delete?.Key).toEqual({ pk: 'img#a', sk: 'img' });
    expect(items[1]?.Update?.ExpressionAttributeValues).toMatchObject({ ':next': 2, ':expected': 3 });
    expect(items[2]?.Delete?.Key).toEqual({ pk: 'featured#0000000002', sk: 'slot' });
    expect(items[3]?.Put?.Item).toMatchObject({ pk: 'featured#0000000001', id: 'z', featuredSeq: 1 });
    expect(items[4]?.Update?.Key).toEqual({ pk: 'img#z', sk: 'img' });
    expect(s3.commandCalls(DeleteObjectCommand).map((c) => c.args[0].input.Key)).toEqual(['files/images/a.png', 'files/thumbs/a.webp']);
  });

  it("stores a visitor's objects under the private prefix, private-cached, and names the public keys in the record", async () => {
    const input = await newImage({ owner: { kind: 'user', userId: 'u' } });
    ddb.on(GetCommand).resolves({});
    ddb.on(TransactWriteCommand).resolves({});
    const image = await storeImage(input);
    const puts = s3.commandCalls(PutObjectCommand).map((c) => c.args[0].input);
    expect(puts.map((p) => p.Key).sort()).toEqual([`private/images/${input.id}.png`, `private/thumbs/${input.id}.webp`]);
    for (const put of puts) expect(put.CacheControl).toMatch(/^private,/);
    expect(image).toMatchObject({ url: `/files/images/${input.id}.png`, thumbnailUrl: `/files/thumbs/${input.id}.webp` });
  });

  it("stores an operator's objects at the public keys, immutable", async () => {
    const input = await newImage();
    ddb.on(GetCommand).resolves({});
    ddb.on(TransactWriteCommand).resolves({});
    await storeImage(input);
    const puts = s3.commandCalls(PutObjectCommand).map((c) => c.args[0].input);
    expect(puts.map((p) => p.Key).sort()).toEqual([`files/images/${input.id}.png`, `files/thumbs/${input.id}.webp`]);
    for (const put of puts) expect(put.CacheControl).toContain('immutable');
  });

  it("deletes a visitor's private objects and any public copy with the record", async () => {
    ddb
      .on(GetCommand, { Key: { pk: 'img#v', sk: 'img' } })
      .resolves({ Item: { id: 'v', owner: 'user', userId: 'u', category: 'default' } });
    ddb.on(TransactWriteCommand).resolves({});
    await deleteImage('v');
    expect(s3.commandCalls(DeleteObjectCommand).map((c) => c.args[0].input.Key)).toEqual([
      'private/images/v.png',
      'private/thumbs/v.webp',
      'files/images/v.png',
      'files/thumbs/v.webp',
    ]);
  });

  it('re-reads instead of sending one transaction that touches the leaving image twice (a stale read put it in the last slot)', async () => {
    // A concurrent change moved 'a' from slot 1 to slot 2 between reading 'a' and reading the last slot.
    const stale = { id: 'a', owner: 'admin', category: 'default', featuredSeq: 1 };
    const fresh = { id: 'a', owner: 'admin', category: 'default', featuredSeq: 2 };
    ddb
      .on(GetCommand, { Key: { pk: 'img#a', sk: 'img' } })
      .resolvesOnce({ Item: stale })
      .resolves({ Item: fresh });
    ddb.on(GetCommand, { Key: { pk: 'featured#count', sk: 'meta' } }).resolves({ Item: { count: 3 } });
    ddb
      .on(GetCommand, { Key: { pk: 'featured#0000000002', sk: 'slot' } })
      .resolves({ Item: { ...fresh, pk: 'featured#0000000002', sk: 'slot' } });
    ddb.on(TransactWriteCommand).resolves({});
    await deleteImage('a');
    const calls = ddb.commandCalls(TransactWriteCommand);
    expect(calls).toHaveLength(1);
    const items = calls[0]?.args[0].input.TransactItems ?? [];
    const keysTouched = items.map((i) => JSON.stringify(i.Delete?.Key ?? i.Update?.Key ?? { pk: i.Put?.Item?.pk, sk: i.Put?.Item?.sk }));
    expect(new Set(keysTouched).size).toBe(keysTouched.length);
    expect(items[0]?.Delete?.ExpressionAttributeValues).toEqual({ ':seq': 2 });
  });

  it('makes lastUpdated strictly increase even within one millisecond', () => {
    const now = Date.parse('2026-01-01T00:00:00.000Z');
    expect(nextLastUpdated(undefined, now)).toBe('2026-01-01T00:00:00.000Z');
    expect(nextLastUpdated({ count: 1, lastUpdated: '2026-01-01T00:00:00.000Z' }, now)).toBe('2026-01-01T00:00:00.001Z');
    expect(nextLastUpdated({ count: 1, lastUpdated: '2025-01-01T00:00:00.000Z' }, now)).toBe('2026-01-01T00:00:00.000Z');
  });
});

describe('random sample positions', () => {
  it('gives min(n, k) distinct positions in range', () => {
    for (const [n, k] of [
      [0, 25],
      [3, 25],
      [25, 25],
      [1_000_000, 25],
    ] as const) {
      const s = samplePositions(n, k);
      expect(s).toHaveLength(Math.min(n, k));
      expect(new Set(s).size).toBe(s.length);
      for (const p of s) expect(p >= 0 && p < n).toBe(true);
    }
  });

  it('is uniform: each of 20 positions is picked about k/n of the time', () => {
    const n = 20;
    const k = 5;
    const runs = 20_000;
    const hits = new Array<number>(n).fill(0);
    for (let r = 0; r < runs; r++) for (const p of samplePositions(n, k)) hits[p] = (hits[p] ?? 0) + 1;
    const expected = (runs * k) / n;
    const chi2 = hits.reduce((sum, h) => sum + (h - expected) ** 2 / expected, 0);
    // 19 degrees of freedom: p = 0.001 at 43.8.
    expect(chi2).toBeLessThan(43.8);
  });
  it("stores a visitor's picture with its one private thumbnail: no public sized widths", async () => {
    const input = await newImage({ png: await tinyPng(400, 300), width: 400, height: 300, owner: { kind: 'user', userId: 'u' } });
    ddb.on(GetCommand).resolves({});
    ddb.on(TransactWriteCommand).resolves({});
    const image = await storeImage(input);
    const keys = s3
      .commandCalls(PutObjectCommand)
      .map((c) => c.args[0].input.Key)
      .filter((k) => k?.includes(input.id));
    expect(keys.sort()).toEqual([`private/images/${input.id}.png`, `private/thumbs/${input.id}.webp`]);
    expect(image.thumbnails).toBeUndefined();
  });
  it('stores the thumbnail at each smaller width below the picture, lists them on the record and deletes them with it', async () => {
    const input = await newImage({ png: await tinyPng(400, 300), width: 400, height: 300, owner: { kind: 'admin' } });
    ddb.on(GetCommand).resolves({});
    ddb.on(TransactWriteCommand).resolves({});
    const image = await storeImage(input);
    const puts = s3
      .commandCalls(PutObjectCommand)
      .map((c) => c.args[0].input)
      .filter((p) => p.Key?.includes(input.id));
    const sized = [256, 384].map((w) => `files/thumbs/${w}/${input.id}.webp`);
    expect(puts.map((p) => p.Key).sort()).toEqual([`files/images/${input.id}.png`, ...sized, `files/thumbs/${input.id}.webp`].sort());
    for (const [i, width] of [256, 384].entries()) {
      const body = puts.find((p) => p.Key === sized[i])?.Body as Buffer;
      expect((await sharp(body).metadata()).width).toBe(width);
    }
    // 400 px wide: the largest thumbnail is the picture's own width, so 512 is not made apart.
    expect(image.thumbnails).toEqual([256, 384].map((width, i) => ({ url: `/${sized[i]}`, width })));

    ddb.on(GetCommand, { Key: { pk: `img#${input.id}`, sk: 'img' } }).resolves({ Item: { ...image, owner: 'admin', category: 'default' } });
    await deleteImage(input.id);
    expect(
      s3
        .commandCalls(DeleteObjectCommand)
        .map((c) => c.args[0].input.Key)
        .filter((k) => k?.includes(input.id)),
    ).toEqual([`files/images/${input.id}.png`, `files/thumbs/${input.id}.webp`, ...sized]);
  });
});
