import type { CfnResource, ResolveContext } from './template';

/**
 * What Ref and Fn::GetAtt give for each resource type, built from the physical name the way AWS
 * formats them (CloudFormation's "Return values" sections). Types not listed fall back to Ref =
 * physical name; an attribute not listed is an error naming the resource and the attribute.
 */

/** A template value that cannot be resolved here (an unknown attribute, resource or function). */
export class TemplateResolveError extends Error {
  override name = 'TemplateResolveError';
}

type Attrs = (ctx: ResolveContext, id: string, r: CfnResource, name: string) => Record<string, string | undefined>;

interface TypeInfo {
  /** What Ref returns (default: the physical name). */
  ref?: 'arn' | ((ctx: ResolveContext, name: string) => string);
  arn?: (p: Env, name: string) => string;
  attrs?: Attrs;
}

interface Env {
  p: string;
  r: string;
  a: string;
}

const env = (ctx: ResolveContext): Env => ({ p: ctx.names.partition, r: ctx.names.region, a: ctx.names.account });
const regional = (service: string, rest: (name: string) => string) => (e: Env, name: string) =>
  `arn:${e.p}:${service}:${e.r}:${e.a}:${rest(name)}`;
const global = (service: string, rest: (name: string) => string) => (e: Env, name: string) => `arn:${e.p}:${service}::${e.a}:${rest(name)}`;

const table: TypeInfo = {
  arn: regional('dynamodb', (n) => `table/${n}`),
  attrs: (ctx, _id, _r, name) => ({
    StreamArn: `${regional('dynamodb', (n) => `table/${n}`)(env(ctx), name)}/stream/1970-01-01T00:00:00.000`,
    TableId: `${name}-id`,
  }),
};
const imageBuilder = (kind: string, versioned: boolean): TypeInfo => ({
  arn: regional('imagebuilder', (n) => `${kind}/${n.toLowerCase()}${versioned ? '/1.0.0' : ''}`),
});

