import { type DynamoDBDocumentClient, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { AwsClientStub } from 'aws-sdk-client-mock';
import { expect } from 'vitest';
import { STATS_HOURS_PK } from '../../../lambdas/adapters/stats-table';
import { handler as generate } from '../../../lambdas/handlers/generate/post-generate';
import { apiEvent, bodyOf, lambdaContext } from '../../fixtures/api-event';

/** POST /api/generate with `body`, through the real handler (the screening tests). */
export const postGenerate = (body: unknown) => generate(apiEvent({ method: 'POST', route: '/api/generate', body }), lambdaContext());

/**
 * A refused prompt: 422 prompt_refused, having read only the blocked-terms item and written
 * nothing to the table (no job, request key, lock or quota counter) but the overview's refusal count.
 */
export function expectRefusedBeforeAnyWrite(result: APIGatewayProxyStructuredResultV2, ddb: AwsClientStub<DynamoDBDocumentClient>): void {
  expect(result.statusCode).toBe(422);
  expect(bodyOf(result)).toMatchObject({ error: { code: 'prompt_refused' } });
  expect(ddb.commandCalls(GetCommand).map((c) => c.args[0].input.Key)).toEqual([{ pk: 'settings#blocked-terms', sk: 'settings' }]);
  // One write only: the overview's refusal counter (services/stats.ts), no job, no quota.
  const updates = ddb.commandCalls(UpdateCommand).map((c) => c.args[0].input);
  expect(updates.map((u) => u.Key)).toEqual([{ pk: STATS_HOURS_PK, sk: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}$/) }]);
  expect(Object.values(updates[0]?.ExpressionAttributeNames ?? {})).toContainEqual(expect.stringMatching(/^refused:(words|guardrail):/));
  expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
  expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
}
