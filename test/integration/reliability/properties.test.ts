import { Writable } from 'node:stream';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamo, s3 } from '../../../lambdas/adapters/aws-clients';
import { config } from '../../../lambdas/lib/config';
import type { StreamingHandler } from '../../../lambdas/lib/stream';
import { ROUTES } from '../../../lambdas/routes';
import { installLambdaStreaming } from '../../../local/lambda-stream';
import { generationRuntime } from '../../../local/plugins/generation';
import { apiErrorSchema } from '../../../shared/schemas/common';
import { apiEvent, lambdaContext } from '../../fixtures/api-event';
import { startTestApp, type TestApp } from '../../support/local-app';

/**
 * Property: for every route, any input — query, path, JSON or multipart body, content type — is
 * answered below 500, and every refusal carries the JSON error shape. The handlers run in-process
 * (the API Gateway event they get in AWS) over DynamoDB Local and s3rver; FUZZ_RUNS per route.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

const KEYS = [
  'userId',
  'requestId',
  'prompt',
  'aspectRatio',
  'skip',
  'take',
  'model',
  'category',
  'user',
  'path',
  'email',
  'firstName',
  'lastName',
  'subject',
  'message',
  'website',
  'feedbackType',
  'description',
  'rating',
  'reporterEmail',
  'issueType',
  'issueUrl',
  'jobId',
];
const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.uuid(),
  fc.integer({ min: -5, max: 5000 }).map(String),
  fc.constantFrom('', ' ', '4:3', '16:9', 'flux_schnell', 'admin', 'Nature', 'default', '%', '%%', 'NaN', '../x', 'a@b.co', 'bug', '5'),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ minLength: 1000, maxLength: 1100 }),
);
const anyValue = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(text, { maxLength: 3 }));
const query = fc.option(fc.dictionary(fc.constantFrom(...KEYS), text, { maxKeys: 5 }), { nil: undefined });
const jsonBody = fc.oneof(fc.dictionary(fc.constantFrom(...KEYS), anyValue, { maxKeys: 8 }), fc.jsonValue({ maxDepth: 2 }), text);
const contentType = fc.constantFrom(
  'application/json',
  'text/plain',
  'multipart/form-data; boundary=xyz',
  'multipart/form-data',
  undefined,
);
const multipart = fc.dictionary(fc.constantFrom(...KEYS), text, { maxKeys: 6 }).map((fields) => {
  const parts = Object.entries(fields).map(([k, v]) => `--xyz\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  return `${parts.join('')}--xyz--\r\n`;
});
const requestArb = fc.record({
  query,
  jobId: fc.oneof(fc.uuid(), text),
  body: fc.option(fc.oneof(jsonBody, multipart), { nil: undefined }),
  contentType,
  key: fc.option(fc.oneof(fc.uuid(), text), { nil: undefined }),
});

describe('every route, any input: no 5xx', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      plugins: ['generation', 'auth'],
      env: {
        GEN_QUEUE_CAP: '100000',
        GEN_USER_HOURLY: '0',
        GEN_IP_HOURLY: '0',
        FORMS_RATE_LIMIT_PER_MINUTE: '0',
        FORMS_RATE_LIMIT_PER_HOUR: '0',
        NOTIFY_EMAIL: '',
        LOG_LEVEL: 'SILENT',
      },
    });
    // Accepted jobs wait in the queue: the property is about the answers, not the renderer.
    await Promise.all(
      generationRuntime()
        .workers.splice(0)
        .map((w) => w.stop()),
    );
  });
  afterAll(async () => app?.stop());

  // The handlers run in this process here (the property is about their answers): give them the Lambda
  // runtime's streaming global before any is imported, as local/functions/runtime.mjs does for a bundle.
  installLambdaStreaming();
  it.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))(
    `%s: ${RUNS} generated requests, none answered ≥ 500`,
    async (_name, route) => {
      const { handler } = (await import(`../../../lambdas/${route.entry}`)) as { handler: Handler };
      await fc.assert(
        fc.asyncProperty(requestArb, async (req) => {
          const headers: Record<string, string> = {};
          if (req.contentType) headers['content-type'] = req.contentType;
          if (req.key !== undefined) headers['idempotency-key'] = req.key;
          const body = req.body === undefined ? undefined : typeof req.body === 'string' ? req.body : JSON.stringify(req.body);
          const event = apiEvent({
            method: route.method,
            route: route.path,
            path: route.path.replace('{jobId}', req.jobId),
            query: req.query,
            pathParameters: route.path.includes('{jobId}') ? { jobId: req.jobId } : undefined,
            headers,
            body,
          });
          const result = route.stream
            ? await streamed(handler as unknown as StreamingHandler, event)
            : await handler(event, lambdaContext());
          const status = result.statusCode ?? 200;
          if (status >= 500) throw new Error(`${status}: ${result.body}`);
          if (status >= 400) apiErrorSchema.parse(JSON.parse(String(result.body)));
        }),
        { numRuns: RUNS },
      );
    },
    240_000,
  );

  it('left no partial write: every stored attachment belongs to a stored message', async () => {
    const objects = (await s3().send(new ListObjectsV2Command({ Bucket: config().ATTACHMENTS_BUCKET }))).Contents ?? [];
    const messages = (await dynamo().send(new ScanCommand({ TableName: config().MESSAGES_TABLE }))).Items ?? [];
    const referenced = new Set(messages.map((m) => (m.attachment as { key?: string } | undefined)?.key).filter(Boolean));
    expect(objects.filter((o) => !referenced.has(o.Key))).toEqual([]);
  });
});

/** A response-streaming handler (the job events) run to its end: the status and body it streamed. */
async function streamed(handler: StreamingHandler, event: Parameters<Handler>[0]): Promise<{ statusCode: number; body: string }> {
  let statusCode = 200;
  const chunks: string[] = [];
  const stream = Object.assign(
    new Writable({
      write(chunk, _encoding, done) {
        chunks.push(String(chunk));
        done();
      },
    }),
    {
      setMetadata: (m: { statusCode: number }) => {
        statusCode = m.statusCode;
      },
    },
  );
  await handler(event as never, stream as never, lambdaContext());
  return { statusCode, body: chunks.join('') };
}
