/**
 * `npm run preflight -- [--profile X] [--region us-east-1] [-c key=value …]` before a first deploy (issue 31): checks
 * with the caller's own credentials what can be checked of the account before CloudFormation finds it out ≈ 45 minutes
 * in, and prints what it could not check. Read-only calls only (no resource is created):
 *
 * - Lambda: the account's concurrency limit leaves ≥ 10 unreserved after the stack's reservations (CreateFunction
 *   fails otherwise); a limit of 10 (new accounts) is a warning: the whole site shares 10 concurrent invocations.
 * - EC2: the "Running On-Demand G and VT instances" vCPU quota holds one GPU instance (the image build) and the
 *   fleet at its cap (`gpuMaxInstances` × the instance type's vCPUs).
 * - Bedrock: guardrails answer in the region (the prompt guardrail is on by default).
 * - SES: sending is enabled; out of the sandbox, or only verified addresses get the operator's mails.
 * - CloudFront: a distribution already exists in the account (a proxy for a verified account; a new account may
 *   need AWS Support to enable CloudFront, which no API tells).
 *
 * The context is cdk.json's, with `-c key=value` on top, as `cdk deploy` reads it. Exit 1 when a check fails.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { BedrockClient, ListGuardrailsCommand } from '@aws-sdk/client-bedrock';
import { CloudFrontClient, ListDistributionsCommand } from '@aws-sdk/client-cloudfront';
import { GetAccountSettingsCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { GetServiceQuotaCommand, ServiceQuotasClient } from '@aws-sdk/client-service-quotas';
import { GetAccountCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { type AppContext, appContextSchema } from '../infra/lib/context';

export type Verdict = 'pass' | 'warn' | 'fail' | 'unknown';
export interface Check {
  name: string;
  verdict: Verdict;
  detail: string;
}

/** vCPUs of the G instance types the fleet is likely to run (EC2's published figures); others: not checked. */
export const GPU_VCPUS: Readonly<Record<string, number>> = {
  'g4dn.xlarge': 4,
  'g4dn.2xlarge': 8,
  'g4dn.4xlarge': 16,
  'g5.xlarge': 4,
  'g5.2xlarge': 8,
  'g5.4xlarge': 16,
  'g6.xlarge': 4,
  'g6.2xlarge': 8,
  'g6.4xlarge': 16,
  'g6.8xlarge': 32,
  'g6e.xlarge': 4,
  'g6e.2xlarge': 8,
  'g6e.4xlarge': 16,
};
/** Service Quotas' code of "Running On-Demand G and VT instances" (vCPUs). */
export const G_VT_QUOTA_CODE = 'L-DB2E81BA';
/** Lambda keeps at least this many concurrent executions unreserved. */
const MIN_UNRESERVED = 10;

export interface Clients {
  lambda: LambdaClient;
  quotas: ServiceQuotasClient;
  bedrock: BedrockClient;
  ses: SESv2Client;
  cloudfront: CloudFrontClient;
}

export function clientsFor(region: string, profile?: string): Clients {
  const config = { region, ...(profile ? { profile } : {}) };
  // CloudFront's API lives in us-east-1 whatever the stack's region.
  return {
    lambda: new LambdaClient(config),
    quotas: new ServiceQuotasClient(config),
    bedrock: new BedrockClient(config),
    ses: new SESv2Client(config),
    cloudfront: new CloudFrontClient({ ...config, region: 'us-east-1' }),
  };
}

const denied = (err: unknown) =>
  /AccessDenied|UnauthorizedOperation|not authorized/i.test(`${(err as Error).name} ${(err as Error).message}`);
const why = (err: unknown) => `${(err as Error).name}: ${(err as Error).message}`;

async function attempt(name: string, run: () => Promise<Omit<Check, 'name'>>): Promise<Check> {
  try {
    return { name, ...(await run()) };
  } catch (err) {
    return {
      name,
      verdict: 'unknown',
      detail: denied(err) ? `not allowed to ask (${why(err)}): check it by hand` : `could not ask: ${why(err)}`,
    };
  }
}

