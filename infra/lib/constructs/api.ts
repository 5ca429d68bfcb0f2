import { ArnFormat, Aws, Stack, Validations } from 'aws-cdk-lib';
import { type CfnStage, HttpApi, type HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { type FunctionUrl, FunctionUrlAuthType, InvokeMode } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { API_AREAS, type ApiArea, type Grant, type RouteDef } from '../../../lambdas/routes';
import { BUCKETS, type BucketDef, TABLES, type TableDef } from '../data-model';
import { API_FUNCTIONS } from '../lambda-functions';
import { ProjectFunction } from './project-function';

export interface ApiProps {
  tables: Record<TableDef['id'], TableV2>;
  buckets: Record<BucketDef['id'], Bucket>;
  /** Environment shared by every handler (auth issuer, limits, renderer…). */
  environment: Record<string, string>;
  stateMachine?: IStateMachine;
  /** Grants the right to scale the GPU fleet (generate/warm). */
  grantScale?: (grantee: IGrantable) => void;
  /** SES identity the forms notify from, when configured. */
  sesIdentityArn?: string;
  /** The Bedrock guardrail the prompt screen applies (context promptGuardrail), unless turned off. */
  guardrail?: { applyResources: string[] };
  /** Requests per second the default stage allows (burst = 2x). */
  rateLimit: number;
  /** Reserved concurrency of the stream function; 0 or unset reserves none (context streamReservedConcurrency). */
  streamReservedConcurrency?: number;
}

/**
 * The HTTP API: one Lambda per API area (lambdas/routes/index.ts), each a router over its rows and
 * given the union of its rows' grants; one API Gateway route per row. The same table drives the
 * build and the local HTTP adapter.
 */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly functions = {} as Record<ApiArea, ProjectFunction>;
  /** Streaming routes (server-sent events): a Function URL each, which CloudFront serves at `pathPattern`. */
  readonly streams: { pathPattern: string; url: FunctionUrl }[] = [];

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    this.httpApi = new HttpApi(this, 'http-api', { description: 'Artloom API (behind CloudFront at /api/*)', createDefaultStage: true });
    const stage = this.httpApi.defaultStage?.node.defaultChild as CfnStage;
    const accessLogs = new LogGroup(this, 'access-logs', { retention: RetentionDays.ONE_MONTH });
    stage.defaultRouteSettings = { throttlingRateLimit: props.rateLimit, throttlingBurstLimit: props.rateLimit * 2 };
    stage.accessLogSettings = {
      destinationArn: accessLogs.logGroupArn,
      format: JSON.stringify({
        requestId: '$context.requestId',
        ip: '$context.identity.sourceIp',
        route: '$context.routeKey',
        status: '$context.status',
        latency: '$context.responseLatency',
      }),
    };

    const environment: Record<string, string> = { ...props.environment };
    for (const t of TABLES) environment[t.env] = props.tables[t.id].tableName;
    for (const b of BUCKETS) environment[b.env] = props.buckets[b.id].bucketName;
    if (props.stateMachine) environment.GENERATION_STATE_MACHINE_ARN = props.stateMachine.stateMachineArn;
    // CloudFormation names each alarm `<stack name>-<logical id>-<suffix>` (monitoring.ts): the console's
    // alarm list asks for this prefix, and the grant allows no other (applyGrant 'cloudwatch:alarms').
    environment.ALARM_NAME_PREFIX = alarmPrefix(this);

    for (const area of Object.keys(API_AREAS) as ApiArea[]) {
      const fn = this.functionFor(area, environment, props);
      for (const route of API_AREAS[area] as readonly RouteDef[]) this.addRoute(route, fn);
    }
  }

  private addRoute(route: RouteDef, fn: ProjectFunction): void {
    if (route.stream) {
      // API Gateway cannot stream: a Function URL in response-streaming mode, signed by CloudFront
      // (origin access control), so nothing but the distribution can call it.
      const url = fn.addFunctionUrl({ authType: FunctionUrlAuthType.AWS_IAM, invokeMode: InvokeMode.RESPONSE_STREAM });
      this.streams.push({ pathPattern: streamPathPattern(route.path), url });
      return;
    }
    // e.g. GET /api/gallery/list
    const routes = this.httpApi.addRoutes({
      path: route.path,
      methods: [route.method as HttpMethod],
      integration: new HttpLambdaIntegration(`${route.method}-${route.path}`, fn),
    });
    for (const r of routes) {
      Validations.of(r).acknowledge({
        id: 'AwsSolutions::AwsSolutions-APIG4',
        reason:
          'A public site without sign-in; operator routes verify the Cognito JWT inside the handler (lambdas/lib/auth.ts), the same code as locally.',
      });
    }
  }

  private functionFor(area: ApiArea, environment: Record<string, string>, props: ApiProps): ProjectFunction {
    const def = API_FUNCTIONS[area];
    const fn = new ProjectFunction(this, area, {
      fn: def,
      // A streaming function is an origin of the distribution, and the operators' sign-in client (in
      // AUTH_* and, through its steps, the state machine) names the distribution's address: those
      // values would close a cycle, and the function reads none of them.
      environment: def.stream ? withoutDistributionRefs(environment) : environment,
      // A stream lives for minutes: where the account's quota allows, a reservation keeps a flood of
      // open streams from taking the account's whole Lambda concurrency (the viewer falls back to
      // polling when refused). None by default: a new account's quota of 10 cannot spare one.
      ...(def.stream && props.streamReservedConcurrency ? { reservedConcurrentExecutions: props.streamReservedConcurrency } : {}),
    });
    for (const grant of new Set((API_AREAS[area] as readonly RouteDef[]).flatMap((r) => r.grants))) applyGrant(grant, fn, props);
    this.functions[area] = fn;
    return fn;
  }
}

