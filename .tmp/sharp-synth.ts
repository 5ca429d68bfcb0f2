import { App, Stack } from 'aws-cdk-lib';
import { Runtime, Architecture } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
const app = new App({ outdir: process.argv[2] });
const s = new Stack(app, 'S');
new NodejsFunction(s, 'f', {
  entry: '/work/wt-11/lambdas/steps/store-image.ts',
  runtime: Runtime.NODEJS_22_X, architecture: Architecture.X86_64,
  depsLockFilePath: '/work/wt-11/package-lock.json',
  projectRoot: '/work/wt-11',
  bundling: { format: OutputFormat.ESM, nodeModules: ['sharp'], externalModules: ['@aws-sdk/*'],
    environment: { npm_config_os: 'linux', npm_config_cpu: process.argv[3] ?? 'x64', npm_config_libc: 'glibc', npm_config_offline: 'true' } },
});
app.synth();
