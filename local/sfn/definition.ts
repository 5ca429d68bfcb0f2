import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCAL_REGION } from '../names';

/**
 * The generation state machine's ASL, synthesized from infra/lib/state-machine.ts (the CDK
 * definition that deploys) with its CloudFormation parts resolved to local values. Synthesizing
 * costs ~5 s (aws-cdk-lib import), so the result is cached on disk keyed by the source's hash and
 * in memory per process: the flow that runs locally is always the flow that deploys.
 */
const LOCAL_ACCOUNT = '000000000000';
export const LOCAL_QUEUE_NAME = 'artloom-gpu-jobs';
export const localFunctionArn = (step: string) => `arn:aws:lambda:${LOCAL_REGION}:${LOCAL_ACCOUNT}:function:artloom-${step}`;

const here = dirname(fileURLToPath(import.meta.url));
const SOURCES = [join(here, '../../infra/lib/state-machine.ts'), fileURLToPath(import.meta.url)];

export type AslDefinition = { StartAt: string; States: Record<string, Record<string, unknown>> } & Record<string, unknown>;

let memo: Promise<AslDefinition> | undefined;

export function generationDefinition(): Promise<AslDefinition> {
  memo ??= loadOrSynth();
  return memo;
}

async function loadOrSynth(): Promise<AslDefinition> {
  const hash = createHash('sha256');
  for (const file of SOURCES) hash.update(await readFile(file));
  const cacheFile = join(tmpdir(), 'artloom-asl', `generation-${hash.digest('hex').slice(0, 16)}.json`);
  try {
    return JSON.parse(await readFile(cacheFile, 'utf8')) as AslDefinition;
  } catch {
    const definition = await synthesize();
    await mkdir(dirname(cacheFile), { recursive: true });
    await writeFile(cacheFile, JSON.stringify(definition, null, 2));
    return definition;
  }
}

/** Synthesizes a stack holding just the state machine, with imported (local) functions and queue. */
async function synthesize(): Promise<AslDefinition> {
  const { App, Stack } = await import('aws-cdk-lib');
  const { Function: LambdaFunction } = await import('aws-cdk-lib/aws-lambda');
  const { Queue } = await import('aws-cdk-lib/aws-sqs');
  const { DefinitionBody, StateMachine } = await import('aws-cdk-lib/aws-stepfunctions');
  const { buildGenerationFlow, STEP_NAMES } = await import('../../infra/lib/state-machine');
  const app = new App();
  const stack = new Stack(app, 'LocalGeneration', { env: { account: LOCAL_ACCOUNT, region: LOCAL_REGION } });
  const steps = Object.fromEntries(
    STEP_NAMES.map((name) => [name, LambdaFunction.fromFunctionArn(stack, `fn-${name}`, localFunctionArn(name))]),
  );
  const queue = Queue.fromQueueArn(stack, 'queue', `arn:aws:sqs:${LOCAL_REGION}:${LOCAL_ACCOUNT}:${LOCAL_QUEUE_NAME}`);
  new StateMachine(stack, 'generation', {
    definitionBody: DefinitionBody.fromChainable(buildGenerationFlow(stack, { steps: steps as never, queue })),
  });
  const template = app.synth().getStackByName(stack.stackName).template as {
    Resources: Record<string, { Type: string; Properties: Record<string, unknown> }>;
  };
  const machine = Object.values(template.Resources).find((r) => r.Type === 'AWS::StepFunctions::StateMachine');
  if (!machine) throw new Error('no state machine in the synthesized template');
  return JSON.parse(resolveIntrinsics(machine.Properties.DefinitionString, LOCAL_LEAVES) as string) as AslDefinition;
}

const PSEUDO: Record<string, string> = {
  'AWS::Partition': 'aws',
  'AWS::Region': LOCAL_REGION,
  'AWS::AccountId': LOCAL_ACCOUNT,
  'AWS::URLSuffix': 'amazonaws.com',
};

/** What the leaves of a CloudFormation value stand for: a `Ref`, a `Fn::GetAtt`. */
export interface IntrinsicLeaves {
  ref(name: string): unknown;
  getAtt(id: string, attr: string): unknown;
}

/**
 * Resolves the Fn::Join, Ref and Fn::GetAtt of a CloudFormation value (the shapes a state machine's
 * definition uses) to plain values, each leaf as `leaves` says.
 */
export function resolveIntrinsics(value: unknown, leaves: IntrinsicLeaves): unknown {
  if (Array.isArray(value)) return value.map((v) => resolveIntrinsics(v, leaves));
  if (value && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    if ('Fn::Join' in obj) {
      const [sep, parts] = obj['Fn::Join'] as [string, unknown[]];
      return parts.map((p) => String(resolveIntrinsics(p, leaves))).join(sep);
    }
    if ('Ref' in obj) return leaves.ref(String(obj.Ref));
    if ('Fn::GetAtt' in obj) {
      const [id, attr] = obj['Fn::GetAtt'] as [string, string];
      return leaves.getAtt(id, attr);
    }
    return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, resolveIntrinsics(v, leaves)]));
  }
  return value;
}

/** Locally only the pseudo parameters resolve: the flow's functions and queue are imported by ARN. */
const LOCAL_LEAVES: IntrinsicLeaves = {
  ref: (name) => {
    const resolved = PSEUDO[name];
    if (resolved === undefined) throw new Error(`cannot resolve Ref ${name} locally`);
    return resolved;
  },
  getAtt: (id, attr) => {
    throw new Error(`cannot resolve Fn::GetAtt ${JSON.stringify([id, attr])} locally`);
  },
};
