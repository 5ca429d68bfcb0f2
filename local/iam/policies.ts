import type { NamedPolicy, PolicyDocument, PolicyStatement, TemplateModel } from './template';

/**
 * The policies a synthesized template gives a role (identity side) and a resource (resource side),
 * resolved through a TemplateModel. The resource side covers what this stack has: SNS topic
 * policies, S3 bucket policies, SQS queue policies and Lambda permissions.
 */

/**
 * AWS-managed policies a role of this stack may name, copied from their AWS versions (2024) so the
 * simulation sees what AWS grants. Others (AmazonSSMManagedInstanceCore, EC2InstanceProfileForImage
 * Builder on the GPU and image-build roles) are left out on purpose: they grant SSM/Image Builder
 * plumbing the checks here never ask about, and leaving them out can only make a check stricter.
 */
const AWS_MANAGED: Record<string, PolicyDocument> = {
  AWSLambdaBasicExecutionRole: {
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Action: ['logs:CreateLogGroup', 'logs:CreateLogStream', 'logs:PutLogEvents'], Resource: '*' }],
  },
  AWSXRayDaemonWriteAccess: {
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Action: [
          'xray:PutTraceSegments',
          'xray:PutTelemetryRecords',
          'xray:GetSamplingRules',
          'xray:GetSamplingTargets',
          'xray:GetSamplingStatisticSummaries',
        ],
        Resource: '*',
      },
    ],
  },
};

const asList = (v: unknown): unknown[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

function document(value: unknown): PolicyDocument {
  const doc = value as { Version?: string; Statement?: unknown };
  return { Version: doc.Version ?? '2012-10-17', Statement: asList(doc.Statement) as PolicyStatement[] };
}

export function identityPolicies(model: TemplateModel, roleLogicalId: string): NamedPolicy[] {
  const role = model.resource(roleLogicalId);
  if (role.Type !== 'AWS::IAM::Role') throw new Error(`${roleLogicalId} is a ${role.Type}, not an AWS::IAM::Role`);
  const roleName = model.refOf(roleLogicalId);
  const out: NamedPolicy[] = [];
  for (const [id, r] of Object.entries(model.template.Resources)) {
    if (r.Type !== 'AWS::IAM::Policy' && r.Type !== 'AWS::IAM::ManagedPolicy') continue;
    const roles = asList(model.resolve(r.Properties?.Roles));
    if (!roles.includes(roleName)) continue;
    const name = r.Properties?.PolicyName ?? r.Properties?.ManagedPolicyName ?? id;
    out.push({ name: String(model.resolve(name)), policy: document(model.resolve(r.Properties?.PolicyDocument)) });
  }
  for (const inline of asList(role.Properties?.Policies) as { PolicyName: unknown; PolicyDocument: unknown }[]) {
    out.push({ name: String(model.resolve(inline.PolicyName)), policy: document(model.resolve(inline.PolicyDocument)) });
  }
  for (const arn of asList(model.resolve(role.Properties?.ManagedPolicyArns)).map(String)) {
    const awsManaged = /^arn:[^:]+:iam::aws:policy\/(?:service-role\/)?(.+)$/.exec(arn)?.[1];
    const builtIn = awsManaged ? AWS_MANAGED[awsManaged] : undefined;
    if (builtIn) out.push({ name: awsManaged as string, policy: builtIn });
    // A customer-managed policy of this template already came in through its Roles above or is
    // found here by ARN; other AWS-managed ones are left out (see AWS_MANAGED).
    const local = model.ofType('AWS::IAM::ManagedPolicy').find((id) => model.refOf(id) === arn);
    if (local && !out.some((p) => p.name === arn)) {
      out.push({ name: arn, policy: document(model.resolve(model.resource(local).Properties?.PolicyDocument)) });
    }
  }
  return out;
}

export function resourcePolicy(model: TemplateModel, resourceArn: string): PolicyDocument | undefined {
  const [, , service] = resourceArn.split(':');
  const statements: PolicyStatement[] = [];
  const collect = (type: string, key: string, matches: (target: unknown) => boolean) => {
    for (const id of model.ofType(type)) {
      const p = model.resource(id).Properties ?? {};
      if (!asList(model.resolve(p[key])).some(matches)) continue;
      statements.push(...document(model.resolve(p.PolicyDocument)).Statement);
    }
  };
  if (service === 'sns') collect('AWS::SNS::TopicPolicy', 'Topics', (t) => t === resourceArn);
  if (service === 's3') {
    const bucket = resourceArn.split(':::')[1]?.split('/')[0];
    collect('AWS::S3::BucketPolicy', 'Bucket', (b) => b === bucket);
  }
  if (service === 'sqs') {
    const queue = model.ofType('AWS::SQS::Queue').find((id) => model.arnOf(id) === resourceArn);
    if (queue) collect('AWS::SQS::QueuePolicy', 'Queues', (q) => q === model.refOf(queue));
  }
  if (service === 'lambda') statements.push(...lambdaPermissions(model, resourceArn));
  return statements.length ? { Version: '2012-10-17', Statement: statements } : undefined;
}

/** AWS::Lambda::Permission entries as the statements Lambda writes into the function's policy. */
function lambdaPermissions(model: TemplateModel, functionArn: string): PolicyStatement[] {
  const base = functionArn.split(':').slice(0, 7).join(':');
  const fnId = model.logicalIdOfFunctionName(base);
  if (!fnId) return [];
  const name = model.physicalName(fnId);
  const out: PolicyStatement[] = [];
  for (const id of model.ofType('AWS::Lambda::Permission')) {
    const p = (model.resolve(model.resource(id).Properties) ?? {}) as Record<string, unknown>;
    const target = String(p.FunctionName).split(':').slice(0, 7).join(':');
    if (target !== base && target !== name) continue;
    const principal = String(p.Principal);
    const condition: Record<string, Record<string, unknown>> = {};
    const add = (op: string, key: string, value: unknown) => {
      condition[op] = { ...condition[op], [key]: value };
    };
    if (p.SourceArn !== undefined) add('ArnLike', 'AWS:SourceArn', p.SourceArn);
    if (p.SourceAccount !== undefined) add('StringEquals', 'AWS:SourceAccount', p.SourceAccount);
    if (p.PrincipalOrgID !== undefined) add('StringEquals', 'aws:PrincipalOrgID', p.PrincipalOrgID);
    if (p.FunctionUrlAuthType !== undefined) add('StringEquals', 'lambda:FunctionUrlAuthType', p.FunctionUrlAuthType);
    if (p.InvokedViaFunctionUrl === true) add('Bool', 'lambda:InvokedViaFunctionUrl', 'true');
    out.push({
      Sid: id,
      Effect: 'Allow',
      Principal: principalOf(principal, model.names.partition),
      Action: String(p.Action),
      Resource: base,
      ...(Object.keys(condition).length ? { Condition: condition } : {}),
    });
  }
  return out;
}

function principalOf(principal: string, partition: string): unknown {
  if (principal === '*') return '*';
  if (principal.endsWith('.amazonaws.com') || principal.endsWith('.amazonaws.com.cn')) return { Service: principal };
  if (/^\d{12}$/.test(principal)) return { AWS: `arn:${partition}:iam::${principal}:root` };
  return { AWS: principal };
}
