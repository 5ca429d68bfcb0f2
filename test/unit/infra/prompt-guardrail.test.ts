import { App, type CfnResource, Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { GUARDRAIL_PROFILES, guardrailTier, PromptGuardrail } from '../../../infra/lib/constructs/prompt-guardrail';
import { appContextSchema } from '../../../infra/lib/context';
import { ArtloomStack } from '../../../infra/lib/stacks/artloom-stack';
import { MINORS_TOPIC } from '../../../shared/safety';

// biome-ignore lint/suspicious/noExplicitAny: synthesized template JSON, navigated by the assertions
type Json = any;
type Statement = { Effect: string; Action: string | string[]; Resource: Json };

const ACCOUNT = '123456789012';
const REGION = 'us-east-1';

function build(context: Record<string, unknown>): { stack: ArtloomStack; template: Template } {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new ArtloomStack(app, 'Guarded', { context: appContextSchema.parse(context), env: { account: ACCOUNT, region: REGION } });
  return { stack, template: Template.fromStack(stack) };
}

const logicalId = (stack: Stack, c: IConstruct) => stack.resolve((c.node.defaultChild as CfnResource).logicalId) as string;

function statementsOf(stack: ArtloomStack, template: Template, fn: IConstruct): Statement[] {
  const resources = template.toJSON().Resources as Record<string, { Type: string; Properties: Json }>;
  const roleId = resources[logicalId(stack, fn)]?.Properties.Role['Fn::GetAtt'][0] as string;
  return Object.values(resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && (r.Properties.Roles as { Ref: string }[]).some((x) => x.Ref === roleId))
    .flatMap((r) => r.Properties.PolicyDocument.Statement as Statement[]);
}
const actions = (s: Statement) => (Array.isArray(s.Action) ? s.Action : [s.Action]);

let on: ReturnType<typeof build>;
let off: ReturnType<typeof build>;
beforeAll(() => {
  on = build({});
  off = build({ promptGuardrail: 'off' });
}, 180_000);

describe('the prompt guardrail in the stack', () => {
  it('is deployed by default: content filters at HIGH on input, NONE on output, the minors topic, the Standard tier through the US profile', () => {
    on.template.resourceCountIs('AWS::Bedrock::Guardrail', 1);
    const [guardrail] = Object.values(on.template.findResources('AWS::Bedrock::Guardrail')) as Json[];
    const props = guardrail.Properties;
    const filters = props.ContentPolicyConfig.FiltersConfig as Json[];
    expect(filters.map((f) => f.Type).sort()).toEqual(['HATE', 'INSULTS', 'MISCONDUCT', 'PROMPT_ATTACK', 'SEXUAL', 'VIOLENCE']);
    for (const f of filters) expect(f).toMatchObject({ InputStrength: 'HIGH', OutputStrength: 'NONE', InputAction: 'BLOCK' });
    expect(props.ContentPolicyConfig.ContentFiltersTierConfig).toEqual({ TierName: 'STANDARD' });
    expect(props.TopicPolicyConfig.TopicsTierConfig).toEqual({ TierName: 'STANDARD' });
    const [topic] = props.TopicPolicyConfig.TopicsConfig as Json[];
    expect(topic).toMatchObject({ Name: MINORS_TOPIC, Type: 'DENY' });
    expect(topic.Definition.length).toBeLessThanOrEqual(200);
    expect(topic.Examples.length).toBeGreaterThan(0);
    expect(topic.Examples.length).toBeLessThanOrEqual(5);
    for (const example of topic.Examples as string[]) expect(example.length).toBeLessThanOrEqual(100);
    expect(JSON.stringify(props.CrossRegionConfig.GuardrailProfileArn)).toContain(
      `:bedrock:${REGION}:${ACCOUNT}:guardrail-profile/us.guardrail.v1:0`,
    );
  });

  it('publishes a version of that guardrail, and the API functions read its id and version from the template', () => {
    const guardrailId = on.stack.resolve(on.stack.promptGuardrail?.guardrail.logicalId);
    on.template.hasResourceProperties('AWS::Bedrock::GuardrailVersion', {
      GuardrailIdentifier: { 'Fn::GetAtt': [guardrailId, 'GuardrailId'] },
    });
    const versionId = on.stack.resolve(on.stack.promptGuardrail?.version.logicalId);
    for (const area of ['generate', 'admin', 'system'] as const) {
      const vars = on.template.toJSON().Resources[logicalId(on.stack, on.stack.api.functions[area])].Properties.Environment.Variables;
      expect(vars).toMatchObject({
        BEDROCK_GUARDRAIL_ID: { 'Fn::GetAtt': [guardrailId, 'GuardrailId'] },
        BEDROCK_GUARDRAIL_VERSION: { 'Fn::GetAtt': [versionId, 'Version'] },
      });
    }
  });

  it('grants bedrock:ApplyGuardrail on that guardrail and its profile only, to the two functions that screen', () => {
    const guardrailId = on.stack.resolve(on.stack.promptGuardrail?.guardrail.logicalId);
    const granted: string[] = [];
    for (const [area, fn] of Object.entries(on.stack.api.functions)) {
      const found = statementsOf(on.stack, on.template, fn).filter((s) => actions(s).some((a) => a.startsWith('bedrock:')));
      if (!found.length) continue;
      granted.push(area);
      expect(found).toHaveLength(1);
      expect(found[0]?.Action).toBe('bedrock:ApplyGuardrail');
      const [guardrail, ...profiles] = (found[0]?.Resource ?? []) as Json[];
      expect(guardrail).toEqual({ 'Fn::GetAtt': [guardrailId, 'GuardrailArn'] });
      expect(profiles.map((p) => JSON.stringify(p))).toEqual(
        (GUARDRAIL_PROFILES[REGION]?.destinations ?? []).map((r) =>
          expect.stringContaining(`:bedrock:${r}:${ACCOUNT}:guardrail-profile/us.guardrail.v1:0`),
        ),
      );
      expect(profiles).toHaveLength(3);
    }
    // POST /api/generate (generate) and POST /api/admin/generate (admin).
    expect(granted.sort()).toEqual(['admin', 'generate']);
  });

  it('alarms to the alarm topic when the guardrail does not answer', () => {
    const topic = logicalId(on.stack, on.stack.alarmTopic.topic);
    on.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'Artloom',
      MetricName: 'GuardrailUnavailable',
      Dimensions: Match.arrayWith([{ Name: 'reason', Value: 'no-answer' }]),
      Threshold: 1,
      AlarmActions: [{ Ref: topic }],
    });
  });

  it('is absent with promptGuardrail=off: no guardrail, grant, variable or alarm, and synth warns', () => {
    off.template.resourceCountIs('AWS::Bedrock::Guardrail', 0);
    off.template.resourceCountIs('AWS::Bedrock::GuardrailVersion', 0);
    const text = JSON.stringify(off.template.toJSON());
    for (const absent of ['bedrock:', 'BEDROCK_GUARDRAIL_ID', 'GuardrailUnavailable']) expect(text).not.toContain(absent);
    const warnings = Annotations.fromStack(off.stack).findWarning('*', Match.stringLikeRegexp('promptGuardrail=off'));
    expect(warnings).toHaveLength(1);
    expect(Annotations.fromStack(on.stack).findWarning('*', Match.stringLikeRegexp('promptGuardrail=off'))).toHaveLength(0);
  });
});

