import { join } from 'node:path';
import { BUCKETS, TABLES } from '../../infra/lib/data-model';
import { FUNCTION_METADATA_KEY } from '../../infra/lib/lambda-functions';
import { type Gateway, type GatewayCheck, type GatewayRequest, startGateway } from '../iam/gateway';
import {
  checkCall,
  type DescribeNames,
  describeAwsRequest,
  type FunctionModel,
  LOCAL_ACCOUNT,
  localNames,
  TemplateModel,
} from '../iam/index';
import { LOCAL_REGION } from '../names';
import type { CloudAssembly } from './cloud-assembly';
import { FunctionHost } from './host';

/**
 * The synthesized stack, deployed locally: each of our functions from its asset folder with the
 * environment the template gives it (Refs and GetAtts resolved to the local resource names), its
 * calls to AWS through the gateway under a key of its own, checked against its role when
 * permission checking is on. Nothing here is hand-wired per function: a variable the template
 * forgets is missing locally too.
 */
export const STATE_MACHINE_ARN = `arn:aws:states:${LOCAL_REGION}:${LOCAL_ACCOUNT}:stateMachine:artloom-generation`;

/**
 * Settings the local runtime owns whatever the template says: the renderer (the preview renderer
 * unless COMFYUI_URL), the operator sign-in (the local OpenID provider stands in for Cognito), the
 * origin secret (no CloudFront locally: the check is off unless a test sets a secret), the GPU
 * group (none to scale: the in-process worker is always on) and the picture page's site shell.
 * Any other override applies only where the template sets nothing.
 */
const LOCAL_OWNED = new Set([
  'RENDERER',
  'AUTH_ISSUER',
  'AUTH_JWKS_URL',
  'AUTH_AUDIENCE',
  'AUTH_LOGOUT_URL',
  'ORIGIN_SECRET',
  'GPU_ASG_NAME',
  'SITE_SHELL_FILE',
]);

/**
 * What only the template may name: the stores and the flow. The local runtime's own process knows
 * them too (its worker and the tests read the stores), but a function gets them from the template
 * or not at all — so a variable the stack forgets to give a function is missing here as in AWS.
 */
const TEMPLATE_ONLY = new Set([...TABLES.map((t) => t.env), ...BUCKETS.map((b) => b.env), 'GENERATION_STATE_MACHINE_ARN', 'JOB_QUEUE_URL']);

/** What the runtime passes through from its own environment to every function (logging, SDK notices). */
const PASSED_THROUGH = [
  'PATH',
  'LOG_LEVEL',
  'POWERTOOLS_LOG_LEVEL',
  'POWERTOOLS_METRICS_DISABLED',
  'AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED',
];

export interface LocalFunction {
  model: FunctionModel;
  /** The function's id in infra/lib/lambda-functions.ts (api-gallery, step-store-image, reconciler…). */
  id: string;
  host: FunctionHost;
}

/**
 * The GPU instance as the gateway knows it: the role of the launch template's instance profile and
 * the access key the in-process worker's calls carry (local/worker-route.ts).
 */
export interface LocalInstanceIdentity {
  name: string;
  roleLogicalId: string;
  accessKeyId: string;
}

export interface LocalDeployment {
  model: TemplateModel;
  gateway: Gateway;
  /** The GPU instance's role, when the template has a GPU fleet. */
  gpuInstance?: LocalInstanceIdentity;
  /** What the gateway cannot read off a request (the group of an instance: the Auto Scaling stand-in knows). */
  names: Partial<DescribeNames>;
  functions: Map<string, LocalFunction>;
  /** By function id (infra/lib/lambda-functions.ts). */
  fn(id: string): FunctionHost;
  /** By the function's local name or ARN (the state machine's Task resources). */
  byName(nameOrArn: string): FunctionHost | undefined;
  /** The state machine's definition, resolved. */
  stateMachineDefinition(): Record<string, unknown>;
  stop(): Promise<void>;
}

export interface DeployOptions {
  assembly: CloudAssembly;
  prefix: string;
  /** The stand-ins behind the gateway. */
  endpoints: { dynamoEndpoint: string; s3Endpoint: string };
  /** Local settings (endpoints of plugins, AUTH_*, timeouts): read when a function starts. */
  localEnv: () => Record<string, string>;
  /** Evaluate every call against the function's role and the target's resource policy. */
  checkPermissions: boolean;
  log?: (line: string) => void;
}