export async function preflight(ctx: AppContext, clients: Clients): Promise<Check[]> {
  const checks: Check[] = [];
  checks.push(
    await attempt('Lambda concurrency', async () => {
      const out = await clients.lambda.send(new GetAccountSettingsCommand({}));
      const limit = out.AccountLimit?.ConcurrentExecutions ?? 0;
      const unreserved = out.AccountLimit?.UnreservedConcurrentExecutions ?? limit;
      const reserving = ctx.streamReservedConcurrency;
      if (unreserved - reserving < MIN_UNRESERVED) {
        return {
          verdict: 'fail',
          detail: `limit ${limit}, unreserved ${unreserved}: reserving ${reserving} for the stream function leaves under ${MIN_UNRESERVED} (CreateFunction fails); deploy with -c streamReservedConcurrency=0 or ask for a higher limit`,
        };
      }
      if (limit < 100) {
        return {
          verdict: 'warn',
          detail: `limit ${limit} (new accounts start at 10): the deploy works, but every function shares ${limit} concurrent invocations; ask AWS for 1,000 (Service Quotas, Lambda, "Concurrent executions")`,
        };
      }
      return { verdict: 'pass', detail: `limit ${limit}, unreserved ${unreserved}, the stack reserves ${reserving}` };
    }),
  );
  checks.push(
    await attempt('GPU vCPU quota (On-Demand G and VT)', async () => {
      const vcpus = GPU_VCPUS[ctx.gpuInstanceType];
      const out = await clients.quotas.send(new GetServiceQuotaCommand({ ServiceCode: 'ec2', QuotaCode: G_VT_QUOTA_CODE }));
      const quota = out.Quota?.Value ?? 0;
      if (!vcpus)
        return {
          verdict: 'unknown',
          detail: `quota ${quota} vCPUs; the vCPUs of ${ctx.gpuInstanceType} are not in the table: compare by hand`,
        };
      const fleet = vcpus * ctx.gpuMaxInstances;
      if (quota < vcpus) {
        return {
          verdict: 'fail',
          detail: `quota ${quota} vCPUs; one ${ctx.gpuInstanceType} needs ${vcpus}: the image build cannot start. Ask for ${fleet + vcpus} (Service Quotas, EC2, "Running On-Demand G and VT instances")`,
        };
      }
      if (quota < fleet + vcpus) {
        return {
          verdict: 'warn',
          detail: `quota ${quota} vCPUs: the image build (${vcpus}) fits; the fleet at its cap (${ctx.gpuMaxInstances} × ${vcpus} = ${fleet}) with a rebuild beside it needs ${fleet + vcpus}`,
        };
      }
      return {
        verdict: 'pass',
        detail: `quota ${quota} vCPUs ≥ ${fleet + vcpus} (${ctx.gpuMaxInstances} × ${ctx.gpuInstanceType} + an image build)`,
      };
    }),
  );
  if (ctx.promptGuardrail === 'on') {
    checks.push(
      await attempt('Bedrock guardrails in the region', async () => {
        await clients.bedrock.send(new ListGuardrailsCommand({ maxResults: 1 }));
        return { verdict: 'pass', detail: `ApplyGuardrail's control plane answers in ${ctx.region}` };
      }).then((c) =>
        c.verdict === 'unknown' && /ENOTFOUND|UnknownEndpoint|getaddrinfo/i.test(c.detail)
          ? {
              ...c,
              verdict: 'fail' as const,
              detail: `no Bedrock in ${ctx.region}: deploy with -c promptGuardrail=off or to another region`,
            }
          : c,
      ),
    );
  }
  checks.push(
    await attempt('SES sending', async () => {
      const out = await clients.ses.send(new GetAccountCommand({}));
      const wanted = Boolean(ctx.notifyEmail || ctx.alarmEmail);
      if (!out.SendingEnabled) return { verdict: wanted ? 'fail' : 'warn', detail: 'sending is disabled in this region' };
      if (!out.ProductionAccessEnabled) {
        return {
          verdict: 'warn',
          detail: 'in the SES sandbox: mails reach verified addresses only (verify notifyEmail/notifyFrom, or ask for production access)',
        };
      }
      return { verdict: 'pass', detail: 'sending enabled, out of the sandbox' };
    }),
  );
  checks.push(
    await attempt('CloudFront in this account', async () => {
      const out = await clients.cloudfront.send(new ListDistributionsCommand({ MaxItems: 1 }));
      const count = out.DistributionList?.Quantity ?? 0;
      if (count > 0) return { verdict: 'pass', detail: 'a distribution exists already: CloudFront is enabled for this account' };
      return {
        verdict: 'unknown',
        detail:
          'no distribution yet: a new account may need AWS Support to enable CloudFront (the deploy then fails at the distribution); no API says',
      };
    }),
  );
  return checks;
}

/** What no read-only call can tell. */
export const NOT_CHECKED = [
  'Whether the Availability Zones have G instances to launch at the moment the fleet scales (InsufficientInstanceCapacity is found at launch).',
  'The model checkpoint in the model bucket and its SHA-256 against modelSha256 (staged after the first deploy: scripts/stage-model.sh, docs/deploy.md).',
  'A domain and its ACM certificate (optional; README, Deploy).',
];

export function readCdkContext(overrides: string[]): AppContext {
  const file = join(import.meta.dirname, '..', 'cdk.json');
  const base = existsSync(file) ? ((JSON.parse(readFileSync(file, 'utf8')) as { context?: Record<string, unknown> }).context ?? {}) : {};
  const extra = Object.fromEntries(
    overrides.map((pair) => {
      const at = pair.indexOf('=');
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
  const raw = { ...base, ...extra };
  const keys = Object.keys(appContextSchema.shape);
  return appContextSchema.parse(Object.fromEntries(Object.entries(raw).filter(([k]) => keys.includes(k))));
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      profile: { type: 'string' },
      region: { type: 'string' },
      context: { type: 'string', short: 'c', multiple: true, default: [] },
    },
  });
  const ctx = readCdkContext([...(values.context ?? []), ...(values.region ? [`region=${values.region}`] : [])]);
  const checks = await preflight(ctx, clientsFor(ctx.region, values.profile));
  console.info(`preflight for a deploy to ${ctx.region} (stage ${ctx.stage}, ${ctx.gpuMaxInstances} × ${ctx.gpuInstanceType})\n`);
  console.info('| | check | detail |\n|---|---|---|');
  for (const c of checks) console.info(`| ${c.verdict} | ${c.name} | ${c.detail} |`);
  console.info('\nNot checked (no read-only call tells):');
  for (const line of NOT_CHECKED) console.info(`- ${line}`);
  process.exit(checks.some((c) => c.verdict === 'fail') ? 1 : 0);
}