const TYPES: Record<string, TypeInfo> = {
  'AWS::DynamoDB::GlobalTable': table,
  'AWS::DynamoDB::Table': table,
  'AWS::S3::Bucket': {
    arn: (e, n) => `arn:${e.p}:s3:::${n}`,
    attrs: (ctx, _id, _r, n) => ({
      DomainName: `${n}.s3.amazonaws.com`,
      RegionalDomainName: `${n}.s3.${ctx.names.region}.amazonaws.com`,
      DualStackDomainName: `${n}.s3.dualstack.${ctx.names.region}.amazonaws.com`,
      WebsiteURL: `http://${n}.s3-website-${ctx.names.region}.amazonaws.com`,
    }),
  },
  'AWS::SQS::Queue': {
    ref: (ctx, n) => queueUrl(ctx, n),
    arn: regional('sqs', (n) => n),
    attrs: (ctx, _id, _r, n) => ({ QueueUrl: queueUrl(ctx, n), QueueName: n }),
  },
  'AWS::SNS::Topic': { ref: 'arn', arn: regional('sns', (n) => n), attrs: (_c, _i, _r, n) => ({ TopicName: n }) },
  'AWS::Lambda::Function': { arn: regional('lambda', (n) => `function:${n}`) },
  'AWS::Lambda::Alias': { ref: 'arn', arn: regional('lambda', (n) => `function:${n}`) },
  'AWS::Lambda::Url': {
    attrs: (ctx, id, r, n) => ({
      FunctionArn: String(ctx.resolve(r.Properties?.TargetFunctionArn) ?? id),
      FunctionUrl: `https://${n.replace(/[^a-z0-9]/gi, '').toLowerCase()}.lambda-url.${ctx.names.region}.on.aws/`,
    }),
  },
  'AWS::IAM::Role': { arn: global('iam', (n) => `role/${n}`), attrs: (_c, _i, _r, n) => ({ RoleId: `AROA${n.toUpperCase()}` }) },
  'AWS::IAM::InstanceProfile': { arn: global('iam', (n) => `instance-profile/${n}`) },
  'AWS::IAM::ManagedPolicy': { ref: 'arn', arn: global('iam', (n) => `policy/${n}`) },
  'AWS::StepFunctions::StateMachine': {
    ref: 'arn',
    arn: regional('states', (n) => `stateMachine:${n}`),
    attrs: (_c, _i, _r, n) => ({ Name: n }),
  },
  'AWS::SecretsManager::Secret': { ref: 'arn', arn: regional('secretsmanager', (n) => `secret:${n}-local`) },
  'AWS::Logs::LogGroup': { arn: regional('logs', (n) => `log-group:${n}:*`) },
  'AWS::CloudFront::Distribution': {
    arn: global('cloudfront', (n) => `distribution/${n}`),
    attrs: (_c, _i, _r, n) => ({ DomainName: `${n.toLowerCase()}.cloudfront.net`, Id: n }),
  },
  'AWS::CloudFront::Function': { attrs: (ctx, _i, _r, n) => ({ FunctionARN: global('cloudfront', (x) => `function/${x}`)(env(ctx), n) }) },
  'AWS::CloudFront::OriginAccessControl': { attrs: (_c, _i, _r, n) => ({ Id: n }) },
  'AWS::CloudFront::CachePolicy': { attrs: (_c, _i, _r, n) => ({ Id: n }) },
  'AWS::CloudFront::OriginRequestPolicy': { attrs: (_c, _i, _r, n) => ({ Id: n }) },
  'AWS::CloudFront::ResponseHeadersPolicy': { attrs: (_c, _i, _r, n) => ({ Id: n }) },
  'AWS::Events::Rule': { arn: regional('events', (n) => `rule/${n}`) },
  'AWS::Scheduler::Schedule': { arn: regional('scheduler', (n) => `schedule/default/${n}`) },
  'AWS::CloudWatch::Alarm': { arn: regional('cloudwatch', (n) => `alarm:${n}`) },
  'AWS::AutoScaling::AutoScalingGroup': {
    arn: regional('autoscaling', (n) => `autoScalingGroup:00000000-0000-0000-0000-000000000000:autoScalingGroupName/${n}`),
  },
  'AWS::EC2::SecurityGroup': { attrs: (_c, _i, _r, n) => ({ GroupId: n }) },
  'AWS::EC2::LaunchTemplate': { attrs: () => ({ LatestVersionNumber: '1', DefaultVersionNumber: '1' }) },
  'AWS::Cognito::UserPool': {
    ref: (ctx, n) => `${ctx.names.region}_${n.replace(/[^A-Za-z0-9]/g, '')}`,
    arn: (e, n) => `arn:${e.p}:cognito-idp:${e.r}:${e.a}:userpool/${e.r}_${n.replace(/[^A-Za-z0-9]/g, '')}`,
    attrs: (ctx, _i, _r, n) => {
      const id = `${ctx.names.region}_${n.replace(/[^A-Za-z0-9]/g, '')}`;
      return {
        UserPoolId: id,
        ProviderName: `cognito-idp.${ctx.names.region}.amazonaws.com/${id}`,
        ProviderURL: `https://cognito-idp.${ctx.names.region}.amazonaws.com/${id}`,
      };
    },
  },
  'AWS::ApiGatewayV2::Api': {
    attrs: (ctx, _i, _r, n) => ({ ApiId: n, ApiEndpoint: `https://${n}.execute-api.${ctx.names.region}.amazonaws.com` }),
  },
  'AWS::WAFv2::WebACL': {
    ref: (_c, n) => `${n}|${n}|CLOUDFRONT`,
    arn: (e, n) => `arn:${e.p}:wafv2:us-east-1:${e.a}:global/webacl/${n}/${n}`,
    attrs: (_c, _i, _r, n) => ({ Id: n }),
  },
  'AWS::ImageBuilder::Component': imageBuilder('component', true),
  'AWS::ImageBuilder::ImageRecipe': imageBuilder('image-recipe', true),
  'AWS::ImageBuilder::InfrastructureConfiguration': imageBuilder('infrastructure-configuration', false),
  'AWS::ImageBuilder::DistributionConfiguration': imageBuilder('distribution-configuration', false),
  'AWS::ImageBuilder::ImagePipeline': imageBuilder('image-pipeline', false),
  'AWS::ImageBuilder::Image': { ...imageBuilder('image', true), attrs: () => ({ ImageId: 'ami-00000000000000000' }) },
  // A guardrail's id is lower-case letters and digits; its first version is 1.
  'AWS::Bedrock::Guardrail': {
    ref: 'arn',
    arn: (e, n) => guardrailArn(e, n),
    attrs: (ctx, _i, _r, n) => ({ GuardrailId: guardrailId(n), GuardrailArn: guardrailArn(env(ctx), n), Version: 'DRAFT' }),
  },
  'AWS::Bedrock::GuardrailVersion': {
    attrs: (ctx, _i, r) => {
      const id = String(ctx.resolve(r.Properties?.GuardrailIdentifier)).split('/').pop() ?? '';
      return { GuardrailId: id, GuardrailArn: guardrailArn(env(ctx), id), Version: '1' };
    },
  },
  'AWS::CE::AnomalyMonitor': {
    attrs: (ctx, _i, _r, n) => ({ MonitorArn: `arn:${ctx.names.partition}:ce::${ctx.names.account}:anomalymonitor/${n}` }),
  },
};

const guardrailId = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');
const guardrailArn = (e: Env, name: string) => `arn:${e.p}:bedrock:${e.r}:${e.a}:guardrail/${guardrailId(name)}`;

function queueUrl(ctx: ResolveContext, name: string): string {
  return ctx.names.queueUrl?.(name) ?? `https://sqs.${ctx.names.region}.amazonaws.com/${ctx.names.account}/${name}`;
}

/** The ARN of the resource; a TemplateResolveError-like Error for types without one here. */
export function arnOfResource(ctx: ResolveContext, logicalId: string, r: CfnResource): string {
  const info = TYPES[r.Type];
  if (!info?.arn) throw new TemplateResolveError(`no ARN format for ${logicalId} (${r.Type})`);
  return info.arn(env(ctx), ctx.physical(logicalId));
}

export function refOfResource(ctx: ResolveContext, logicalId: string, r: CfnResource): string {
  const info = TYPES[r.Type];
  const name = ctx.physical(logicalId);
  if (info?.ref === 'arn') return arnOfResource(ctx, logicalId, r);
  if (typeof info?.ref === 'function') return info.ref(ctx, name);
  return name;
}

/** Fn::GetAtt; undefined when the type/attribute pair is not known here. */
export function attributeOf(ctx: ResolveContext, logicalId: string, r: CfnResource, attribute: string): string | undefined {
  const info = TYPES[r.Type];
  if (!info) return undefined;
  if (attribute === 'Arn' && info.arn) return arnOfResource(ctx, logicalId, r);
  return info.attrs?.(ctx, logicalId, r, ctx.physical(logicalId))[attribute];
}
