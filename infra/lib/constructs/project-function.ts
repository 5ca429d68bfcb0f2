import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import {
  Architecture,
  type CfnFunction,
  Code,
  type FunctionProps,
  Function as LambdaFunction,
  LoggingFormat,
  Runtime,
  Tracing,
} from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { FUNCTION_METADATA_KEY, FUNCTIONS_DIR, type FunctionDef, functionDir } from '../lambda-functions';
import { buildInputsHash } from '../lambda-inputs';

/** The Lambda runtime of every project function (supported into 2028). */
export const PROJECT_RUNTIME = Runtime.NODEJS_24_X;

export interface ProjectFunctionProps extends Omit<FunctionProps, 'runtime' | 'architecture' | 'code' | 'handler' | 'logRetention'> {
  /** What to deploy: a function of infra/lib/lambda-functions.ts, built by `npm run build:lambdas`. */
  fn: FunctionDef;
}

/**
 * Every Lambda of the project: Node 24, arm64 (x86_64 where a native module is installed), the
 * folder `npm run build:lambdas` wrote for it deployed as it is — the same folder `npm start` and
 * the tests load — JSON logs kept 30 days in the function's own log group (no fixed name: a redeploy
 * after a destroy never collides), X-Ray tracing, memory and timeout from its definition.
 *
 * A synth that deploys (bundling required) refuses a missing or stale build; assertion tests, which
 * synthesize without bundling and need no build, get a placeholder.
 */
export class ProjectFunction extends LambdaFunction {
  readonly def: FunctionDef;

  constructor(scope: Construct, id: string, props: ProjectFunctionProps) {
    const { fn, environment, ...rest } = props;
    const logGroup =
      props.logGroup ??
      // Kept after a destroy (the logs of what went wrong); its generated name never blocks a redeploy.
      new LogGroup(scope, `${id}-logs`, { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.RETAIN });
    super(scope, id, {
      runtime: PROJECT_RUNTIME,
      architecture: fn.nativeModules.length ? Architecture.X86_64 : Architecture.ARM_64,
      memorySize: fn.memoryMb,
      timeout: Duration.seconds(fn.timeoutSeconds),
      tracing: Tracing.ACTIVE,
      loggingFormat: LoggingFormat.JSON,
      logGroup,
      handler: 'index.handler',
      code: Stack.of(scope).bundlingRequired
        ? Code.fromAsset(builtFolder(fn))
        : Code.fromInline(`// ${fn.id}: not built in assertion tests`),
      ...rest,
      // The bundle's source map is a file beside it (index.mjs.map): stack traces name the source.
      environment: { NODE_OPTIONS: '--enable-source-maps', POWERTOOLS_SERVICE_NAME: 'artloom', ...environment },
    });
    this.def = fn;
    // Which built function this is: the local runtime finds each function's settings in the
    // synthesized template by it (local/functions/deployment.ts).
    (this.node.defaultChild as CfnFunction).addMetadata(FUNCTION_METADATA_KEY, fn.id);
  }
}

let checkedHash: string | undefined;

/** The function's built folder, refusing one that is missing or was built from another tree. */
function builtFolder(fn: FunctionDef): string {
  const dir = functionDir(fn.id);
  const stamp = join(FUNCTIONS_DIR, 'build.json');
  if (!existsSync(join(dir, 'index.mjs')) || !existsSync(stamp)) {
    throw new Error(`The Lambda bundles are not built (${dir}). Run \`npm run build:lambdas\` before \`cdk synth\` or \`cdk deploy\`.`);
  }
  checkedHash ??= buildInputsHash();
  const built = (JSON.parse(readFileSync(stamp, 'utf8')) as { hash: string }).hash;
  if (built !== checkedHash) {
    throw new Error(
      'The Lambda bundles were built from another tree. Run `npm run build:lambdas` again before `cdk synth` or `cdk deploy`.',
    );
  }
  return dir;
}
