import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Duration, Validations } from 'aws-cdk-lib';
import { type CfnStage, HttpApi, type HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { type FunctionUrl, FunctionUrlAuthType, InvokeMode } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import type { Grant, RouteDef } from '../../../lambdas/routes';
import { BUCKETS, type BucketDef, TABLES, type TableDef } from '../data-model';
import { ProjectFunction } from './project-function';

const LAMBDAS_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../lambdas');

export interface ApiProps {
  routes: readonly RouteDef[];
  tables: Record<TableDef['id'], TableV2>;
  buckets: Record<BucketDef['id'], Bucket>;
  /** Environment shared by every handler (auth issuer, limits, renderer…). */
  environment: Record<string, string>;
  stateMachine?: IStateMachine;
  /** Grants the right to scale the GPU fleet (generate/warm). */
  grantScale?: (grantee: IGrantable) => void;
  /** SES identity the forms notify from, when configured. */
  sesIdentityArn?: string;
  /** The Bedrock guardrail the prompt screen applies (context bedrockGuardrailId), when configured. */
  guardrailArn?: string;
  /** Requests per second the default stage allows (burst = 2x). */
  rateLimit: number;
}

/**
 * The HTTP API: one Lambda per handler entry of the route table, each given exactly the grants
 * its row names. The same table drives the local HTTP adapter.
 */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly functions = new Map<string, ProjectFunction>();
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

    for (const route of props.routes) {
      const fn = this.functionFor(route, environment, props);
      if (route.stream) {
        // API Gateway cannot stream: a Function URL in response-streaming mode, signed by CloudFront
        // (origin access control), so nothing but the distribution can call it.
        const url = fn.addFunctionUrl({ authType: FunctionUrlAuthType.AWS_IAM, invokeMode: InvokeMode.RESPONSE_STREAM });
        this.streams.push({ pathPattern: streamPathPattern(route.path), url });
        continue;
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
  }

  private functionFor(route: RouteDef, environment: Record<string, string>, props: ApiProps): ProjectFunction {
    const existing = this.functions.get(route.entry);
    if (existing) return existing;
    const name = route.entry
      .replace(/^handlers\//, '')
      .replace(/\.ts$/, '')
      .replace(/[^A-Za-z0-9]+/g, '-');
    const fn = new ProjectFunction(this, name, {
      entry: join(LAMBDAS_DIR, route.entry),
      memorySize: route.memoryMb ?? 256,
      timeout: Duration.seconds(route.timeoutSeconds ?? 10),
      // A streaming function is an origin of the distribution, and the operators' sign-in client (in
      // AUTH_* and, through its steps, the state machine) names the distribution's address: those
      // values would close a cycle, and the function reads none of them.
      environment: route.stream ? withoutDistributionRefs(environment) : environment,
      nativeModules: route.nativeModules,
      ...(route.siteShell ? { bundling: siteShellBundling() } : {}),
    });
    for (const grant of route.grants) applyGrant(grant, fn, props);
    this.functions.set(route.entry, fn);
    return fn;
  }
}

function applyGrant(grant: Grant, fn: ProjectFunction, props: ApiProps): void {
  const [kind, name, mode] = grant.split(':') as [string, string, string | undefined];
  if (kind === 'table') {
    const table = props.tables[name as TableDef['id']];
    if (mode === 'write') table.grantReadWriteData(fn);
    else table.grantReadData(fn);
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
  } else if (grant === 'ses:send') {
    if (props.sesIdentityArn) fn.addToRolePolicy(new PolicyStatement({ actions: ['ses:SendEmail'], resources: [props.sesIdentityArn] }));
  } else if (grant === 'bedrock:guardrail') {
    if (props.guardrailArn)
      fn.addToRolePolicy(new PolicyStatement({ actions: ['bedrock:ApplyGuardrail'], resources: [props.guardrailArn] }));
  }
}

/**
 * The picture page's copy of the SPA's index.html (lambdas/adapters/site-shell.ts), put beside the
 * handler at synth, so every deploy of a new site updates it. Without a web build (tests that
 * synthesize only the infrastructure) nothing is copied and the page serves a minimal document.
 */
function siteShellBundling() {
  const built = join(LAMBDAS_DIR, '../frontend/dist/index.html');
  return {
    commandHooks: {
      beforeBundling: () => [],
      beforeInstall: () => [],
      afterBundling: (_input: string, output: string) => (existsSync(built) ? [`cp "${built}" "${output}/site-shell.html"`] : []),
    },
  };
}

/** `/api/generate/{jobId}/events` → `/api/generate/*\/events`: the CloudFront path pattern of a streaming route. */
function streamPathPattern(path: string): string {
  return path.replace(/\{[^}]+\}/g, '*');
}

function withoutDistributionRefs(environment: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(environment).filter(([key]) => !key.startsWith('AUTH_') && key !== 'GENERATION_STATE_MACHINE_ARN'),
  );
}