/** LOCAL_TIMEOUT_SCALE: a factor (≥ 1) on every function's timeout; 1 (the default) is Lambda's own. */
const timeoutScale = (): number => {
  const scale = Number(process.env.LOCAL_TIMEOUT_SCALE ?? '1');
  return Number.isFinite(scale) && scale >= 1 ? scale : 1;
};

/** A function's access key locally: the gateway knows the function by it (the secret is the one s3rver accepts). */
const accessKeyOf = (id: string) => `LOCAL${id.replace(/[^A-Za-z0-9]/g, '').toUpperCase()}`;
const LOCAL_FUNCTION_SECRET = 'S3RVER';

export async function deployLocally(options: DeployOptions): Promise<LocalDeployment> {
  const { assembly } = options;
  const model = new TemplateModel(
    assembly.template,
    localNames(assembly.template, { prefix: options.prefix, stateMachineArn: STATE_MACHINE_ARN, stackName: assembly.stackName }),
  );
  const functions = new Map<string, LocalFunction>();
  const byKey = new Map<string, LocalFunction>();
  for (const logicalId of model.ofType('AWS::Lambda::Function')) {
    const id = model.resource(logicalId).Metadata?.[FUNCTION_METADATA_KEY];
    if (typeof id !== 'string') continue; // CDK's own helper functions (custom resources) are not ours to run
    const fnModel = model.functionModel(logicalId);
    if (!fnModel.assetPath) throw new Error(`${logicalId} has no asset folder in the cloud assembly`);
    const key = accessKeyOf(id);
    const host = new FunctionHost({
      name: fnModel.name,
      assetDir: join(assembly.dir, fnModel.assetPath),
      memoryMb: fnModel.memoryMb,
      // Lambda's timeout, from the template; LOCAL_TIMEOUT_SCALE stretches it on a machine much slower than Lambda.
      timeoutSeconds: fnModel.timeoutSeconds * timeoutScale(),
      log: options.log,
      env: () => functionEnv(fnModel, key, gateway.url, options.localEnv()),
    });
    const local = { model: fnModel, id, host };
    functions.set(id, local);
    byKey.set(key, local);
  }

  const gpuInstance = instanceIdentity(model);
  // The principals the gateway knows by key: each function by its role, and the GPU instance by its role.
  const principals = new Map<string, { name: string; roleLogicalId?: string }>();
  for (const [key, f] of byKey) principals.set(key, { name: f.model.name, roleLogicalId: f.model.roleLogicalId });
  if (gpuInstance) principals.set(gpuInstance.accessKeyId, gpuInstance);
  const names: Partial<DescribeNames> = { partitionKeyOf: partitionKeys(model) };
  const check: GatewayCheck | undefined = options.checkPermissions
    ? {
        principalOf: (accessKeyId) => principals.get(accessKeyId)?.name,
        evaluate: (principal, request) =>
          evaluate(
            model,
            [...principals.values()].find((p) => p.name === principal),
            request,
            names,
          ),
      }
    : undefined;
  // Behind the gateway: the stand-ins, or whatever the local settings point DynamoDB or S3 at (the
  // fail-fast tests point them at a stalled or a dead port).
  const local = options.localEnv();
  const gateway = await startGateway({
    targets: {
      dynamodb: local.DYNAMODB_ENDPOINT ?? options.endpoints.dynamoEndpoint,
      s3: local.S3_ENDPOINT ?? options.endpoints.s3Endpoint,
    },
    check,
    log: options.log,
  });

  return {
    model,
    gateway,
    ...(gpuInstance ? { gpuInstance } : {}),
    names,
    functions,
    fn(id) {
      const f = functions.get(id);
      if (!f) throw new Error(`no function ${id} in the synthesized stack`);
      return f.host;
    },
    byName(nameOrArn) {
      const name = nameOrArn.startsWith('arn:') ? nameOrArn.split(':')[6] : nameOrArn;
      return [...functions.values()].find((f) => f.model.name === name)?.host;
    },
    stateMachineDefinition() {
      const [machine] = model.ofType('AWS::StepFunctions::StateMachine');
      if (!machine) throw new Error('no state machine in the synthesized template');
      const props = model.resource(machine).Properties ?? {};
      return JSON.parse(model.resolveString(props.DefinitionString, 'the state machine definition')) as Record<string, unknown>;
    },
    async stop() {
      await Promise.all([...functions.values()].map((f) => f.host.stop()));
      await gateway.stop();
    },
  };
}

/**
 * The function's environment: the template's variables, then what the Lambda service adds (region,
 * credentials) and the local endpoints (the gateway), then the local runtime's own settings.
 */
