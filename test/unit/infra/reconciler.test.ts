import { App, type CfnResource, Validations } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { appContextSchema } from '../../../infra/lib/context';
import { ArtloomStack } from '../../../infra/lib/stacks/artloom-stack';

// biome-ignore lint/suspicious/noExplicitAny: synthesized template JSON
type Json = any;
let template: Template;
let stack: ArtloomStack;
let app: App;
beforeAll(() => {
  app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  stack = new ArtloomStack(app, 'Test', { context: appContextSchema.parse({}), env: { account: '123456789012', region: 'us-east-1' } });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  template = Template.fromStack(stack);
}, 60_000);

const fnId = () => stack.resolve((stack.reconciler.fn.node.defaultChild as CfnResource).logicalId) as string;

describe('reconciler construct', () => {
  it('runs the reconcile handler on an EventBridge Scheduler rate', () => {
    template.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'rate(2 minutes)',
      State: 'ENABLED',
      Target: Match.objectLike({ Arn: { 'Fn::GetAtt': [fnId(), 'Arn'] }, RetryPolicy: Match.objectLike({ MaximumRetryAttempts: 0 }) }),
    });
  });

  it('may describe and stop executions of the generation state machine and nothing else in Step Functions', () => {
    const fn = template.toJSON().Resources[fnId()] as Json;
    const roleId = fn.Properties.Role['Fn::GetAtt'][0];
    const statements = Object.values(template.findResources('AWS::IAM::Policy') as Record<string, Json>)
      .filter((p) => p.Properties.Roles.some((r: Json) => r.Ref === roleId))
      .flatMap((p) => p.Properties.PolicyDocument.Statement);
    const actions = statements.flatMap((s: Json) => (Array.isArray(s.Action) ? s.Action : [s.Action])) as string[];
    expect(actions.filter((a) => a.startsWith('states:')).sort()).toEqual(['states:DescribeExecution', 'states:StopExecution']);
    expect(actions).toContain('s3:DeleteObject*');
    expect(actions).not.toContain('s3:PutObject');
  });

  it('keeps the staging lifecycle rule on the images bucket', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: {
        Rules: Match.arrayWith([Match.objectLike({ Prefix: 'staging/', ExpirationInDays: 1, Status: 'Enabled' })]),
      },
    });
  });

  it('passes cdk-nag with zero unacknowledged findings', () => {
    expect(() => app.synth()).not.toThrow();
  });
});
