import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { fromApiGatewayResult, toApiGatewayEvent } from '../../../local/apigw-event';

function request(method: string, url: string, rawHeaders: string[]): IncomingMessage {
  const req = new IncomingMessage(new Socket());
  req.method = method;
  req.url = url;
  req.rawHeaders = rawHeaders;
  req.httpVersion = '1.1';
  return req;
}

describe('API Gateway v2 event adapter', () => {
  it('builds a payload 2.0 event like API Gateway does', () => {
    const req = request('GET', '/api/gallery/list?take=5&tag=a&tag=b', [
      'Host',
      'localhost:3000',
      'Cookie',
      'a=1; b=2',
      'X-Multi',
      'one',
      'X-Multi',
      'two',
      'User-Agent',
      'ua',
    ]);
    const event = toApiGatewayEvent(req, Buffer.alloc(0), { method: 'GET', path: '/api/gallery/list' }, {});
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'GET /api/gallery/list',
      rawPath: '/api/gallery/list',
      rawQueryString: 'take=5&tag=a&tag=b',
      cookies: ['a=1', 'b=2'],
      queryStringParameters: { take: '5', tag: 'a,b' },
      isBase64Encoded: false,
      requestContext: { http: { method: 'GET', path: '/api/gallery/list', userAgent: 'ua' }, stage: '$default' },
    });
    expect(event.headers['x-multi']).toBe('one,two');
    expect(event.headers.cookie).toBeUndefined();
  });

  it('keeps JSON bodies as text and base64-encodes binary ones', () => {
    const json = toApiGatewayEvent(
      request('POST', '/api/contact', ['Content-Type', 'application/json']),
      Buffer.from('{"a":1}'),
      { method: 'POST', path: '/api/contact' },
      {},
    );
    expect(json).toMatchObject({ body: '{"a":1}', isBase64Encoded: false });
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
    const multipart = toApiGatewayEvent(
      request('POST', '/api/Feedback', ['Content-Type', 'multipart/form-data; boundary=x']),
      bytes,
      { method: 'POST', path: '/api/Feedback' },
      {},
    );
    expect(multipart).toMatchObject({ body: bytes.toString('base64'), isBase64Encoded: true });
  });

  it('takes the visitor address from the connection; a client X-Forwarded-For changes nothing', async () => {
    const req = request('POST', '/api/contact', ['Host', 'localhost', 'X-Forwarded-For', '203.0.113.99']);
    Object.defineProperty(req.socket, 'remoteAddress', { value: '::ffff:192.0.2.10' });
    const event = toApiGatewayEvent(req, Buffer.alloc(0), { method: 'POST', path: '/api/contact' }, {});
    expect(event.requestContext.http.sourceIp).toBe('192.0.2.10');
    // The handlers' per-IP key (lambdas/lib/viewer-ip.ts) without CloudFront's origin secret:
    const { viewerIp } = await import('../../../lambdas/lib/viewer-ip');
    expect(viewerIp(event, false)).toBe('192.0.2.10');
  });

  it('passes path parameters', () => {
    const event = toApiGatewayEvent(
      request('GET', '/api/generate/j1', []),
      Buffer.alloc(0),
      { method: 'GET', path: '/api/generate/{jobId}' },
      { jobId: 'j1' },
    );
    expect(event.pathParameters).toEqual({ jobId: 'j1' });
    expect(event.routeKey).toBe('GET /api/generate/{jobId}');
  });

  it('maps structured and bare results back', () => {
    expect(
      fromApiGatewayResult({ statusCode: 201, headers: { 'X-A': 'b' }, body: 'aGk=', isBase64Encoded: true, cookies: ['c=1'] }),
    ).toEqual({
      status: 201,
      headers: { 'x-a': 'b', 'set-cookie': ['c=1'] },
      body: Buffer.from('hi'),
    });
    expect(fromApiGatewayResult('{"x":1}').status).toBe(200);
    expect(fromApiGatewayResult(undefined).status).toBe(204);
  });
});