function functionEnv(fn: FunctionModel, accessKeyId: string, gatewayUrl: string, local: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of PASSED_THROUGH) if (process.env[key] !== undefined) env[key] = process.env[key] as string;
  Object.assign(env, fn.environment);
  for (const [key, value] of Object.entries(local)) {
    if (LOCAL_OWNED.has(key) || !(key in fn.environment || TEMPLATE_ONLY.has(key))) env[key] = value;
  }
  Object.assign(env, {
    AWS_REGION: LOCAL_REGION,
    AWS_DEFAULT_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_FUNCTION_SECRET,
    DYNAMODB_ENDPOINT: gatewayUrl,
    S3_ENDPOINT: gatewayUrl,
    SFN_ENDPOINT: gatewayUrl,
    SQS_ENDPOINT: gatewayUrl,
    BEDROCK_ENDPOINT: gatewayUrl,
    REKOGNITION_ENDPOINT: gatewayUrl,
    CLOUDWATCH_ENDPOINT: gatewayUrl,
    SES_ENDPOINT: gatewayUrl,
    AUTOSCALING_ENDPOINT: gatewayUrl,
    TZ: 'UTC',
  });
  return env;
}

/** Verdicts by template (each app's own, so another synthesis never answers from this one's). */
const verdictsOf = new WeakMap<TemplateModel, Map<string, Awaited<ReturnType<typeof checkCall>>>>();

async function evaluate(
  model: TemplateModel,
  caller: { name: string; roleLogicalId?: string } | undefined,
  request: GatewayRequest,
  names: Partial<DescribeNames>,
): Promise<{ calls: number; denial?: { principal: string; action: string; resource: string; explanation: string } }> {
  if (!caller?.roleLogicalId) return { calls: 0 };
  const calls = describeAwsRequest(
    { service: request.service, method: request.method, url: request.url, headers: request.headers, body: request.body },
    { account: model.names.account, region: model.names.region, stateMachineOfTaskToken: () => STATE_MACHINE_ARN, ...names },
  );
  for (const call of calls) {
    // The template does not change during a run: one simulation per distinct call (the worker's
    // progress updates repeat the same call many times a second).
    const key = JSON.stringify([caller.roleLogicalId, call.action, call.resource, call.context ?? null]);
    let verdicts = verdictsOf.get(model);
    if (!verdicts) {
      verdicts = new Map();
      verdictsOf.set(model, verdicts);
    }
    let verdict = verdicts.get(key);
    if (!verdict) {
      verdict = await checkCall(model, {
        principal: { kind: 'role', roleLogicalId: caller.roleLogicalId },
        action: call.action,
        resource: call.resource,
        context: call.context,
      });
      verdicts.set(key, verdict);
    }
    if (!verdict.allowed) {
      return {
        calls: calls.length,
        denial: { principal: caller.name, action: call.action, resource: call.resource, explanation: verdict.explanation },
      };
    }
  }
  return { calls: calls.length };
}

/** The GPU instance's identity: the role of the instance profile the launch template names (undefined without a fleet). */
function instanceIdentity(model: TemplateModel): LocalInstanceIdentity | undefined {
  for (const template of model.ofType('AWS::EC2::LaunchTemplate')) {
    const data = (model.resource(template).Properties?.LaunchTemplateData ?? {}) as { IamInstanceProfile?: { Arn?: unknown } };
    const getAtt = (data.IamInstanceProfile?.Arn as { 'Fn::GetAtt'?: [string, string] } | undefined)?.['Fn::GetAtt'];
    if (!getAtt) continue;
    const roles = (model.resource(getAtt[0]).Properties?.Roles ?? []) as { Ref?: string }[];
    const roleLogicalId = roles[0]?.Ref;
    if (roleLogicalId) return { name: `gpu-instance (${model.refOf(roleLogicalId)})`, roleLogicalId, accessKeyId: 'LOCALGPUINSTANCE' };
  }
  return undefined;
}

/** Each table's partition key attribute (KeySchema HASH), by its local name: DynamoDB's dynamodb:LeadingKeys. */
function partitionKeys(model: TemplateModel): (table: string) => string | undefined {
  const keys = new Map<string, string>();
  for (const type of ['AWS::DynamoDB::GlobalTable', 'AWS::DynamoDB::Table']) {
    for (const logicalId of model.ofType(type)) {
      const schema = (model.resource(logicalId).Properties?.KeySchema ?? []) as { AttributeName?: string; KeyType?: string }[];
      const hash = schema.find((k) => k.KeyType === 'HASH')?.AttributeName;
      if (hash) keys.set(model.refOf(logicalId), hash);
    }
  }
  return (table) => keys.get(table);
}