function applyGrant(grant: Grant, fn: ProjectFunction, props: ApiProps): void {
  const [kind, name, mode] = grant.split(':') as [string, string, string | undefined];
  if (kind === 'table') {
    const table = props.tables[name as TableDef['id']];
    if (mode === 'write') table.grantReadWriteData(fn);
    else table.grantReadData(fn);
  } else if (grant === 'bucket:images:private-read' || grant === 'bucket:images:share') {
    grantImageObjects(grant, fn, props.buckets.images);
  } else if (grant === 'bucket:images:staging-read') {
    fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:GetObject'], resources: [props.buckets.images.arnForObjects('staging/*')] }));
  } else if (kind === 'bucket') {
    const bucket = props.buckets[name as BucketDef['id']];
    if (mode === 'write') bucket.grantReadWrite(fn);
    else bucket.grantRead(fn);
  } else if (grant === 'sfn:start') {
    props.stateMachine?.grantStartExecution(fn);
  } else if (grant === 'sfn:stop') {
    // Executions of this one state machine (arn:…:execution:<machine>:*; each is named after its job).
    if (props.stateMachine) {
      props.stateMachine.grantExecution(fn, 'states:StopExecution', 'states:DescribeExecution');
    }
  } else if (grant === 'gpu:scale') {
    props.grantScale?.(fn);
  } else if (grant === 'idempotency') {
    props.tables.idempotency.grant(fn, 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem');
  } else if (grant === 'ses:send') {
    if (props.sesIdentityArn) fn.addToRolePolicy(new PolicyStatement({ actions: ['ses:SendEmail'], resources: [props.sesIdentityArn] }));
  } else if (grant === 'cloudwatch:alarms') {
    const stack = Stack.of(fn);
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['cloudwatch:DescribeAlarms'],
        resources: [
          stack.formatArn({
            service: 'cloudwatch',
            resource: 'alarm',
            resourceName: `${alarmPrefix(fn)}*`,
            arnFormat: ArnFormat.COLON_RESOURCE_NAME,
          }),
        ],
      }),
    );
  } else if (grant === 'bedrock:guardrail') {
    if (props.guardrail)
      fn.addToRolePolicy(new PolicyStatement({ actions: ['bedrock:ApplyGuardrail'], resources: props.guardrail.applyResources }));
  }
}

/**
 * Object-level grants on the images bucket's prefixes (services/private-images.ts): exactly the
 * actions the calls need (a CopyObject reads its source and puts its destination), nothing on the bucket.
 */
function grantImageObjects(grant: 'bucket:images:private-read' | 'bucket:images:share', fn: ProjectFunction, bucket: Bucket): void {
  fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:GetObject'], resources: [bucket.arnForObjects('private/*')] }));
  if (grant === 'bucket:images:share') {
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:PutObject', 's3:DeleteObject'],
        resources: [bucket.arnForObjects('files/images/*'), bucket.arnForObjects('files/thumbs/*')],
      }),
    );
  }
}

/** The start of every alarm name of the stack (CloudFormation's generated names begin with the stack's name). */
// AWS::StackName (not the synth-time name): one form in every stack, which the nag acknowledgement spells.
const alarmPrefix = (_scope: Construct) => `${Aws.STACK_NAME}-`;

/** `/api/generate/{jobId}/events` → `/api/generate/*\/events`: the CloudFront path pattern of a streaming route. */
function streamPathPattern(path: string): string {
  return path.replace(/\{[^}]+\}/g, '*');
}

function withoutDistributionRefs(environment: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(environment).filter(([key]) => !key.startsWith('AUTH_') && key !== 'GENERATION_STATE_MACHINE_ARN'),
  );
}
