import { Duration } from 'aws-cdk-lib';
import { Architecture, LoggingFormat, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, type NodejsFunctionProps, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

export interface ProjectFunctionProps extends Omit<NodejsFunctionProps, 'runtime' | 'architecture'> {
  /** Native packages to install into the bundle instead of bundling (e.g. sharp). */
  nativeModules?: string[];
}

/**
 * Every Lambda of the project: Node 22, arm64, bundled ESM with esbuild, JSON logs kept 30 days,
 * X-Ray tracing. Functions with native modules (sharp) run on x86_64 so that the npm install the
 * bundler runs on the (x86_64) build host fetches the matching binary.
 */
export class ProjectFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: ProjectFunctionProps) {
    const { nativeModules, bundling, environment, ...rest } = props;
    const native = nativeModules?.length ? nativeModules : undefined;
    super(scope, id, {
      runtime: Runtime.NODEJS_22_X,
      architecture: native ? Architecture.X86_64 : Architecture.ARM_64,
      memorySize: 256,
      timeout: Duration.seconds(10),
      tracing: Tracing.ACTIVE,
      loggingFormat: LoggingFormat.JSON,
      logRetention: RetentionDays.ONE_MONTH,
      ...rest,
      environment: { NODE_OPTIONS: '--enable-source-maps', POWERTOOLS_SERVICE_NAME: 'artloom', ...environment },
      bundling: {
        format: OutputFormat.ESM,
        target: 'node22',
        minify: true,
        sourceMap: true,
        mainFields: ['module', 'main'],
        // ESM bundles need a require shim for CommonJS dependencies.
        banner: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
        externalModules: ['@aws-sdk/*'],
        ...(native ? { nodeModules: native } : {}),
        ...bundling,
      },
    });
  }
}
