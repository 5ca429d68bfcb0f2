import { createRequire } from 'node:module';
import { App, type CfnResource } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_LIST_PATHS } from '../../../infra/lib/constructs/public-lists';
import { appContextSchema } from '../../../infra/lib/context';
import { TABLES } from '../../../infra/lib/data-model';
import { ArtloomStack } from '../../../infra/lib/stacks/artloom-stack';
import { COLD_PATH_ESTIMATE_SECONDS, DISPATCH_STATE, STEP_NAMES, type StepName } from '../../../infra/lib/state-machine';
import { VIEWER_HOST_FUNCTION } from '../../../infra/lib/viewer-host-function';
import { CONFIG_KEYS } from '../../../lambdas/lib/config';
import { areaOf, ROUTES } from '../../../lambdas/routes';
import { resolveIntrinsics } from '../../../local/sfn/definition';
import { PUBLIC_LIST_EDGE_SECONDS } from '../../../shared/constants';
import { MAX_DELIVERIES } from '../../../shared/schemas/generation-flow';
import { synthTemplate } from '../../fixtures/synth-template';

type AslValidator = (definition: unknown) => { isValid: boolean; errors: { message: string }[] };
const validateAsl = createRequire(import.meta.url)('asl-validator') as AslValidator;

// biome-ignore lint/suspicious/noExplicitAny: synthesized template JSON, navigated by the assertions
type Json = any;
type Resource = { Type: string; Properties: Record<string, Json> };
const ACCOUNT = '123456789012';
const REGION = 'us-east-1';

/** The ARN a Lambda with this logical id gets in the stand-in resolution below. */
const lambdaArn = (id: string) => `arn:aws:lambda:${REGION}:${ACCOUNT}:function:${id}`;

const PSEUDO: Record<string, string> = {
  'AWS::Partition': 'aws',
  'AWS::Region': REGION,
  'AWS::AccountId': ACCOUNT,
  'AWS::URLSuffix': 'amazonaws.com',
};
/**
 * Resolves the intrinsics of a synthesized template value the way CloudFormation would, with
 * recognisable stand-ins: a Lambda's `Fn::GetAtt [X, Arn]` → lambdaArn(X), `Ref X` → `ref:X`.
 */
const resolveCfn = (value: unknown): unknown =>
  resolveIntrinsics(value, {
    ref: (name) => PSEUDO[name] ?? `ref:${name}`,
    getAtt: (id, attr) => {
      const type = (template.toJSON().Resources[id] as Resource | undefined)?.Type;
      return attr === 'Arn' && type === 'AWS::Lambda::Function' ? lambdaArn(id) : `getatt:${id}.${attr}`;
    },
  });

const only = (resources: Record<string, Resource>): [string, Resource] => {
  const entries = Object.entries(resources);
  expect(entries).toHaveLength(1);
  return entries[0] as [string, Resource];
};

/** The logical id of a construct's CloudFormation resource. */
const logicalId = (c: IConstruct) => stack.resolve((c.node.defaultChild as CfnResource).logicalId) as string;

/** The logical id of an API handler's Lambda (by its entry) or of a flow step's Lambda (`step-<Name>`). */
/** The function that runs `entry`: a step's own, or the API area function of the route with that handler. */
function functionIdFor(entry: string): string {
  const step = /^step-(\w+)$/.exec(entry)?.[1] as StepName | undefined;
  const route = ROUTES.find((r) => r.entry === `handlers/${entry}.ts`);
  const fn = step ? stack.generation.steps[step] : route ? stack.api.functions[areaOf(route)] : undefined;
  if (!fn) throw new Error(`no function for ${entry}`);
  return logicalId(fn);
}

/** Every policy statement attached to the role of a function (by the function's logical id). */
function statementsOfFunction(fnId: string): { Action: string | string[]; Resource: unknown }[] {
  const fn = template.toJSON().Resources[fnId] as Resource;
  const roleId = (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  return statementsOfRole(roleId);
}

function statementsOfRole(roleId: string): { Action: string | string[]; Resource: unknown }[] {
  const policies = template.findResources('AWS::IAM::Policy') as Record<string, Resource>;
  return Object.values(policies)
    .filter((p) => (p.Properties.Roles as { Ref: string }[]).some((r) => r.Ref === roleId))
    .flatMap((p) => (p.Properties.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] }).Statement);
}

