import { type CfnResource, type Stack, Token, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

const ack = (scope: IConstruct, rule: string, reason: string) =>
  Validations.of(scope).acknowledge({ id: `AwsSolutions::AwsSolutions-${rule}`, reason });

function arnToken(stack: Stack, resource: IConstruct): string {
  return `<${stack.resolve((resource.node.defaultChild as CfnResource).logicalId)}.Arn>`;
}

/**
 * cdk-nag acknowledgements that hold for the whole stack, each with its reason. Findings that
 * belong to one resource are acknowledged next to that resource instead.
 */
export function acknowledgeStackWide(stack: Stack, scoped: { tables: IConstruct[]; buckets: IConstruct[] }): void {
  ack(
    stack,
    'IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    'AWS-managed basic execution role only grants writing the function’s own logs.',
  );
  ack(
    stack,
    'L1',
    'Lambdas run on nodejs22.x on purpose: the newest runtime the Node 20 local toolchain mirrors without Node-24-only APIs (README, Runtime).',
  );
  ack(stack, 'IAM5[Resource::*]', 'X-Ray PutTraceSegments/PutTelemetryRecords and a few describe calls take no resource ARN.');
  for (const action of ['s3:Abort*', 's3:DeleteObject*', 's3:GetBucket*', 's3:GetObject*', 's3:List*']) {
    ack(stack, `IAM5[Action::${action}]`, 'Action groups from the CDK grant helpers (grantRead/grantReadWrite) scoped to one bucket each.');
  }
  for (const table of scoped.tables) {
    ack(
      stack,
      `IAM5[Resource::${arnToken(stack, table)}/index/*]`,
      'Grant on the table’s own GSIs (overloaded gsi1..3); the index names are part of the data model.',
    );
  }
  for (const bucket of scoped.buckets) {
    ack(
      stack,
      `IAM5[Resource::${arnToken(stack, bucket)}/*]`,
      'Objects of this one bucket; keys are generated per image or attachment, so no narrower prefix exists.',
    );
  }
  const account = Token.isUnresolved(stack.account) ? '<AWS::AccountId>' : stack.account;
  const region = Token.isUnresolved(stack.region) ? '<AWS::Region>' : stack.region;
  ack(
    stack,
    `IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-${account}-${region}/*]`,
    'BucketDeployment reads the CDK bootstrap asset bucket it was given.',
  );
}
