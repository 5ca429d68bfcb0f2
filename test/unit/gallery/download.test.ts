import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { handler } from '../../../lambdas/handlers/download/get-download';
import { resetConfig } from '../../../lambdas/lib/config';
import { downloadFileName, imageIdFromPath, privateImageId } from '../../../lambdas/services/download';
import { apiEvent, bodyOf, lambdaContext } from '../../fixtures/api-event';

const ddb = mockClient(DynamoDBDocumentClient);
const HOSTS = ['artloom.example', 'localhost:3000'];

beforeAll(() => {
  process.env.AWS_ACCESS_KEY_ID ??= 'test';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'test';
  resetConfig();
});

describe('download path rule', () => {
  it.each([
    ['/files/images/abc-123.png', 'abc-123'],
    ['https://artloom.example/files/images/abc.png', 'abc'],
    ['http://localhost:3000/files/images/abc.png', 'abc'],
    ['  /files/images/abc.png  ', 'abc'],
  ])('accepts %s', (path, id) => {
    expect(imageIdFromPath(path, HOSTS)).toBe(id);
  });

  it.each([
    ['https://evil.example/files/images/abc.png', 'foreign_host'],
    ['//evil.example/files/images/abc.png', 'foreign_host'],
    ['ftp://artloom.example/files/images/abc.png', 'invalid_path'],
    ['javascript:alert(1)', 'invalid_path'],
    ['/files/images/../images/abc.png', 'invalid_path'],
    ['https://artloom.example/files/x/../images/abc.png', 'invalid_path'],
    ['/files/images/%61bc.png', 'invalid_path'],
    ['/files/images/abc.png?x=1', 'invalid_path'],
    ['https://artloom.example/files/images/abc.png#x', 'invalid_path'],
    ['https://user:pw@artloom.example/files/images/abc.png', 'invalid_path'],
    ['/files/thumbs/abc.webp', 'invalid_path'],
    ['/files/images/abc.jpg', 'invalid_path'],
    ['files/images/abc.png', 'invalid_path'],
    ['/files/images/a\\b.png', 'invalid_path'],
    [`/files/images/${'a'.repeat(65)}.png`, 'invalid_path'],
  ])('refuses %s with %s', (path, code) => {
    expect(() => imageIdFromPath(path, HOSTS)).toThrow(expect.objectContaining({ status: 400, code }));
  });

  it('makes a filename from the prompt slug and the id', () => {
    expect(downloadFileName('Café at dawn, "misty" & calm!', '3f0b9a8e-6a43-4f7c')).toBe('artloom-cafe-at-dawn-misty-calm-3f0b9a8e.png');
    expect(downloadFileName('🙂🙂', 'abc')).toBe('artloom-image-abc.png');
    expect(downloadFileName('x'.repeat(200), 'abcdefghij').length).toBeLessThanOrEqual(8 + 48 + 1 + 8 + 4);
  });
});

