import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { apiFunctionId } from '../infra/lib/lambda-functions';
import { resetConfig } from '../lambdas/lib/config';
import { areaOf, ROUTES } from '../lambdas/routes';
import { type AutoScalingStandIn, startAutoScalingStandIn, templateGroups } from './autoscaling-stand-in';
import { type BedrockStandIn, startBedrockStandIn } from './bedrock-stand-in';
import { type CloudWatchStandIn, startCloudWatchStandIn } from './cloudwatch-stand-in';
import { type CloudAssembly, cloudAssembly } from './functions/cloud-assembly';
import { deployLocally, type LocalDeployment } from './functions/deployment';
import { createLocalServer, type LocalMiddleware, type LocalServerOptions } from './http-server';
import { LOCAL_CREDENTIALS, LOCAL_PREFIX, LOCAL_REGION } from './names';
import { withPreviewRenderer } from './page-text';
import { type LocalPlugin, PLUGINS, type PluginHandle } from './plugins';
import { type SesStandIn, startSesStandIn } from './ses-stand-in';
import { type Endpoints, provision, startStack } from './stack';

export interface LocalAppOptions {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  dataDir: string | null;
  /** Reuse running stand-ins (tests) instead of starting new ones. */
  endpoints?: Endpoints;
  prefix?: string;
  staticDir?: string;
  vite?: LocalServerOptions['vite'];
  plugins?: LocalPlugin[];
  /** Extra handler environment (overrides). */
  env?: Record<string, string>;
  log?: (line: string) => void;
  /** Log every API request (off in tests). */
  logRequests?: boolean;
  /** Restart DynamoDB Local or s3rver when one dies or stalls (`npm start`). */
  supervise?: boolean;
  /** The synthesized stack to run (tests pass the run's); default: the last synth, or a fresh one when the sources changed. */
  assembly?: CloudAssembly;
  /** Check every AWS call of every function against its synthesized role (default: IAM_CHECK=1). */
  checkPermissions?: boolean;
}

export interface LocalApp {
  url: string;
  port: number;
  env: Record<string, string>;
  /** The synthesized stack's functions as they run here, and the gateway that checks their calls. */
  deployment: LocalDeployment;
  /** The stand-in that answers the functions' ApplyGuardrail calls (not a classifier: local/bedrock-stand-in.ts). */
  guardrail: BedrockStandIn;
  /** The template's Auto Scaling groups (no instance is launched: a test puts instances and activities there). */
  autoScaling: AutoScalingStandIn;
  /** SES: what the functions sent (nothing is delivered). */
  mail: SesStandIn;
  stop(): Promise<void>;
}

export class PortInUseError extends Error {}

/**
 * DynamoDB Local answers a burst of transactions on a busy two-core machine in seconds, where
 * DynamoDB takes milliseconds: locally one longer try (5 s) replaces AWS's two short ones
 * (2 x 1.5 s), so a burst is not refused for the stand-in's slowness. Still well inside 10 s.
 */
const LOCAL_TIMEOUTS = () => ({
  AWS_REQUEST_TIMEOUT_MS: process.env.AWS_REQUEST_TIMEOUT_MS ?? '5000',
  AWS_MAX_ATTEMPTS: process.env.AWS_MAX_ATTEMPTS ?? '1',
});

/**
 * The whole local site in one process tree: binds the port first (so a second copy fails at once),
 * then starts or reuses the stand-ins, sets the handler environment, starts the plugins and opens /api.
 */
