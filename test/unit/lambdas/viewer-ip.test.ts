import { DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.LOG_LEVEL = 'SILENT';
});

import { handler as newsletter } from '../../../lambdas/handlers/forms/post-newsletter-subscribe';
import { resetConfig } from '../../../lambdas/lib/config';
import { httpHandler, json } from '../../../lambdas/lib/http';
import { ORIGIN_SECRET_HEADER, parseViewerAddress, VIEWER_ADDRESS_HEADER, viewerIp } from '../../../lambdas/lib/viewer-ip';
import { apiEvent, bodyOf, lambdaContext } from '../../fixtures/api-event';

const SECRET = 'edge-secret-0123456789abcdef';
const EDGE_IP = '130.176.1.20'; // what API Gateway sees behind CloudFront: the edge's address
const ddb = mockClient(DynamoDBDocumentClient);

/** A request as CloudFront forwards it: origin secret, viewer address, and whatever the client wrote. */
const viaEdge = (viewer: string, headers: Record<string, string> = {}) =>
  apiEvent({
    method: 'POST',
    route: '/api/newsletter/subscribe',
    body: { email: 'reader@example.com', website: '' },
    sourceIp: EDGE_IP,
    headers: { [ORIGIN_SECRET_HEADER]: SECRET, [VIEWER_ADDRESS_HEADER]: viewer, ...headers },
  });

const echo = httpHandler({}, async ({ sourceIp }) => json(200, { sourceIp }));

describe('viewer address', () => {
  beforeEach(() => {
    ddb.reset();
    ddb.on(UpdateCommand).resolves({});
    ddb.on(PutCommand).resolves({});
    process.env.ORIGIN_SECRET = SECRET;
    process.env.NOTIFY_EMAIL = '';
    resetConfig();
    resetConfig();
  });
  afterEach(() => {
    delete process.env.ORIGIN_SECRET;
    resetConfig();
  });

  it('parses CloudFront-Viewer-Address for IPv4 and IPv6 and refuses anything else', () => {
    expect(parseViewerAddress('198.51.100.7:46532')).toBe('198.51.100.7');
    expect(parseViewerAddress('2001:db8:85a3::8a2e:370:7334:46532')).toBe('2001:db8:85a3::8a2e:370:7334');
    expect(parseViewerAddress('198.51.100.7')).toBeUndefined();
    expect(parseViewerAddress('evil.example:80')).toBeUndefined();
    expect(parseViewerAddress(undefined)).toBeUndefined();
  });

  it('keys the per-IP form limit on the viewer address, whatever X-Forwarded-For says', async () => {
    const first = await newsletter(viaEdge('198.51.100.7:46532', { 'x-forwarded-for': '203.0.113.1' }), lambdaContext());
    const second = await newsletter(viaEdge('198.51.100.7:50001', { 'x-forwarded-for': '203.0.113.2, 10.0.0.1' }), lambdaContext());
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const keys = ddb.commandCalls(UpdateCommand).map((c) => c.args[0].input.Key?.pk);
    expect(keys).toEqual([
      'rl#form-newsletter-minute#198.51.100.7',
      'rl#form-newsletter-hour#198.51.100.7',
      'rl#form-newsletter-minute#198.51.100.7',
      'rl#form-newsletter-hour#198.51.100.7',
    ]);
  });

  it('refuses a request that skipped CloudFront (no or a wrong origin secret) with a 403 JSON error', async () => {
    const direct = apiEvent({
      method: 'POST',
      route: '/api/x',
      sourceIp: '203.0.113.9',
      headers: { [VIEWER_ADDRESS_HEADER]: '198.51.100.7:1' },
    });
    const wrong = apiEvent({ method: 'POST', route: '/api/x', headers: { [ORIGIN_SECRET_HEADER]: `${SECRET}x` } });
    for (const event of [direct, wrong]) {
      const result = await echo(event, lambdaContext());
      expect(result.statusCode).toBe(403);
      expect(bodyOf(result)).toMatchObject({ error: { code: 'forbidden' } });
    }
    expect(ddb.calls()).toHaveLength(0);
  });

  it('falls back to the connection address when CloudFront sent no usable viewer address', async () => {
    const result = await echo(viaEdge('garbage'), lambdaContext());
    expect(bodyOf(result)).toEqual({ sourceIp: EDGE_IP });
  });

  it('locally (no origin secret) ignores CloudFront and X-Forwarded-For headers a client sends', async () => {
    delete process.env.ORIGIN_SECRET;
    resetConfig();
    const event = apiEvent({
      sourceIp: '127.0.0.1',
      headers: { [VIEWER_ADDRESS_HEADER]: '198.51.100.7:1', 'x-forwarded-for': '203.0.113.5' },
    });
    expect(bodyOf(await echo(event, lambdaContext()))).toEqual({ sourceIp: '127.0.0.1' });
    expect(viewerIp(event, false)).toBe('127.0.0.1');
  });
});
