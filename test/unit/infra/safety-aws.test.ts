import { readFileSync } from 'node:fs';
import { App, type CfnResource, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { appContextSchema } from '../../../infra/lib/context';
import { ArtloomStack } from '../../../infra/lib/stacks/artloom-stack';

// biome-ignore lint/suspicious/noExplicitAny: synthesized template JSON, navigated by the assertions
type Json = any;
type Statement = { Effect: string; Action: string | string[]; Resource: Json };

const ACCOUNT = '123456789012';
const REGION = 'us-east-1';
const SAFETY_ENV = ['IMAGE_MODERATION', 'IMAGE_MODERATION_MIN_CONFIDENCE'];
/** The context `cdk synth` uses (feature flags included), so the nag check sees the deployed template. */
const cdkJson = JSON.parse(readFileSync(new URL('../../../cdk.json', import.meta.url), 'utf8')) as { context: Record<string, unknown> };

interface Built {
  stack: ArtloomStack;
  template: Template;
  synthError?: unknown;
}

function build(context: Record<string, unknown>, nag = false): Built {
  const app = new App({ context: { ...(nag ? cdkJson.context : {}), 'aws:cdk:bundling-stacks': [] } });
  const stack = new ArtloomStack(app, 'Safety', { context: appContextSchema.parse(context), env: { account: ACCOUNT, region: REGION } });
  if (!nag) return { stack, template: Template.fromStack(stack) };
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  let synthError: unknown;
  try {
    app.synth();
  } catch (err) {
    synthError = err;
  }
  return { stack, template: Template.fromStack(stack), synthError };
}

const logicalId = (b: Built, c: IConstruct) => b.stack.resolve((c.node.defaultChild as CfnResource).logicalId) as string;

/** Allow statements on the role of one function. */
function statementsOf(b: Built, fn: IConstruct): Statement[] {
  const resources = b.template.toJSON().Resources as Record<string, { Type: string; Properties: Json }>;
  const roleId = resources[logicalId(b, fn)]?.Properties.Role['Fn::GetAtt'][0] as string;
  return Object.values(resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && (r.Properties.Roles as { Ref: string }[]).some((x) => x.Ref === roleId))
    .flatMap((r) => r.Properties.PolicyDocument.Statement as Statement[]);
}
const actions = (s: Statement) => (Array.isArray(s.Action) ? s.Action : [s.Action]);
const withAction = (statements: Statement[], action: string) => statements.filter((s) => actions(s).includes(action));

/** Every statement and environment of the whole template, as text. */
const everything = (b: Built) => JSON.stringify(b.template.toJSON());

let plain: Built;
let configured: Built;
beforeAll(() => {
  // The prompt guardrail (on by default) is test/unit/infra/prompt-guardrail.test.ts's.
  plain = build({ promptGuardrail: 'off' });
  configured = build({ imageModeration: 'rekognition', imageModerationMinConfidence: '75' }, true);
}, 180_000);

describe('optional AWS safety checks in the stack', () => {
  it('without the context keys (and the guardrail off): no Bedrock or Rekognition grant, no safety variable on any function', () => {
    const text = everything(plain);
    expect(text).not.toContain('bedrock:');
    expect(text).not.toContain('rekognition:');
    for (const name of SAFETY_ENV) expect(text).not.toContain(name);
  });

  it('with imageModeration: DetectModerationLabels for the GPU worker only, its settings naming it; no function gets it', () => {
    const role = logicalId(configured, configured.stack.gpuFleet.role);
    const resources = configured.template.toJSON().Resources as Record<string, { Type: string; Properties: Json }>;
    const gpu = Object.values(resources)
      .filter((r) => r.Type === 'AWS::IAM::Policy' && (r.Properties.Roles as { Ref: string }[]).some((x) => x.Ref === role))
      .flatMap((r) => r.Properties.PolicyDocument.Statement as Statement[]);
    expect(withAction(gpu, 'rekognition:DetectModerationLabels').map((s) => s.Resource)).toEqual(['*']);
    const workerEnv = Object.values(resources).find(
      (r) => r.Type === 'AWS::SSM::Parameter' && JSON.stringify(r.Properties.Name).includes('worker.env'),
    );
    expect(JSON.stringify(workerEnv?.Properties.Value)).toContain('IMAGE_MODERATION=rekognition\\nIMAGE_MODERATION_MIN_CONFIDENCE=75');
    const plainEnv = Object.values(plain.template.toJSON().Resources as Record<string, { Type: string; Properties: Json }>).find(
      (r) => r.Type === 'AWS::SSM::Parameter' && JSON.stringify(r.Properties.Name).includes('worker.env'),
    );
    expect(JSON.stringify(plainEnv?.Properties.Value)).not.toContain('IMAGE_MODERATION');

    const functions = [...Object.values(configured.stack.generation.steps), ...Object.values(configured.stack.api.functions)];
    for (const fn of functions) expect(withAction(statementsOf(configured, fn), 'rekognition:DetectModerationLabels')).toEqual([]);
  });

  it('lets StoreImage write a held-back picture’s queue item and audit line to the messages table, check or no check', () => {
    for (const built of [plain, configured]) {
      const store = built.stack.generation.steps.StoreImage;
      const messages = logicalId(built, built.stack.data.tables.messages);
      const put = withAction(statementsOf(built, store), 'dynamodb:PutItem').filter((s) => JSON.stringify(s.Resource).includes(messages));
      expect(put).toHaveLength(1);
      const vars = built.template.toJSON().Resources[logicalId(built, store)].Properties.Environment.Variables;
      expect(vars.MESSAGES_TABLE).toEqual({ Ref: messages });
    }
  });

  it('passes cdk-nag with the guardrail and the image check on (the resource-less Rekognition action acknowledged)', () => {
    expect(configured.synthError).toBeUndefined();
  });
});
