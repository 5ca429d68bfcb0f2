import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { handler } from '../../../lambdas/handlers/share/get-image';
import { resetConfig } from '../../../lambdas/lib/config';
import { apiEvent, bodyOf, lambdaContext } from '../../fixtures/api-event';
import { withSigningCredentials } from '../../fixtures/signing';

/**
 * GET /api/images/{id}?userId (issue 32 item 2, under issue 30's privacy rule): the viewer's address names a picture no
 * list on the page holds yet (a later page of My AI Creations), so it asks for that one picture with the visitor's id.
 * Its author gets it with presigned urls of the private objects; a stranger, with or without an id, gets the 404 of an
 * unknown id; the author of a hidden one is told it is hidden, with no url. The integration twin is
 * test/integration/gallery/reader-privacy.test.ts.
 */
const ddb = mockClient(DynamoDBDocumentClient);
const AUTHOR = 'a0000000-0000-4000-8000-000000000001';
const STRANGER = 'a0000000-0000-4000-8000-000000000002';
const ITEM = {
  id: 'pic-1',
  fileName: 'pic-1.png',
  prompt: 'A lighthouse at dusk',
  createdAt: '2026-11-28T09:00:00.000Z',
  url: '/files/images/pic-1.png',
  thumbnailUrl: '/files/thumbs/pic-1.webp',
  aspectRatio: '1:1',
  modelName: 'flux_schnell',
  width: 1024,
  height: 1024,
  seed: 7,
  owner: 'user',
  userId: AUTHOR,
};

beforeAll(() => {
  withSigningCredentials();
  resetConfig();
});
beforeEach(() => ddb.reset());

const ask = async (item: Record<string, unknown> | undefined, userId?: string) => {
  ddb.on(GetCommand).resolves({ Item: item });
  const result = await handler(
    apiEvent({ path: '/api/images/pic-1', pathParameters: { id: 'pic-1' }, query: userId ? { userId } : {} }),
    lambdaContext(),
  );
  return { status: result.statusCode, body: bodyOf(result) as { url?: string; error?: { code: string; message?: string } } };
};

describe('GET /api/images/{id} with the reader’s visitor id', () => {
  it('gives its author their unshared picture, signed from the private objects', async () => {
    const { status, body } = await ask(ITEM, AUTHOR);
    expect(status).toBe(200);
    expect(body.url).toMatch(/\/private\/images\/pic-1\.png\?.*X-Amz-Signature=/);
  });

  it('gives a stranger, with or without an id, the 404 of an unknown id', async () => {
    for (const reader of [STRANGER, undefined]) {
      const { status, body } = await ask(ITEM, reader);
      expect([status, body.error?.code, body.error?.message]).toEqual([404, 'image_not_found', 'No such picture, or it is not shared.']);
      expect(JSON.stringify(body)).not.toMatch(/X-Amz-Signature/);
    }
  });

  it('gives a shared picture to anyone as its public copy', async () => {
    const { status, body } = await ask({ ...ITEM, sharedAt: '2026-11-28T09:05:00.000Z' }, STRANGER);
    expect([status, body.url]).toEqual([200, '/files/images/pic-1.png']);
  });

  it('tells the author of a hidden picture it is hidden (403, no url) and a stranger nothing (404)', async () => {
    const hidden = { ...ITEM, sharedAt: '2026-11-28T09:05:00.000Z', hidden: true, hiddenBy: 'ops' };
    const own = await ask(hidden, AUTHOR);
    expect([own.status, own.body.error?.code]).toEqual([403, 'image_hidden']);
    expect(JSON.stringify(own.body)).not.toMatch(/X-Amz-Signature/);
    expect((await ask(hidden, STRANGER)).status).toBe(404);
  });

  it("answers an operator's hidden picture with the 404, to a visitor id or none (it has no visitor author)", async () => {
    const operators = { ...ITEM, owner: 'admin', userId: undefined, hidden: true, hiddenBy: 'ops' };
    for (const reader of [STRANGER, undefined]) expect((await ask(operators, reader)).status).toBe(404);
  });

  it('refuses an id that is not a visitor id with a 400', async () => {
    const { status, body } = await ask(ITEM, 'not-a-uuid');
    expect([status, body.error?.code]).toEqual([400, 'validation_failed']);
  });
});