describe('the guardrail tier by region', () => {
  it('takes Standard where a guardrail profile serves the region, Classic elsewhere, and refuses a forced Standard there', () => {
    expect(guardrailTier('us-east-1', 'auto')).toMatchObject({ tier: 'STANDARD', profile: 'us.guardrail.v1:0' });
    expect(guardrailTier('us-east-1', 'classic')).toEqual({ tier: 'CLASSIC' });
    expect(guardrailTier('eu-central-1', 'auto')).toEqual({ tier: 'CLASSIC' });
    expect(() => guardrailTier('eu-central-1', 'standard')).toThrow(/no cross-Region guardrail profile is known for eu-central-1/);
  });

  it('a Classic guardrail has no cross-Region profile and its grant names the guardrail alone', () => {
    const stack = new Stack(new App(), 'Classic', { env: { account: ACCOUNT, region: 'eu-central-1' } });
    const guardrail = new PromptGuardrail(stack, 'g', { tier: 'auto' });
    const props = Template.fromStack(stack).findResources('AWS::Bedrock::Guardrail');
    const [resource] = Object.values(props) as Json[];
    expect(resource.Properties.CrossRegionConfig).toBeUndefined();
    expect(resource.Properties.ContentPolicyConfig.ContentFiltersTierConfig).toEqual({ TierName: 'CLASSIC' });
    expect(guardrail.applyResources).toHaveLength(1);
  });
});