export async function startLocalApp(options: LocalAppOptions): Promise<LocalApp> {
  const log = options.log ?? (() => {});
  const host = options.host ?? '127.0.0.1';
  let ready = false;
  const middlewares: LocalMiddleware[] = [];
  const handles: PluginHandle[] = [];
  let stopStack: () => Promise<void> = async () => {};
  const s3Holder: { client?: S3Client; bucket: string } = { bucket: '' };
  let deployment: LocalDeployment | undefined;
  let guardrail: BedrockStandIn | undefined;
  let alarms: CloudWatchStandIn | undefined;
  let groups: AutoScalingStandIn | undefined;
  let mail: SesStandIn | undefined;

  const server = createLocalServer({
    routes: ROUTES,
    // Each route runs in its API area's function, as deployed (one bundle per area).
    functionFor: (route) => {
      if (!deployment) throw new Error('the local deployment is not up yet');
      return deployment.fn(apiFunctionId(areaOf(route)));
    },
    get s3() {
      return s3Holder.client as S3Client;
    },
    get imagesBucket() {
      return s3Holder.bucket;
    },
    staticDir: options.staticDir,
    // Without COMFYUI_URL the preview renderer draws: the pages' descriptions say so (page-text.ts).
    pageText: (html) => (process.env.COMFYUI_URL ? html : withPreviewRenderer(html)),
    vite: options.vite,
    extra: [(req, res) => runMiddlewares(middlewares, req, res)],
    ready: () => ready,
    log: options.logRequests ? log : (line) => line.startsWith('local server error') && log(line),
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'EADDRINUSE' ? new PortInUseError(`Port ${options.port} is already in use on ${host}.`) : err),
    );
    server.listen(options.port, host, resolve);
  });
  const port = (server.address() as AddressInfo).port;
  // An IPv6 address goes in brackets (HOST=::1 gives http://[::1]:3000).
  const url = `http://${host === '127.0.0.1' ? 'localhost' : host.includes(':') ? `[${host}]` : host}:${port}`;

  const stop = async () => {
    ready = false;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    for (const handle of handles.reverse()) await handle.stop?.().catch(() => {});
    if (deployment) reportPermissionChecks(deployment);
    await deployment?.stop();
    await guardrail?.stop();
    await alarms?.stop();
    await groups?.stop();
    await mail?.stop();
    s3Holder.client?.destroy();
    await stopStack();
  };

  try {
    const prefix = options.prefix ?? LOCAL_PREFIX;
    const resources = options.endpoints
      ? await provision(options.endpoints, prefix)
      : await startStack({ dataDir: options.dataDir, prefix, log, supervise: options.supervise }).then((stack) => {
          stopStack = stack.stop;
          return stack;
        });
    // The picture page (GET /i/{id}) serves the built SPA's index.html, as the bundle's copy does in AWS.
    const shell: Record<string, string> = options.staticDir ? { SITE_SHELL_FILE: resolve(options.staticDir, 'index.html') } : {};
    // The local runtime's own settings start empty (no CloudFront secret, no GPU group, no sign-in until the
    // auth plugin sets one): the functions take these from here, not from the template (functions/deployment.ts).
    const localOwned = { ORIGIN_SECRET: '', GPU_ASG_NAME: '', AUTH_ISSUER: '', AUTH_JWKS_URL: '', AUTH_AUDIENCE: '', AUTH_LOGOUT_URL: '' };
    const env: Record<string, string> = {
      ...resources.env,
      ...localOwned,
      RENDERER: 'preview',
      // The template's guardrail is answered by a stand-in, and /api/health must say so.
      BEDROCK_GUARDRAIL_STAND_IN: '1',
      ...LOCAL_TIMEOUTS(),
      ...shell,
      ...options.env,
    };
    Object.assign(process.env, env);
    // A second app in the same process (benchmarks, tests) must not reuse clients of the first's endpoints.
    resetConfig();
    s3Holder.client = new S3Client({
      region: LOCAL_REGION,
      endpoint: resources.s3Endpoint,
      forcePathStyle: true,
      credentials: LOCAL_CREDENTIALS,
    });
    s3Holder.bucket = resources.bucketNames.images ?? '';
    const assembly = options.assembly ?? (await cloudAssembly({ log }));
    deployment = await deployLocally({
      assembly,
      prefix,
      endpoints: resources,
      localEnv: () => env,
      checkPermissions: options.checkPermissions ?? process.env.IAM_CHECK === '1',
      log,
    });
    const deployed = deployment;
    // The prompt guardrail the template deploys (infra/lib/constructs/prompt-guardrail.ts): its calls
    // go through the gateway, described and permission-checked like every other AWS call.
    guardrail = await startBedrockStandIn();
    deployed.gateway.setTarget('bedrock', guardrail.url);
    // The console's alarm states: the template's alarms, evaluated on what the functions print (local/cloudwatch-stand-in.ts).
    alarms = await startCloudWatchStandIn({
      deployment: deployed,
      stackName: assembly.stackName,
      metricsOn: () => (env.POWERTOOLS_METRICS_DISABLED ?? process.env.POWERTOOLS_METRICS_DISABLED) !== 'true',
    });
    deployed.gateway.setTarget('monitoring', alarms.url);
    // Auto Scaling and SES behind the gateway too: the scaling and mail calls are checked like every other.
    const scaling = await startAutoScalingStandIn({ groups: templateGroups(deployed.model) });
    groups = scaling;
    deployed.gateway.setTarget('autoscaling', scaling.url);
    deployed.names.groupOfInstance = (id) => {
      const group = scaling.groupOfInstance(id);
      const logicalId = deployed.model.ofType('AWS::AutoScaling::AutoScalingGroup').find((g) => deployed.model.refOf(g) === group?.name);
      return logicalId ? deployed.model.arnOf(logicalId) : undefined;
    };
    const sent = await startSesStandIn();
    mail = sent;
    deployed.gateway.setTarget('ses', sent.url);
    const standIn = guardrail;
    for (const plugin of options.plugins ?? PLUGINS) {
      const handle = await plugin.start({ env, publicUrl: url, dataDir: options.dataDir, log, deployment: deployed });
      if (!handle) continue;
      handles.push(handle);
      if (handle.env) {
        Object.assign(env, handle.env, options.env);
        Object.assign(process.env, env);
        resetConfig();
      }
      if (handle.middleware) middlewares.push(handle.middleware);
    }
    ready = true;
    for (const handle of handles) await handle.afterReady?.();
    return { url, port, env, deployment: deployed, guardrail: standIn, autoScaling: scaling, mail: sent, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * With IAM_REPORT_DIR set (the test runs), each app leaves its permission checks there: how many
 * calls were evaluated and every denial; the run's teardown adds them up (test/support/iam-report.ts).
 */
function reportPermissionChecks(deployment: LocalDeployment): void {
  const dir = process.env.IAM_REPORT_DIR;
  if (!dir) return;
  const { evaluated, denied, requests } = deployment.gateway.stats;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${process.pid}-${randomUUID()}.json`), JSON.stringify({ requests, evaluated, denied }));
}

async function runMiddlewares(list: LocalMiddleware[], ...args: Parameters<LocalMiddleware>): Promise<boolean> {
  for (const mw of list) if (await mw(...args)) return true;
  return false;
}
