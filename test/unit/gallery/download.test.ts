import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { handler } from '../../../lambdas/handlers/download/get-download';
import { resetConfig } from '../../../lambdas/lib/config';
import { downloadFileName, imageIdFromPath } from '../../../lambdas/services/download';
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

  it('answers 400 without a path', async () => {
    expect((await handler(apiEvent({ path: '/api/download' }), lambdaContext())).statusCode).toBe(400);
  });
});
