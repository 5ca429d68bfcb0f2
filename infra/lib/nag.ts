import { Aspects, CfnResource, type IAspect, type Stack, Token, Validations } from 'aws-cdk-lib';
import { CfnPolicy, CfnRole } from 'aws-cdk-lib/aws-iam';
import { CfnFunction } from 'aws-cdk-lib/aws-lambda';
// cdk-nag's own rendering of a CloudFormation value in a finding id (`<Logical.Arn>/index/*`).
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
import type { IConstruct } from 'constructs';
import { PROJECT_RUNTIME } from './constructs/project-function';

/**
 * Actions that take no resource ARN (IAM's service authorization reference), so their statements
 * must name `*`: X-Ray, the vended-log delivery calls Step Functions logging needs, the Auto
 * Scaling describe calls, CloudWatch metric data, Rekognition's image moderation (the image is in the request).
 */
const NO_RESOURCE_ACTIONS = new Set([
  'xray:PutTraceSegments',
  'xray:PutTelemetryRecords',
  'xray:GetSamplingRules',
  'xray:GetSamplingTargets',
  'logs:CreateLogDelivery',
  'logs:GetLogDelivery',
  'logs:UpdateLogDelivery',
  'logs:DeleteLogDelivery',
  'logs:ListLogDeliveries',
  'logs:PutResourcePolicy',
  'logs:DescribeResourcePolicies',
  'logs:DescribeLogGroups',
  'autoscaling:DescribeAutoScalingGroups',
  'autoscaling:DescribeAutoScalingInstances',
  'autoscaling:DescribeScalingActivities',
  'cloudwatch:PutMetricData',
  'rekognition:DetectModerationLabels',
]);

/** Action groups the CDK grant helpers write (grantRead, grantReadWrite, grantDelete) for S3. */
const GRANT_ACTION_GROUPS = new Set(['s3:Abort*', 's3:DeleteObject*', 's3:GetBucket*', 's3:GetObject*', 's3:List*']);

interface Statement {
  Effect?: string;
  Action?: string | string[];
  Resource?: unknown;
}

const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const ack = (scope: IConstruct, id: string, reason: string) =>
  Validations.of(scope).acknowledge({ id: `AwsSolutions::AwsSolutions-${id}`, reason });

/**
 * cdk-nag acknowledgements, each put on the one policy, role or function it is about and written
 * in the exact form cdk-nag reports (whatever the feature flags make of partitions and ARNs). Only
 * findings of a known, harmless shape are acknowledged, with the reason for that shape; anything
 * else stays an error and fails `cdk synth` and the nag test.
 */
export function acknowledgeKnownFindings(stack: Stack): void {
  Aspects.of(stack).add(new KnownFindings(stack));
}

class KnownFindings implements IAspect {
  private types?: Map<string, string>;
  constructor(private readonly stack: Stack) {}

  visit(node: IConstruct): void {
    if (node instanceof CfnPolicy) this.policy(node);
    else if (node instanceof CfnRole) this.role(node);
    else if (node instanceof CfnFunction) this.runtime(node);
  }

  /** CloudFormation type of each resource of the stack, by logical id. */
  private typeOf(logicalId: string): string | undefined {
    if (!this.types) {
      this.types = new Map();
      for (const c of this.stack.node.findAll()) {
        if (CfnResource.isCfnResource(c)) this.types.set(this.stack.resolve(c.logicalId) as string, c.cfnResourceType);
      }
    }
    return this.types.get(logicalId);
  }

  private policy(node: CfnPolicy): void {
    const doc = this.stack.resolve(node.policyDocument) as { Statement?: Statement[] };
    for (const s of doc.Statement ?? []) {
      if (s.Effect !== 'Allow') continue;
      const actions = list(s.Action);
      const resources = list(s.Resource).map(flattenCfnReference);
      for (const action of actions.filter((a) => a.includes('*'))) {
        if (GRANT_ACTION_GROUPS.has(action) && resources.every((r) => r !== '*')) {
          ack(node, `IAM5[Action::${action}]`, `Action group written by a CDK grant helper, on ${resources.join(', ')} only.`);
        }
      }
      for (const resource of resources.filter((r) => r.includes('*'))) {
        const reason = this.reasonFor(resource, actions, node);
        if (reason) ack(node, `IAM5[Resource::${resource}]`, reason);
      }
    }
  }

