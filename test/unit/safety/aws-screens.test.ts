import { Metrics } from '@aws-lambda-powertools/metrics';
import { ApplyGuardrailCommand, BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.LOG_LEVEL = 'SILENT';
});

import { handler as health } from '../../../lambdas/handlers/system/get-health';
import { resetConfig } from '../../../lambdas/lib/config';
import { resetPromptScreening, screenPrompt } from '../../../lambdas/services/prompt-screening';
import { promptScreeningLayers } from '../../../lambdas/services/screening-layers';
import { PROMPT_REFUSED_PREFIX, SCREENING_LAYERS } from '../../../shared/safety';
import { apiEvent, bodyOf, lambdaContext } from '../../fixtures/api-event';
import { resetAnsweringEmpty } from '../../fixtures/aws-mock';
import { expectRefusedBeforeAnyWrite, postGenerate } from './generate-request';

const bedrock = mockClient(BedrockRuntimeClient);
const ddb = mockClient(DynamoDBDocumentClient);
mockClient(SESv2Client);

const ENV = [
  'BEDROCK_GUARDRAIL_ID',
  'BEDROCK_GUARDRAIL_VERSION',
  'BEDROCK_GUARDRAIL_STAND_IN',
  'IMAGE_MODERATION',
  'IMAGE_MODERATION_MIN_CONFIDENCE',
];
const USER = '0b6b5c1e-8d1a-4a57-9a43-0c1d2e3f4a5b';

const intervened = {
  action: 'GUARDRAIL_INTERVENED' as const,
  outputs: [{ text: 'Sorry.' }],
  usage: undefined,
  assessments: [
    {
      contentPolicy: { filters: [{ type: 'VIOLENCE' as const, confidence: 'HIGH' as const, action: 'BLOCKED' as const, detected: true }] },
      topicPolicy: { topics: [{ name: 'Weapons', type: 'DENY' as const, action: 'BLOCKED' as const, detected: true }] },
      wordPolicy: { customWords: [{ match: 'secretword', action: 'BLOCKED' as const, detected: true }], managedWordLists: [] },
    },
  ],
};
const none = { action: 'NONE' as const, outputs: [], usage: undefined, assessments: [{}] };

function withGuardrail(): void {
  process.env.BEDROCK_GUARDRAIL_ID = 'abc123def456';
  process.env.BEDROCK_GUARDRAIL_VERSION = '3';
  resetConfig();
}

beforeEach(() => {
  bedrock.reset();
  resetAnsweringEmpty(ddb, GetCommand, UpdateCommand, PutCommand, TransactWriteCommand);
  for (const key of ENV) delete process.env[key];
  process.env.SCREENING_TERMS_CACHE_SECONDS = '0';
  resetConfig();
  resetConfig();
  resetPromptScreening();
});
afterEach(() => {
  for (const key of ENV) delete process.env[key];
  resetConfig();
  vi.restoreAllMocks();
});

