import { S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.LOG_LEVEL = 'SILENT';
});

import { patchImage } from '../../../lambdas/services/admin-images';
import { resetAnsweringEmpty } from '../../fixtures/aws-mock';

const ddb = mockClient(DynamoDBDocumentClient);
// A shared picture shown again gets its public copy back (services/private-images.ts).
const s3 = mockClient(S3Client);

/** A visitor's shared picture the report threshold hid, with four reports counted. */
const HIDDEN = {
  pk: 'img#pic-9',
  sk: 'img',
  id: 'pic-9',
  prompt: 'A harbour',
  owner: 'user',
  userId: 'u-9',
  category: 'default',
  sharedAt: '2026-11-24T00:00:00.000Z',
  hidden: true,
  hiddenBy: 'reports',
  hiddenAt: '2026-11-25T00:00:00.000Z',
  reportCount: 4,
  lastReportedAt: '2026-11-25T00:00:00.000Z',
};
const imageWrites = () =>
  ddb
    .commandCalls(TransactWriteCommand)
    .flatMap((c) => c.args[0].input.TransactItems ?? [])
    .filter((t) => t.Put?.Item?.pk === 'img#pic-9');

beforeEach(() => {
  resetAnsweringEmpty(ddb, GetCommand, PutCommand, UpdateCommand, TransactWriteCommand);
  s3.reset();
  s3.onAnyCommand().resolves({});
});

describe('the operator’s Unhide and Keep (SDK mocked)', () => {
  it.each([
    ['Unhide (the Admin Gallery)', { hidden: false }],
    ['Keep (the Moderation tab)', { keep: true as const }],
  ])('%s records the review that ends automatic hiding, restarts the count and leaves the queue', async (_case, patch) => {
    ddb.on(GetCommand, { Key: { pk: 'img#pic-9', sk: 'img' } }).resolves({ Item: HIDDEN });
    expect(await patchImage('ops@example.com', 'pic-9', patch)).toMatchObject({ hidden: false });
    const [write] = imageWrites();
    expect(write?.Put?.Item).toMatchObject({ reviewedBy: 'ops@example.com', reportCount: 0, gsi1pk: 'owner#user#u-9' });
    expect(write?.Put?.Item?.reviewedAt).toEqual(expect.any(String));
    expect(write?.Put?.Item).not.toHaveProperty('hidden');
    expect(write?.Put?.Item).not.toHaveProperty('gsi4pk');
  });

  it('does not count hidden: false on a visible picture as a review: nothing is written', async () => {
    const { hidden: _h, hiddenBy: _b, hiddenAt: _a, ...visible } = HIDDEN;
    ddb.on(GetCommand, { Key: { pk: 'img#pic-9', sk: 'img' } }).resolves({ Item: visible });
    await patchImage('ops@example.com', 'pic-9', { hidden: false });
    expect(imageWrites()).toHaveLength(0);
  });
});
