import { join } from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Architecture, LoggingFormat, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, type NodejsFunctionProps, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

/** The Lambda runtime of every project function (supported into 2028) and the esbuild target that matches it. */
export const PROJECT_RUNTIME = Runtime.NODEJS_24_X;
export const BUNDLE_TARGET = 'node24';

/**
 * Functions with native modules run on x86_64 Linux (glibc): npm installs the packages for that
 * platform whatever machine runs synth (a Mac, Windows, an arm64 laptop), from the lockfile's
 * versions. npm skips an optional platform package it cannot fetch without a word, so the bundle
 * is checked for the binaries afterwards.
 */
const NATIVE_PLATFORM = { os: 'linux', cpu: 'x64', libc: 'glibc' } as const;
export const NATIVE_BINARIES: Record<string, string[]> = {
  sharp: ['@img/sharp-linux-x64', '@img/sharp-libvips-linux-x64'],
};

export interface ProjectFunctionProps extends Omit<NodejsFunctionProps, 'runtime' | 'architecture' | 'logRetention'> {
  /** Native packages to install into the bundle instead of bundling (e.g. sharp). */
  nativeModules?: string[];
}

/**
 * Every Lambda of the project: Node 24, arm64, bundled ESM with esbuild, JSON logs kept 30 days in
 * the function's own log group (no fixed name: a redeploy after a destroy never collides), X-Ray
 * tracing. Functions with native modules run on x86_64 (NATIVE_PLATFORM).
 */
export const BUNDLE_BANNER = "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);";

export class ProjectFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: ProjectFunctionProps) {
    const { nativeModules, bundling, environment, ...rest } = props;
    const native = nativeModules?.length ? nativeModules : undefined;
    const logGroup =
      props.logGroup ??
      // Kept after a destroy (the logs of what went wrong); its generated name never blocks a redeploy.
      new LogGroup(scope, `${id}-logs`, { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.RETAIN });
    super(scope, id, {
      runtime: PROJECT_RUNTIME,
      architecture: native ? Architecture.X86_64 : Architecture.ARM_64,
      memorySize: 256,
      timeout: Duration.seconds(10),
      tracing: Tracing.ACTIVE,
      loggingFormat: LoggingFormat.JSON,
      logGroup,
      ...rest,
      environment: { NODE_OPTIONS: '--enable-source-maps', POWERTOOLS_SERVICE_NAME: 'artloom', ...environment },
      bundling: {
        format: OutputFormat.ESM,
        target: BUNDLE_TARGET,
        minify: true,
        sourceMap: true,
        mainFields: ['module', 'main'],
        // ESM bundles need a require shim for CommonJS dependencies.
        banner: BUNDLE_BANNER,
        // Nothing external: the AWS SDK is bundled at the lockfile's version, the one the tests ran,
        // not the runtime's own copy (NodejsFunction leaves @aws-sdk/* out unless told otherwise).
        externalModules: [],
        ...(native ? nativeBundling(native) : {}),
        ...bundling,
      },
    });
  }
}

/** Bundling of functions with native modules: install for NATIVE_PLATFORM, then check the binaries arrived. */
export function nativeBundling(modules: string[]): NonNullable<NodejsFunctionProps['bundling']> {
  const binaries = modules.flatMap((m) => NATIVE_BINARIES[m] ?? []);
  return {
    nodeModules: modules,
    // npm reads these for `npm ci` in the bundle folder (npm >= 10.2 honours os/cpu/libc).
    environment: { npm_config_os: NATIVE_PLATFORM.os, npm_config_cpu: NATIVE_PLATFORM.cpu, npm_config_libc: NATIVE_PLATFORM.libc },
    commandHooks: {
      beforeBundling: () => [],
      beforeInstall: () => [],
      afterBundling: (_inputDir: string, outputDir: string) =>
        binaries.map(
          (pkg) =>
            `node -e "try{require('fs').accessSync(process.argv[1])}catch{console.error(process.argv[2]);process.exit(1)}" "${join(outputDir, 'node_modules', pkg, 'package.json')}" "Native module ${pkg} (${NATIVE_PLATFORM.os}-${NATIVE_PLATFORM.cpu}) is missing from the Lambda bundle: npm could not fetch it."`,
        ),
    },
  };
}