describe('Bedrock Guardrails prompt screen (SDK mocked)', () => {
  it('is not called, and health lists the guardrail layer as not running, without a configured guardrail', async () => {
    await screenPrompt('a lighthouse at dawn');
    expect(bedrock.commandCalls(ApplyGuardrailCommand)).toHaveLength(0);
    expect(promptScreeningLayers().map(({ name, runs }) => ({ name, runs }))).toEqual([
      { name: 'words', runs: true },
      { name: 'model', runs: true },
      { name: 'guardrail', runs: false },
    ]);
  });

  it('sends the prompt as INPUT to the configured guardrail and version, after the word lists and the text classifier', async () => {
    withGuardrail();
    bedrock.on(ApplyGuardrailCommand).resolves(none);
    await screenPrompt('a lighthouse at dawn');
    expect(bedrock.commandCalls(ApplyGuardrailCommand).map((c) => c.args[0].input)).toEqual([
      {
        guardrailIdentifier: 'abc123def456',
        guardrailVersion: '3',
        source: 'INPUT',
        content: [{ text: { text: 'a lighthouse at dawn' } }],
      },
    ]);
    expect(promptScreeningLayers()).toEqual([
      { name: 'words', runs: true, detail: expect.stringContaining('word lists') },
      { name: 'model', runs: true, detail: expect.stringContaining('text classifier') },
      { name: 'guardrail', runs: true, detail: 'Amazon Bedrock Guardrails, guardrail abc123def456 version 3' },
    ]);
  });

  it('says in health that the local stand-in is not a classifier', () => {
    withGuardrail();
    process.env.BEDROCK_GUARDRAIL_STAND_IN = '1';
    resetConfig();
    expect(promptScreeningLayers()[2]).toEqual({ name: 'guardrail', runs: true, detail: expect.stringContaining('not a classifier') });
  });

  it('does not call Bedrock for a prompt the word lists already refuse, and names the word screen', async () => {
    withGuardrail();
    const err = await screenPrompt('a p0rn star').catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 422, code: 'prompt_refused' });
    expect((err as Error).message).toMatch(new RegExp(` — found by ${SCREENING_LAYERS.words}\\. Please rephrase it\\.$`));
    expect(bedrock.commandCalls(ApplyGuardrailCommand)).toHaveLength(0);
  });

  it('refuses GUARDRAIL_INTERVENED with the policy names, never the matched text', async () => {
    withGuardrail();
    bedrock.on(ApplyGuardrailCommand).resolves(intervened);
    const err = await screenPrompt('a knight with a secretword sword').catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 422, code: 'prompt_refused' });
    const message = (err as Error).message;
    expect(message).toBe(
      `${PROMPT_REFUSED_PREFIX} violence, the topic “Weapons”, a word the site does not allow — found by the meaning check (Amazon Bedrock Guardrails). Please rephrase it.`,
    );
    expect(message).not.toContain('secretword');
  });

  it('fails closed: 503 screening_unavailable with Retry-After when Bedrock errors or times out, and counts it for the alarm', async () => {
    withGuardrail();
    const added = vi.spyOn(Metrics.prototype, 'addMetric');
    const dimension = vi.spyOn(Metrics.prototype, 'addDimension');
    bedrock.on(ApplyGuardrailCommand).rejects(Object.assign(new Error('socket hang up'), { name: 'TimeoutError' }));
    const body = { prompt: 'a lighthouse at dawn', aspectRatio: '4:3', userId: USER, requestId: 'req-0001-abcd' };
    const result = await postGenerate(body);
    expect(result.statusCode).toBe(503);
    expect(bodyOf(result)).toMatchObject({ error: { code: 'screening_unavailable' } });
    expect(result.headers?.['retry-after']).toBe('5');
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
    expect(added).toHaveBeenCalledWith('GuardrailUnavailable', 'Count', 1);
    expect(dimension).toHaveBeenCalledWith('reason', 'no-answer');
  });

  it('a guardrail refusal in POST /api/generate creates no job and spends no quota', async () => {
    withGuardrail();
    bedrock.on(ApplyGuardrailCommand).resolves(intervened);
    const body = { prompt: 'a knight with a sword', aspectRatio: '4:3', userId: USER, requestId: 'req-0001-abcd' };
    expectRefusedBeforeAnyWrite(await postGenerate(body), ddb);
  });
});

describe('/api/health', () => {
  it('/api/health names the active checks', async () => {
    withGuardrail();
    process.env.IMAGE_MODERATION = 'rekognition';
    process.env.IMAGE_MODERATION_MIN_CONFIDENCE = '75';
    resetConfig();
    const result = await health(apiEvent({ method: 'GET', route: '/api/health' }), lambdaContext());
    expect(bodyOf(result)).toMatchObject({
      safety: {
        layers: [
          { name: 'words', runs: true },
          { name: 'model', runs: true, detail: expect.stringContaining('not a guardrail') },
          { name: 'guardrail', runs: true, detail: 'Amazon Bedrock Guardrails, guardrail abc123def456 version 3' },
          {
            name: 'image check',
            runs: true,
            detail: 'nsfwjs MobileNetV2 (tfjs-wasm) + Amazon Rekognition moderation labels ≥ 75%, in the GPU worker',
          },
        ],
        imageCheck: 'nsfwjs MobileNetV2 (tfjs-wasm) + Amazon Rekognition moderation labels ≥ 75%, in the GPU worker',
      },
    });
  });
});
