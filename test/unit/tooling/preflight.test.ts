import { BedrockClient, ListGuardrailsCommand } from '@aws-sdk/client-bedrock';
import { CloudFrontClient, ListDistributionsCommand } from '@aws-sdk/client-cloudfront';
import { GetAccountSettingsCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { GetServiceQuotaCommand, ServiceQuotasClient } from '@aws-sdk/client-service-quotas';
import { GetAccountCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { appContextSchema } from '../../../infra/lib/context';
import { clientsFor, G_VT_QUOTA_CODE, preflight, readCdkContext } from '../../../scripts/preflight';

/**
 * `npm run preflight` (issue 31): the account checks before a first deploy, the SDK mocked (these are read-only
 * account-level calls that no local stand-in answers; nothing is deployed here to check them against).
 */
const lambda = mockClient(LambdaClient);
const quotas = mockClient(ServiceQuotasClient);
const bedrock = mockClient(BedrockClient);
const ses = mockClient(SESv2Client);
const cloudfront = mockClient(CloudFrontClient);
const clients = clientsFor('us-east-1');
const ctx = (extra: Record<string, unknown> = {}) =>
  appContextSchema.parse({ gpuInstanceType: 'g6.2xlarge', gpuMaxInstances: 2, ...extra });

function healthy() {
  lambda.on(GetAccountSettingsCommand).resolves({ AccountLimit: { ConcurrentExecutions: 1000, UnreservedConcurrentExecutions: 1000 } });
  quotas.on(GetServiceQuotaCommand).resolves({ Quota: { Value: 64 } });
  bedrock.on(ListGuardrailsCommand).resolves({ guardrails: [] });
  ses.on(GetAccountCommand).resolves({ SendingEnabled: true, ProductionAccessEnabled: true });
  cloudfront.on(ListDistributionsCommand).resolves({ DistributionList: { Quantity: 1, Marker: '', MaxItems: 1, IsTruncated: false } });
}

beforeEach(() => {
  for (const m of [lambda, quotas, bedrock, ses, cloudfront]) m.reset();
});

const verdicts = (checks: { name: string; verdict: string }[]) => Object.fromEntries(checks.map((c) => [c.name, c.verdict]));

describe('npm run preflight', () => {
  it('passes an account that has what the stack needs, asking for the G and VT vCPU quota by its code', async () => {
    healthy();
    const checks = await preflight(ctx(), clients);
    expect(verdicts(checks)).toEqual({
      'Lambda concurrency': 'pass',
      'GPU vCPU quota (On-Demand G and VT)': 'pass',
      'Bedrock guardrails in the region': 'pass',
      'SES sending': 'pass',
      'CloudFront in this account': 'pass',
    });
    expect(quotas.commandCalls(GetServiceQuotaCommand)[0]?.args[0].input).toEqual({ ServiceCode: 'ec2', QuotaCode: G_VT_QUOTA_CODE });
  });

  it('fails a reservation that leaves under 10 unreserved, and warns at a new account’s limit of 10', async () => {
    healthy();
    lambda.on(GetAccountSettingsCommand).resolves({ AccountLimit: { ConcurrentExecutions: 10, UnreservedConcurrentExecutions: 10 } });
    const reserved = await preflight(ctx({ streamReservedConcurrency: 50 }), clients);
    expect(reserved.find((c) => c.name === 'Lambda concurrency')).toMatchObject({
      verdict: 'fail',
      detail: expect.stringMatching(/streamReservedConcurrency=0/),
    });
    const bare = await preflight(ctx(), clients);
    expect(bare.find((c) => c.name === 'Lambda concurrency')).toMatchObject({
      verdict: 'warn',
      detail: expect.stringMatching(/^limit 10/),
    });
  });

  it('fails a GPU quota under one instance, warns under the fleet plus a build, and says when the type is unknown', async () => {
    healthy();
    quotas.on(GetServiceQuotaCommand).resolves({ Quota: { Value: 0 } });
    expect(verdicts(await preflight(ctx(), clients))['GPU vCPU quota (On-Demand G and VT)']).toBe('fail');
    quotas.on(GetServiceQuotaCommand).resolves({ Quota: { Value: 16 } });
    // 2 × 8 for the fleet + 8 for a build = 24.
    expect(verdicts(await preflight(ctx(), clients))['GPU vCPU quota (On-Demand G and VT)']).toBe('warn');
    quotas.on(GetServiceQuotaCommand).resolves({ Quota: { Value: 24 } });
    expect(verdicts(await preflight(ctx(), clients))['GPU vCPU quota (On-Demand G and VT)']).toBe('pass');
    expect(verdicts(await preflight(ctx({ gpuInstanceType: 'p5.48xlarge' }), clients))['GPU vCPU quota (On-Demand G and VT)']).toBe(
      'unknown',
    );
  });

  it('says unknown, never pass, when it may not ask; and names the sandbox and an account with no distribution', async () => {
    healthy();
    lambda.on(GetAccountSettingsCommand).rejects(Object.assign(new Error('User is not authorized'), { name: 'AccessDeniedException' }));
    ses.on(GetAccountCommand).resolves({ SendingEnabled: true, ProductionAccessEnabled: false });
    cloudfront.on(ListDistributionsCommand).resolves({ DistributionList: { Quantity: 0, Marker: '', MaxItems: 1, IsTruncated: false } });
    const checks = await preflight(ctx(), clients);
    expect(checks.find((c) => c.name === 'Lambda concurrency')).toMatchObject({
      verdict: 'unknown',
      detail: expect.stringMatching(/^not allowed to ask/),
    });
    expect(checks.find((c) => c.name === 'SES sending')).toMatchObject({ verdict: 'warn', detail: expect.stringMatching(/sandbox/) });
    expect(checks.find((c) => c.name === 'CloudFront in this account')?.verdict).toBe('unknown');
  });

  it('fails Bedrock where the region has none, and skips it with the guardrail off', async () => {
    healthy();
    bedrock
      .on(ListGuardrailsCommand)
      .rejects(Object.assign(new Error('getaddrinfo ENOTFOUND bedrock.xx-1.amazonaws.com'), { name: 'Error' }));
    expect(verdicts(await preflight(ctx(), clients))['Bedrock guardrails in the region']).toBe('fail');
    expect(verdicts(await preflight(ctx({ promptGuardrail: 'off' }), clients))['Bedrock guardrails in the region']).toBeUndefined();
  });

  it("reads cdk.json's context with -c overrides, as cdk deploy does", () => {
    const read = readCdkContext(['gpuMaxInstances=5', 'streamReservedConcurrency=20']);
    expect(read.gpuMaxInstances).toBe(5);
    expect(read.streamReservedConcurrency).toBe(20);
  });
});
