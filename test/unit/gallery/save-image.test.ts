import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { handler } from '../../../lambdas/handlers/gallery/save-image';
import { resetConfig } from '../../../lambdas/lib/config';
import { apiEvent, bodyOf, lambdaContext } from '../../fixtures/api-event';
import { resetAnsweringEmpty } from '../../fixtures/aws-mock';
import { testIssuer } from '../../fixtures/jwt';

const ddb = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);
const JWKS_URL = 'https://issuer.test/.well-known/jwks.json';
let issuer: Awaited<ReturnType<typeof testIssuer>>;
let body: Record<string, unknown>;

beforeAll(async () => {
  issuer = await testIssuer();
  Object.assign(process.env, { AUTH_JWKS_URL: JWKS_URL, AUTH_ISSUER: issuer.issuer, AUTH_AUDIENCE: issuer.audience });
  resetConfig();
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) =>
    String(input) === JWKS_URL
      ? new Response(JSON.stringify(issuer.jwks), { headers: { 'content-type': 'application/json' } })
      : realFetch(input, init),
  );
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  body = {
    base64Image: `data:image/png;base64,${png.toString('base64')}`,
    prompt: 'Imported lake view',
    category: 'Nature',
    aspectRatio: '4:3',
  };
});
afterAll(() => vi.unstubAllGlobals());

const save = (payload: unknown, token?: string) =>
  handler(
    apiEvent({ method: 'POST', path: '/api/gallery/save', body: payload, headers: token ? { authorization: `Bearer ${token}` } : {} }),
    lambdaContext(),
  );

describe('gallery save handler (operator import)', () => {
  beforeEach(() => {
    resetAnsweringEmpty(ddb, GetCommand, TransactWriteCommand);
    resetAnsweringEmpty(s3, PutObjectCommand);
  });

  it('answers 401 without a token even when the body claims user: admin, and touches nothing', async () => {
    const result = await save({ ...body, user: 'admin' });
    expect(result.statusCode).toBe(401);
    expect(result.headers?.['www-authenticate']).toBe('Bearer');
    expect(ddb.calls()).toHaveLength(0);
    expect(s3.calls()).toHaveLength(0);
  });

  it.each([
    ['expired', () => issuer.mint({ expiresIn: -10 }), 401],
    ['for another audience', () => issuer.mint({ aud: 'other' }), 401],
    ['from another issuer', () => issuer.mint({ iss: 'https://evil.test' }), 401],
    ['without the admins group', () => issuer.mint({ groups: ['users'] }), 403],
  ])('refuses a token %s', async (_name, token, status) => {
    expect((await save(body, await token())).statusCode).toBe(status);
    expect(s3.calls()).toHaveLength(0);
  });

  it('accepts a Cognito access token whose client_id is the audience', async () => {
    const token = await issuer.mint({ aud: 'not-used', clientId: issuer.audience });
    expect((await save(body, token)).statusCode).toBe(201);
  });

  it('stores an operator image in the category: objects first, then one transaction', async () => {
    const result = await save(body, await issuer.mint());
    expect(result.statusCode).toBe(201);
    const saved = bodyOf(result) as { id: string; url: string; thumbnail: string; fileName: string };
    expect(saved.url).toBe(`/files/images/${saved.id}.png`);
    expect(
      s3
        .commandCalls(PutObjectCommand)
        .map((c) => c.args[0].input.Key)
        .sort(),
    ).toEqual([`files/images/${saved.id}.png`, `files/thumbs/${saved.id}.webp`]);
    const items = ddb.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    expect(items[0]?.Put?.Item).toMatchObject({
      owner: 'admin',
      category: 'Nature',
      width: 40,
      height: 30,
      gsi1pk: 'owner#admin',
      gsi2pk: 'cat#Nature',
    });
    expect(items.map((i) => Object.keys(i)[0])).toEqual(['Put', 'Put', 'Update', 'Update']);
  });

  it.each([
    ['a data url that is not an image', { base64Image: 'data:image/png;base64,aGVsbG8=' }],
    ['an unknown category', { category: 'Nope' }],
    ['a missing prompt', { prompt: '' }],
    ['an unknown ratio', { aspectRatio: '5:4' }],
  ])('answers 400 to %s with a valid token', async (_name, change) => {
    const result = await save({ ...body, ...change }, await issuer.mint());
    expect(result.statusCode).toBe(400);
    expect(bodyOf(result)).toMatchObject({ error: { fields: expect.any(Object) } });
  });

  it('answers 400 to a non-JSON body with a valid token', async () => {
    const event = apiEvent({
      method: 'POST',
      path: '/api/gallery/save',
      body: 'nope',
      headers: { authorization: `Bearer ${await issuer.mint()}`, 'content-type': 'application/json' },
    });
    expect((await handler(event, lambdaContext())).statusCode).toBe(400);
  });
});