  private reasonFor(resource: string, actions: string[], node: IConstruct): string | undefined {
    if (resource === '*') {
      if (
        node.node.path.includes('Custom::CDKBucketDeployment') &&
        actions.every((a) => a.startsWith('cloudfront:') && a.endsWith('Invalidation'))
      ) {
        return 'BucketDeployment invalidates /index.html after a deploy; aws-cdk-lib writes this grant for any distribution.';
      }
      return actions.every((a) => NO_RESOURCE_ACTIONS.has(a))
        ? `${actions.join(', ')} take no resource ARN (IAM service authorization reference), so the statement names *.`
        : undefined;
    }
    const own = /^<(\w+)\.Arn>(.*)$/.exec(resource);
    if (own) {
      const [, id = '', rest] = own;
      const type = this.typeOf(id);
      if (type === 'AWS::DynamoDB::GlobalTable' || type === 'AWS::DynamoDB::Table') {
        if (rest === '/index/*') return `The indexes of table ${id} (overloaded gsi1..3 of the data model), not any other table.`;
      }
      if (type === 'AWS::S3::Bucket' && /^\/([\w-]+\/)*\*$/.test(rest ?? '')) {
        return `Objects of bucket ${id} under ${rest}: keys are generated per image, job or attachment, so no narrower name exists.`;
      }
      if (type === 'AWS::Lambda::Function' && rest === ':*')
        return `Function ${id} and its versions (what LambdaInvoke grants), nothing else.`;
    }
    const group = /:autoScalingGroup:\*:autoScalingGroupName\/<(\w+)>$/.exec(resource);
    if (group && this.typeOf(group[1] ?? '') === 'AWS::AutoScaling::AutoScalingGroup') {
      return `Auto Scaling group ${group[1]} only; the * is the group's UUID, which CloudFormation does not expose.`;
    }
    const machine = /:states:.+:execution:.*"Ref":"(\w+)".*:\*$/.exec(resource);
    if (machine && this.typeOf(machine[1] ?? '') === 'AWS::StepFunctions::StateMachine') {
      return `Executions of state machine ${machine[1]} only; each is named after its job id.`;
    }
    if (
      /^arn:(aws[\w-]*|<AWS::Partition>):s3:::cdk-[a-z0-9]+-assets-[^/]+\/\*$/.test(resource) &&
      node.node.path.includes('Custom::CDKBucketDeployment')
    ) {
      return 'BucketDeployment copies the site from the CDK bootstrap asset bucket (asset keys are content hashes).';
    }
    return undefined;
  }

  private role(node: CfnRole): void {
    for (const arn of list(this.stack.resolve(node.managedPolicyArns) as unknown[]).map(flattenCfnReference)) {
      if (arn.endsWith(':iam::aws:policy/service-role/AWSLambdaBasicExecutionRole')) {
        ack(node, `IAM4[Policy::${arn}]`, 'AWS-managed basic execution role: writing the function’s own CloudWatch logs, nothing else.');
      }
      if (arn.endsWith(':iam::aws:policy/AmazonSSMManagedInstanceCore')) {
        ack(
          node,
          `IAM4[Policy::${arn}]`,
          'Session Manager is the only way onto the GPU instances (no SSH, no inbound rule); this AWS policy is what the SSM agent needs.',
        );
      }
    }
  }

  private runtime(node: CfnFunction): void {
    const runtime = this.stack.resolve(node.runtime);
    if (Token.isUnresolved(runtime) || runtime === PROJECT_RUNTIME.name) return;
    if (node.node.path.includes('Custom::')) {
      ack(node, 'L1', `A CDK-provided custom-resource handler (${String(runtime)}): aws-cdk-lib pins its runtime, not this project.`);
    }
  }
}