const actionsOf = (statements: { Action: string | string[] }[]) =>
  statements.flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));

let template: Template;
let stack: ArtloomStack;
beforeAll(() => {
  // Skip esbuild bundling: assertions read the template, not the code assets. cdk-nag runs in nag.test.ts.
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  stack = new ArtloomStack(app, 'Test', {
    context: appContextSchema.parse({}),
    env: { account: ACCOUNT, region: REGION },
  });
  template = Template.fromStack(stack);
}, 60_000);

describe('Artloom stack', () => {
  it('makes one DynamoDB table per data-model entry, with its indexes and TTL', () => {
    template.resourceCountIs('AWS::DynamoDB::GlobalTable', TABLES.length);
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: Match.arrayWith([Match.objectLike({ IndexName: 'gsi3' })]),
    });
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
    });
  });

  it('routes every row of the route table through API Gateway, and each streaming row through a Function URL behind CloudFront', () => {
    const plain = ROUTES.filter((r) => !r.stream);
    const streaming = ROUTES.filter((r) => r.stream);
    expect(streaming.map((r) => r.path)).toEqual(['/api/generate/{jobId}/events']);
    template.resourceCountIs('AWS::ApiGatewayV2::Route', plain.length);
    for (const route of plain) template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: `${route.method} ${route.path}` });
    // Response streaming, callable only with a signature (CloudFront's origin access control).
    template.resourceCountIs('AWS::Lambda::Url', streaming.length);
    template.hasResourceProperties('AWS::Lambda::Url', { AuthType: 'AWS_IAM', InvokeMode: 'RESPONSE_STREAM' });
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({ OriginAccessControlOriginType: 'lambda', SigningBehavior: 'always' }),
    });
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        CacheBehaviors: Match.arrayWith([Match.objectLike({ PathPattern: '/api/generate/*/events', AllowedMethods: ['GET', 'HEAD'] })]),
      }),
    });
    // The more specific pattern comes first: CloudFront takes the first behaviour that matches.
    const behaviors = (
      Object.values(template.findResources('AWS::CloudFront::Distribution'))[0] as {
        Properties: { DistributionConfig: { CacheBehaviors: { PathPattern: string }[] } };
      }
    ).Properties.DistributionConfig.CacheBehaviors.map((b) => b.PathPattern);
    expect(behaviors.indexOf('/api/generate/*/events')).toBeLessThan(behaviors.indexOf('/api/*'));
  });

  it('reserves no concurrency by default: a new account (quota 10) could not create the function (issue 31)', () => {
    const reserved = Object.values(template.findResources('AWS::Lambda::Function')).filter(
      (r) => (r as Resource).Properties.ReservedConcurrentExecutions !== undefined,
    );
    expect(reserved).toEqual([]);
    expect(stack.api.functions.generate.def.stream).toBe(false);
  });

  it('caps the live-progress stream function with reserved concurrency when the context asks (streamReservedConcurrency)', () => {
    const withReservation = synthTemplate('reserved', { streamReservedConcurrency: '50' });
    const reserved = Object.entries(withReservation.Resources).filter(
      ([, r]) => r.Type === 'AWS::Lambda::Function' && r.Properties?.ReservedConcurrentExecutions !== undefined,
    );
    // One function reserves: the stream's (its logical id is the `events` area's).
    expect(reserved.map(([id, r]) => [/events/i.test(id), r.Properties?.ReservedConcurrentExecutions])).toEqual([[true, 50]]);
  });

  it('runs the handlers on Node 24', () => {
    const functions = template.findResources('AWS::Lambda::Function', {
      Properties: { Environment: { Variables: Match.objectLike({ IMAGES_TABLE: Match.anyValue() }) } },
    });
    expect(Object.keys(functions).length).toBeGreaterThan(0);
    for (const fn of Object.values(functions)) expect(fn.Properties.Runtime).toBe('nodejs24.x');
  });

  it('serves /api and /files behind one CloudFront distribution with WAF', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        CacheBehaviors: Match.arrayWith([Match.objectLike({ PathPattern: '/api/*', AllowedMethods: Match.arrayWith(['POST', 'DELETE']) })]),
        WebACLId: Match.anyValue(),
      }),
    });
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        CacheBehaviors: Match.arrayWith([Match.objectLike({ PathPattern: '/files/*' })]),
      }),
    });
    template.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      Rules: Match.arrayWith([Match.objectLike({ Name: 'rate-per-ip' })]),
    });
  });

  it('keeps the public gallery lists at CloudFront as the API says (s-maxage, query strings in the key), before /api/* (issue 31 item 6)', () => {
    const distribution = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0] as {
      Properties: { DistributionConfig: { CacheBehaviors: { PathPattern: string; CachePolicyId: unknown; AllowedMethods: string[] }[] } };
    };
    const behaviors = distribution.Properties.DistributionConfig.CacheBehaviors;
    const byPath = (path: string) => behaviors.find((b) => b.PathPattern === path);
    const policies = template.findResources('AWS::CloudFront::CachePolicy');
    const policyOf = (path: string) => {
      const ref = (byPath(path)?.CachePolicyId as { Ref?: string } | undefined)?.Ref ?? '';
      return (policies[ref] as { Properties: { CachePolicyConfig: Record<string, unknown> } } | undefined)?.Properties.CachePolicyConfig;
    };
    expect(PUBLIC_LIST_PATHS).toEqual(['/api/gallery/category/all', '/api/gallery/categories']);
    for (const path of PUBLIC_LIST_PATHS) {
      expect(behaviors.findIndex((b) => b.PathPattern === path)).toBeLessThan(behaviors.findIndex((b) => b.PathPattern === '/api/*'));
      expect(byPath(path)?.AllowedMethods).toEqual(['GET', 'HEAD']);
      const policy = policyOf(path);
      expect(policy).toMatchObject({ MaxTTL: PUBLIC_LIST_EDGE_SECONDS, DefaultTTL: 0, MinTTL: 0 });
      expect(policy?.ParametersInCacheKeyAndForwardedToOrigin).toMatchObject({
        QueryStringsConfig: { QueryStringBehavior: 'all' },
        HeadersConfig: { HeaderBehavior: 'none' },
        CookiesConfig: { CookieBehavior: 'none' },
      });
    }
    // Every other API answer stays uncached (a second at most, and only with its Authorization in the key).
    expect(policyOf('/api/*')).toMatchObject({ MaxTTL: 1, DefaultTTL: 0 });
  });

  it('gives gallery reads, status polls and generate throttles of their own on the API stage (issue 31 item 6)', () => {
    const stage = Object.values(template.findResources('AWS::ApiGatewayV2::Stage'))[0] as {
      Properties: {
        DefaultRouteSettings: { ThrottlingRateLimit: number };
        RouteSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }>;
      };
      DependsOn?: string[];
    };
    const ctx = appContextSchema.parse({});
    expect(stage.Properties.DefaultRouteSettings.ThrottlingRateLimit).toBe(ctx.apiRateLimit);
    const settings = stage.Properties.RouteSettings;
    const rates: Record<string, number> = { read: ctx.readRateLimit, poll: ctx.pollRateLimit, generate: ctx.generateRateLimit };
    const throttled = ROUTES.filter((r) => r.throttle);
    expect(Object.keys(settings).sort()).toEqual(throttled.map((r) => `${r.method} ${r.path}`).sort());
    for (const route of throttled) {
      const rate = rates[route.throttle ?? ''] ?? 0;
      expect(settings[`${route.method} ${route.path}`]).toEqual({ ThrottlingRateLimit: rate, ThrottlingBurstLimit: 2 * rate });
    }
    // Every gallery read, the status poll and generate each have one; generate's is below the stage's default.
    for (const key of ['GET /api/gallery/category/all', 'GET /api/gallery/list', 'GET /api/generate/{jobId}', 'POST /api/generate'])
      expect(settings[key]).toBeDefined();
    expect(settings['POST /api/generate']?.ThrottlingRateLimit).toBeLessThan(ctx.apiRateLimit);
    // The stage names routes by key, so CloudFormation creates them first.
    expect(stage.DependsOn?.length).toBeGreaterThanOrEqual(throttled.length);
  });

  it('answers unknown paths with 404 at the edge: a CloudFront Function generated from the route table', () => {
    const fns = Object.values(template.findResources('AWS::CloudFront::Function')) as {
      Properties: { FunctionCode: string; FunctionConfig: { Runtime: string } };
    }[];
    // Two functions: this router, and the picture page's viewer-host (tested below).
    const routers = fns.filter((f) => f.Properties.FunctionCode.includes('statusCode:404'));
    expect(routers).toHaveLength(1);
    const [fn] = routers;
    expect(fn?.Properties.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
    const code = fn?.Properties.FunctionCode ?? '';
    for (const route of ['"/":1', '"/space":"/space.html"', '"/generate":"/generate.html"', '"/privacy-policy":1'])
      expect(code).toContain(route);
    expect(code).toContain('statusCode:404');
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultCacheBehavior: Match.objectLike({
          FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request', FunctionARN: Match.anyValue() })],
        }),
      }),
    });
  });

  it('sends /i/* (the picture page) to the API with the viewer host, through the function the route table names', () => {
    const fns = Object.values(template.findResources('AWS::CloudFront::Function')) as { Properties: { FunctionCode: string } }[];
    expect(fns.some((f) => f.Properties.FunctionCode === VIEWER_HOST_FUNCTION)).toBe(true);
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        CacheBehaviors: Match.arrayWith([
          Match.objectLike({
            PathPattern: '/i/*',
            AllowedMethods: ['GET', 'HEAD'],
            FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
          }),
        ]),
      }),
    });
    template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: 'GET /i/{id}' });
    template.hasResourceProperties('AWS::CloudFront::OriginRequestPolicy', {
      OriginRequestPolicyConfig: Match.objectLike({
        HeadersConfig: Match.objectLike({ Headers: Match.arrayWith(['X-Forwarded-Host']) }),
      }),
    });
  });

  it('blocks public access on every bucket', () => {
    const buckets = template.findResources('AWS::S3::Bucket');
    for (const bucket of Object.values(buckets)) {
      expect(bucket.Properties.PublicAccessBlockConfiguration).toMatchObject({ BlockPublicAcls: true, RestrictPublicBuckets: true });
    }
  });

  it('has an operator user pool with an admins group and no self sign-up', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', { AdminCreateUserConfig: { AllowAdminCreateUserOnly: true } });
    template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'admins' });
  });

  it('tells the handlers the state machine, the job queue and the GPU group under the names config.ts reads', () => {
    const [machineId] = only(template.findResources('AWS::StepFunctions::StateMachine') as Record<string, Resource>);
    const [asgId] = only(template.findResources('AWS::AutoScaling::AutoScalingGroup') as Record<string, Resource>);
    const queues = template.findResources('AWS::SQS::Queue', { Properties: { RedrivePolicy: Match.anyValue() } });
    const [queueId] = only(queues as Record<string, Resource>);
    const fn = template.toJSON().Resources[functionIdFor('generate/post-generate')] as Resource;
    const env = fn.Properties.Environment.Variables as Record<string, unknown>;
    expect(env.GENERATION_STATE_MACHINE_ARN).toEqual({ Ref: machineId });
    expect(env.STATE_MACHINE_ARN).toBeUndefined();
    // The group's fixed name, a plain string: no function waits for the group or its image (issue 31, web-tier-apart.test.ts).
    const asg = template.toJSON().Resources[asgId] as Resource;
    expect(asg.Properties.AutoScalingGroupName).toBe('Test-gpu');
    expect(env.GPU_ASG_NAME).toBe('Test-gpu');
    expect(env.JOB_QUEUE_URL).toEqual({ Ref: queueId });
  });

  it('keeps Powertools Idempotency records in their own table (id, TTL on expiration), item reads and writes only', () => {
    const tables = template.findResources('AWS::DynamoDB::GlobalTable', {
      Properties: { KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }] },
    }) as Record<string, Resource>;
    const [tableId, table] = only(tables);
    expect(table.Properties.TimeToLiveSpecification).toEqual({ AttributeName: 'expiration', Enabled: true });
    const onTable = (entry: string) =>
      statementsOfFunction(functionIdFor(entry)).filter((st) => JSON.stringify(st.Resource).includes(tableId));
    for (const entry of ['forms/post-contact', 'forms/post-feedback', 'generate/post-generate']) {
      expect(actionsOf(onTable(entry)).sort(), entry).toEqual([
        'dynamodb:DeleteItem',
        'dynamodb:GetItem',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
      ]);
    }
    for (const entry of ['gallery/list-images', 'admin/post-generate', 'safety/post-report']) {
      expect(onTable(entry), entry).toEqual([]);
    }
  });

  it("keeps visitors' private pictures out of CloudFront's reach, and grants the share function only the copies", () => {
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Action: 's3:GetObject',
            NotResource: { 'Fn::Join': ['', [Match.anyValue(), '/files/*']] },
          }),
        ]),
      },
    });
    const s3 = statementsOfFunction(functionIdFor('share/post-share')).filter((st) => actionsOf([st]).some((a) => a.startsWith('s3:')));
    expect(s3.map((st) => [actionsOf([st]), JSON.stringify(st.Resource).match(/\/(private|files\/images|files\/thumbs)\/\*/g)])).toEqual([
      [['s3:GetObject'], ['/private/*']],
      [
        ['s3:PutObject', 's3:DeleteObject'],
        ['/files/images/*', '/files/thumbs/*'],
      ],
    ]);
  });

  it('lets POST /api/generate start executions and DELETE stop them, of this state machine only', () => {
    const [machineId] = only(template.findResources('AWS::StepFunctions::StateMachine') as Record<string, Resource>);
    const start = statementsOfFunction(functionIdFor('generate/post-generate')).filter((s) =>
      actionsOf([s]).includes('states:StartExecution'),
    );
    expect(start).toHaveLength(1);
    expect(start[0]?.Resource).toEqual({ Ref: machineId });
    const stop = statementsOfFunction(functionIdFor('generate/delete-job')).find((s) => actionsOf([s]).includes('states:StopExecution'));
    expect(JSON.stringify(stop?.Resource)).toContain(':execution:');
    expect(JSON.stringify(stop?.Resource)).toContain(machineId);
    // warm (the generate area) may scale the fleet; no other API area may.
    expect(actionsOf(statementsOfFunction(functionIdFor('generate/post-warm')))).toContain('autoscaling:SetDesiredCapacity');
    for (const entry of ['gallery/list-images', 'share/get-image', 'safety/post-report', 'admin/post-generate', 'system/get-health']) {
      expect(actionsOf(statementsOfFunction(functionIdFor(entry))), entry).not.toContain('autoscaling:SetDesiredCapacity');
    }
  });

  describe('generation state machine', () => {
    let machine: Resource;
    let definition: { StartAt: string; States: Record<string, Record<string, Json>> };
    beforeAll(() => {
      [, machine] = only(template.findResources('AWS::StepFunctions::StateMachine') as Record<string, Resource>);
      definition = JSON.parse(resolveCfn(machine.Properties.DefinitionString) as string);
    });

    it('is a Standard state machine with X-Ray tracing and ALL-level logging to a log group', () => {
      expect(machine.Properties.StateMachineType).toBe('STANDARD');
      expect(machine.Properties.TracingConfiguration).toEqual({ Enabled: true });
      expect(machine.Properties.LoggingConfiguration.Level).toBe('ALL');
      const destination = machine.Properties.LoggingConfiguration.Destinations[0].CloudWatchLogsLogGroup.LogGroupArn;
      const logGroupId = destination['Fn::GetAtt'][0] as string;
      expect(template.toJSON().Resources[logGroupId].Type).toBe('AWS::Logs::LogGroup');
    });

    it('has a definition asl-validator accepts', () => {
      const result = validateAsl(definition);
      expect(JSON.stringify(result.errors, null, 1)).toBe('[]');
      expect(result.isValid).toBe(true);
    });

    it('has the flow of the issue: record, capacity, dispatch, store, done; failures end in Failed', () => {
      expect(definition.StartAt).toBe('RecordJob');
      const s = definition.States;
      expect(Object.keys(s).sort()).toEqual(
        ['Done', 'EnsureCapacity', 'Failed', 'MarkFailed', 'RecordJob', 'StoreImage', DISPATCH_STATE].sort(),
      );
      // Workers claim jobs (issue 31): EnsureCapacity runs once, and the job goes on the queue at once.
      expect(s.RecordJob?.Next).toBe('EnsureCapacity');
      expect(s.EnsureCapacity?.Next).toBe(DISPATCH_STATE);
      expect(s[DISPATCH_STATE]?.Next).toBe('StoreImage');
      expect(s.StoreImage?.Next).toBe('Done');
      expect(s.MarkFailed?.Next).toBe('Failed');
      expect(s.Done?.Type).toBe('Succeed');
      expect(s.Failed?.Type).toBe('Fail');
      for (const name of ['RecordJob', 'EnsureCapacity', DISPATCH_STATE, 'StoreImage'])
        expect(s[name]?.Catch).toEqual([expect.objectContaining({ ErrorEquals: ['States.ALL'], Next: 'MarkFailed' })]);
    });

    it('dispatches through SQS with a task token and no task heartbeat; the queue lets a worker see the last allowed delivery', () => {
      const dispatch = definition.States[DISPATCH_STATE] as Record<string, Json>;
      const [queueId] = only(
        template.findResources('AWS::SQS::Queue', { Properties: { RedrivePolicy: Match.anyValue() } }) as Record<string, Resource>,
      );
      expect(dispatch.Resource).toBe('arn:aws:states:::sqs:sendMessage.waitForTaskToken');
      // A heartbeat would start its clock at the send: a job waiting on the queue for a worker would time out.
      expect(dispatch.HeartbeatSecondsPath).toBeUndefined();
      expect(dispatch.HeartbeatSeconds).toBeUndefined();
      expect(dispatch.TimeoutSecondsPath).toBe('$.limits.taskTimeoutSeconds');
      expect(dispatch.Parameters.QueueUrl).toBe(`ref:${queueId}`);
      expect(dispatch.Parameters.MessageBody['taskToken.$']).toBe('$$.Task.Token');
      expect(dispatch.Parameters.MessageBody['heartbeatSeconds.$']).toBe('$.limits.heartbeatSeconds');
      expect(dispatch.Retry).toBeUndefined();
      // The worker that receives a job for the (MAX_DELIVERIES + 1)th time fails it: SQS must deliver it that often.
      const queue = template.toJSON().Resources[queueId as string] as Resource;
      expect(queue.Properties.RedrivePolicy.maxReceiveCount).toBeGreaterThan(MAX_DELIVERIES + 1);
      // The default task timeout covers a cold start (queue wait) more than three times over.
      expect(900).toBeGreaterThanOrEqual(3 * COLD_PATH_ESTIMATE_SECONDS);
    });

    it('invokes each step on its own Lambda', () => {
      for (const name of STEP_NAMES) {
        const fnId = functionIdFor(`step-${name}`);
        expect(definition.States[name]?.Resource).toBe(lambdaArn(fnId));
      }
    });

    it('gives each step exactly what its code touches', () => {
      const store = template.toJSON().Resources[functionIdFor('step-StoreImage')] as Resource;
      expect(store.Properties.MemorySize).toBeGreaterThanOrEqual(1024);
      const storeActions = actionsOf(statementsOfFunction(functionIdFor('step-StoreImage')));
      expect(storeActions).toEqual(
        expect.arrayContaining(['s3:PutObject', 's3:DeleteObject*', 'dynamodb:PutItem', 'dynamodb:ConditionCheckItem']),
      );
      const storeS3 = statementsOfFunction(functionIdFor('step-StoreImage')).filter((st) =>
        actionsOf([st]).some((a) => a.startsWith('s3:')),
      );
      for (const st of storeS3) expect(JSON.stringify(st.Resource)).toMatch(/\/(staging|files|private)\/\*/);
      const record = actionsOf(statementsOfFunction(functionIdFor('step-RecordJob')));
      expect(record).toContain('dynamodb:GetItem');
      expect(record).not.toContain('dynamodb:PutItem');
      expect(record.some((a) => a.startsWith('s3:') || a.startsWith('autoscaling:'))).toBe(false);
      expect(actionsOf(statementsOfFunction(functionIdFor('step-EnsureCapacity')))).toEqual(
        expect.arrayContaining([
          'autoscaling:SetDesiredCapacity',
          'autoscaling:DescribeAutoScalingGroups',
          'dynamodb:UpdateItem',
          // The queue's depth sizes the fleet.
          'sqs:GetQueueAttributes',
        ]),
      );
      expect(actionsOf(statementsOfFunction(functionIdFor('step-MarkFailed'))).some((a) => a.startsWith('autoscaling:'))).toBe(false);
    });

    it('sends to an encrypted, TLS-only queue with a dead-letter queue', () => {
      const [queueId, queue] = only(
        template.findResources('AWS::SQS::Queue', { Properties: { RedrivePolicy: Match.anyValue() } }) as Record<string, Resource>,
      );
      expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
      template.hasResourceProperties('AWS::SQS::QueuePolicy', {
        Queues: [{ Ref: queueId }],
        PolicyDocument: {
          Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
        },
      });
    });
  });

  describe('GPU fleet', () => {
    it('is an Auto Scaling group that starts at zero, up to the configured maximum', () => {
      const [, asg] = only(template.findResources('AWS::AutoScaling::AutoScalingGroup') as Record<string, Resource>);
      expect(asg.Properties.MinSize).toBe('0');
      expect(asg.Properties.MaxSize).toBe(String(appContextSchema.parse({}).gpuMaxInstances));
      // Unset = MinSize at creation, and a deploy never resets a running fleet.
      expect(asg.Properties.DesiredCapacity).toBeUndefined();
      template.hasResourceProperties('AWS::AutoScaling::LifecycleHook', {
        LifecycleTransition: 'autoscaling:EC2_INSTANCE_LAUNCHING',
        DefaultResult: 'ABANDON',
      });
      template.hasResourceProperties('AWS::AutoScaling::WarmPool', {
        PoolState: 'Stopped',
        MinSize: 1,
        InstanceReusePolicy: { ReuseOnScaleIn: true },
      });
    });

    it('accepts no inbound traffic: no ingress rule, egress on 80/443 only, no SSH key, IMDSv2', () => {
      const [, sg] = only(
        template.findResources('AWS::EC2::SecurityGroup', {
          Properties: { GroupDescription: Match.stringLikeRegexp('GPU workers') },
        }) as Record<string, Resource>,
      );
      expect(sg.Properties.SecurityGroupIngress ?? []).toEqual([]);
      template.resourceCountIs('AWS::EC2::SecurityGroupIngress', 0);
      expect((sg.Properties.SecurityGroupEgress as { FromPort: number }[]).map((e) => e.FromPort)).toEqual([443]);
      const [, lt] = only(template.findResources('AWS::EC2::LaunchTemplate') as Record<string, Resource>);
      const data = lt.Properties.LaunchTemplateData;
      expect(data.KeyName).toBeUndefined();
      expect(data.MetadataOptions).toMatchObject({ HttpTokens: 'required', InstanceMetadataTags: 'enabled' });
      expect(data.InstanceType).toBe('g6.2xlarge');
      expect(data.BlockDeviceMappings[0].Ebs).toMatchObject({ Encrypted: true, VolumeType: 'gp3' });
      template.resourceCountIs('AWS::EC2::NatGateway', 0);
    });

    it('gives the instance role the queue, task callbacks, the jobs table, staging uploads and its own group', () => {
      const [roleId] = only(
        template.findResources('AWS::IAM::Role', { Properties: { Description: Match.stringLikeRegexp('GPU worker') } }) as Record<
          string,
          Resource
        >,
      );
      const statements = statementsOfRole(roleId);
      const actions = actionsOf(statements);
      expect(actions).toEqual(
        expect.arrayContaining([
          'sqs:ReceiveMessage',
          'sqs:DeleteMessage',
          'states:SendTaskSuccess',
          'states:SendTaskFailure',
          'states:SendTaskHeartbeat',
          'dynamodb:UpdateItem',
          's3:PutObject',
          'autoscaling:SetDesiredCapacity',
          'autoscaling:TerminateInstanceInAutoScalingGroup',
        ]),
      );
      const puts = statements.filter((st) => actionsOf([st]).includes('s3:PutObject'));
      for (const st of puts) expect(JSON.stringify(st.Resource)).toContain('/staging/*');
      expect(actions.some((a) => a === 'states:StartExecution' || a === 'sqs:SendMessage')).toBe(false);
      // Reads: its own worker bundle object and the one staged model object, nothing else.
      const reads = statements.filter((st) => actionsOf([st]).some((a) => a.startsWith('s3:Get')));
      expect(reads.map((st) => st.Action)).toEqual(['s3:GetObject', 's3:GetObject']);
      expect(JSON.stringify(reads.map((st) => st.Resource))).toContain('/models/flux1-schnell/');
      expect(JSON.stringify(reads[0]?.Resource)).not.toContain('*');
      // Session Manager through its own statements, not AmazonSSMManagedInstanceCore (which reads every SSM parameter).
      template.hasResourceProperties('AWS::IAM::Role', {
        Description: Match.stringLikeRegexp('GPU worker'),
        ManagedPolicyArns: Match.absent(),
      });
      expect(actions).toEqual(expect.arrayContaining(['ssmmessages:OpenDataChannel', 'ssm:UpdateInstanceInformation']));
    });
  });

  it('takes the GPU context: a fixed AMI, another instance type and no warm pool', () => {
    const other = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    const stack = new ArtloomStack(other, 'Other', {
      context: appContextSchema.parse({
        amiId: 'ami-0123456789abcdef0',
        gpuInstanceType: 'g5.2xlarge',
        gpuWarmPoolSize: 0,
        gpuMaxInstances: 4,
      }),
      env: { account: ACCOUNT, region: REGION },
    });
    const t = Template.fromStack(stack);
    t.hasResourceProperties('AWS::EC2::LaunchTemplate', {
      LaunchTemplateData: Match.objectLike({ ImageId: 'ami-0123456789abcdef0', InstanceType: 'g5.2xlarge' }),
    });
    t.hasResourceProperties('AWS::AutoScaling::AutoScalingGroup', { MinSize: '0', MaxSize: '4' });
    t.resourceCountIs('AWS::AutoScaling::WarmPool', 0);
  }, 60_000);

  it('sets on every Lambda only variables the code reads, and the SES ones when configured', () => {
    const other = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    const withMail = new ArtloomStack(other, 'Mail', {
      context: appContextSchema.parse({ notifyEmail: 'ops@example.com', notifyFrom: 'artloom@example.com' }),
      env: { account: ACCOUNT, region: REGION },
    });
    const known = new Set([...CONFIG_KEYS, 'NODE_OPTIONS', 'POWERTOOLS_SERVICE_NAME', 'AWS_NODEJS_CONNECTION_REUSE_ENABLED']);
    const functions = Template.fromStack(withMail).findResources('AWS::Lambda::Function');
    const names = new Set<string>();
    for (const fn of Object.values(functions)) {
      const vars = (fn.Properties as { Environment?: { Variables?: Record<string, unknown> } }).Environment?.Variables ?? {};
      // Ours (ProjectFunction) carry the service name; CDK's own helper functions are not checked.
      if (!('POWERTOOLS_SERVICE_NAME' in vars)) continue;
      for (const name of Object.keys(vars)) names.add(name);
    }
    expect([...names].filter((name) => !known.has(name))).toEqual([]);
    expect(names).toContain('NOTIFY_EMAIL');
    expect(names).toContain('NOTIFY_FROM_EMAIL');
  }, 60_000);
});