describe('download handler', () => {
  beforeEach(() => ddb.reset());

  it('redirects to a presigned GetObject url with an attachment filename, valid 5 minutes', async () => {
    ddb.on(GetCommand).resolves({ Item: { id: 'abc', prompt: 'Red fox in snow' } });
    const result = await handler(apiEvent({ path: '/api/download', query: { path: '/files/images/abc.png' } }), lambdaContext());
    expect(result.statusCode).toBe(302);
    const location = new URL(result.headers?.location as string);
    expect(location.pathname).toContain('files/images/abc.png');
    expect(location.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(location.searchParams.get('response-content-disposition')).toBe('attachment; filename="artloom-red-fox-in-snow-abc.png"');
    expect(ddb.commandCalls(GetCommand)[0]?.args[0].input.Key).toEqual({ pk: 'img#abc', sk: 'img' });
  });

  it('answers 404 for an id we never stored', async () => {
    ddb.on(GetCommand).resolves({});
    const result = await handler(apiEvent({ path: '/api/download', query: { path: '/files/images/nope.png' } }), lambdaContext());
    expect(result.statusCode).toBe(404);
    expect(bodyOf(result)).toMatchObject({ error: { code: 'image_not_found' } });
  });

  it('refuses another host before reading anything', async () => {
    const result = await handler(
      apiEvent({ path: '/api/download', query: { path: 'https://evil.example/files/images/abc.png' } }),
      lambdaContext(),
    );
    expect(result.statusCode).toBe(400);
    expect(ddb.calls()).toHaveLength(0);
  });

  it('accepts an absolute url on the request host', async () => {
    ddb.on(GetCommand).resolves({ Item: { id: 'abc', prompt: 'x' } });
    const event = apiEvent({
      path: '/api/download',
      query: { path: 'https://site.test/files/images/abc.png' },
      headers: { host: 'site.test' },
    });
    expect((await handler(event, lambdaContext())).statusCode).toBe(302);
  });

  describe("a visitor's private picture", () => {
    const USER = '3f0b9a8e-6a43-4f7c-9d1e-2b7c1f0e9a11';
    const OTHER = '0b7c1f0e-9a11-4f7c-9d1e-3f0b9a8e6a43';
    const SIGNED = 'https://artloom-images.s3.us-east-1.amazonaws.com/private/images/v1.png?X-Amz-Date=20261126T000000Z&X-Amz-Signature=ab';
    const download = (path: string, userId?: string) =>
      handler(apiEvent({ path: '/api/download', query: { path, ...(userId ? { userId } : {}) } }), lambdaContext());
    const visitors = (shared = false) => ({
      Item: { id: 'v1', prompt: 'x', owner: 'user', userId: USER, ...(shared ? { sharedAt: '2026-01-01T00:00:00.000Z' } : {}) },
    });

    it('reads the id of the presigned url its gallery answered, virtual-hosted or path-style', () => {
      expect(privateImageId(SIGNED)).toBe('v1');
      expect(privateImageId('http://127.0.0.1:4569/artloom-images/private/images/v1.png?X-Amz-Signature=ab')).toBe('v1');
      expect(privateImageId('https://x.example/private/images/v1.png')).toBeUndefined();
      expect(privateImageId('/files/images/v1.png')).toBeUndefined();
      expect(privateImageId('https://x.example/private/thumbs/v1.webp?X-Amz-Signature=ab')).toBeUndefined();
    });

    it('is downloaded by its author, from its private key', async () => {
      ddb.on(GetCommand).resolves(visitors());
      const result = await download(SIGNED, USER);
      expect(result.statusCode).toBe(302);
      expect(new URL(result.headers?.location as string).pathname).toMatch(/\/private\/images\/v1\.png$/);
    });

    it('answers 404 to anyone else, by its public path or its signed url', async () => {
      ddb.on(GetCommand).resolves(visitors());
      expect((await download('/files/images/v1.png')).statusCode).toBe(404);
      expect((await download(SIGNED, OTHER)).statusCode).toBe(404);
    });

    it('is downloaded by anyone while shared', async () => {
      ddb.on(GetCommand).resolves(visitors(true));
      expect((await download('/files/images/v1.png')).statusCode).toBe(302);
    });

    it('hidden, is downloaded by nobody: its author is told it is hidden, anyone else gets 404 (issue 30)', async () => {
      ddb.on(GetCommand).resolves({ Item: { ...visitors(true).Item, hidden: true } });
      const own = await download(SIGNED, USER);
      expect(own.statusCode).toBe(403);
      expect(JSON.parse(own.body ?? '{}')).toMatchObject({ error: { code: 'image_hidden' } });
      expect((await download('/files/images/v1.png')).statusCode).toBe(404);
      expect((await download(SIGNED, OTHER)).statusCode).toBe(404);
    });
  });

  it("a hidden operator's picture is downloaded by nobody (403 image_hidden, no signed url)", async () => {
    ddb.on(GetCommand).resolves({ Item: { id: 'a1', prompt: 'x', owner: 'admin', hidden: true } });
    const result = await handler(apiEvent({ path: '/api/download', query: { path: '/files/images/a1.png' } }), lambdaContext());
    expect(result.statusCode).toBe(403);
    expect(result.headers?.location).toBeUndefined();
  });

  it('answers a /files name over 200 characters 400, before any read (issue 30)', async () => {
    const result = await handler(
      apiEvent({ path: '/api/download', query: { path: `/files/images/${'a'.repeat(201)}.png` } }),
      lambdaContext(),
    );
    expect(result.statusCode).toBe(400);
    expect(ddb.commandCalls(GetCommand)).toHaveLength(0);
  });

  it('answers 400 without a path', async () => {
    expect((await handler(apiEvent({ path: '/api/download' }), lambdaContext())).statusCode).toBe(400);
  });
});
