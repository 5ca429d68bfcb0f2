import { SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach } from 'vitest';
import { handler as cancelJob } from '../../../lambdas/handlers/generate/delete-job';
import { handler as postGenerate } from '../../../lambdas/handlers/generate/post-generate';
import { resetConfig } from '../../../lambdas/lib/config';
import { apiEvent, lambdaContext } from '../../fixtures/api-event';

/**
 * The generation API's handlers with the SDK mocked, as handlers.test.ts and variants.test.ts drive
 * them: one visitor, one job, one address, the request they post and the refusals they meet.
 */
export const ddb = mockClient(DynamoDBDocumentClient);
export const sfn = mockClient(SFNClient);

export const USER = '3f0b9a8e-6a43-4f7c-9d1e-2b7c1f0e9a11';
export const JOB = '7d8e9f00-1a2b-4c3d-8e4f-5a6b7c8d9e0f';
export const IP = '198.51.100.23';

export type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

export const request = (overrides: Record<string, unknown> = {}) => ({
  prompt: 'A colorful sunset over the ocean',
  aspectRatio: '16:9',
  userId: USER,
  requestId: 'req-0001-abcd',
  ...overrides,
});

/** POST /api/generate from IP. */
export const post = (body: unknown) =>
  postGenerate(apiEvent({ method: 'POST', path: '/api/generate', body, sourceIp: IP }), lambdaContext());

/** DELETE /api/generate/{JOB} by USER (the visitor's cancel). */
export const cancel = () =>
  cancelJob(
    apiEvent({ method: 'DELETE', path: `/api/generate/${JOB}`, pathParameters: { jobId: JOB }, query: { userId: USER } }),
    lambdaContext(),
  );

/** The transaction refused on the items at `failed` (0 job, 1 request key, 2 lock, 3 queue slot, 4 user hour, 5 IP hour). */
export const cancelled = (...failed: number[]) =>
  Object.assign(new Error('Transaction cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: [0, 1, 2, 3, 4, 5].map((i) => ({ Code: failed.includes(i) ? 'ConditionalCheckFailed' : 'None' })),
  });

/**
 * Before each test: the mocks reset, the `env` settings cleared and the configuration read again; by
 * default nothing is stored, every write is accepted and an execution starts. After each: `env` cleared.
 */
export function mockGenerationApi(env: readonly string[]): void {
  beforeEach(() => {
    ddb.reset();
    sfn.reset();
    for (const key of env) delete process.env[key];
    resetConfig();
    ddb.on(GetCommand).resolves({});
    ddb.on(QueryCommand).resolves({ Items: [] });
    ddb.on(UpdateCommand).resolves({});
    ddb.on(TransactWriteCommand).resolves({});
    sfn.on(StartExecutionCommand).resolves({ executionArn: 'arn', startDate: new Date() });
  });
  afterEach(() => {
    for (const key of env) delete process.env[key];
    resetConfig();
  });
}
