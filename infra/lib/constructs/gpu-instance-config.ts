import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AssetHashType, BundlingOutput, DockerImage } from 'aws-cdk-lib';
import { Asset } from 'aws-cdk-lib/aws-s3-assets';
import type { Construct } from 'constructs';
import { type BuildOptions, buildSync } from 'esbuild';
import { wasmFiles } from '../../../worker/wasm-files';

/**
 * What a GPU instance gets from the stack besides its image: the worker bundle (an S3 asset) and its
 * settings (environment files and the CloudWatch agent's config, SSM parameters read at every boot).
 */
const REPO_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The instance's log files (systemd units and boot.sh write them; the CloudWatch agent ships them). */
export const GPU_LOG_FILES = {
  boot: '/var/log/artloom/boot.log',
  comfyui: '/var/log/artloom/comfyui.log',
  worker: '/var/log/artloom/worker.log',
};

/**
 * How the worker is bundled: one ESM file for Node with everything in it — the image check's model (JavaScript
 * modules of nsfwjs) and, defined here, its wasm binaries (worker/wasm-files.ts). test/unit/worker/bundle.test.ts
 * loads a bundle made with these options from a folder with no node_modules.
 */
export function workerBuildOptions(entry: string, outfile: string): BuildOptions {
  return {
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    minify: true,
    sourcemap: 'inline',
    // ws loads these optional native helpers when present and works without them.
    external: ['bufferutil', 'utf-8-validate'],
    define: { WORKER_WASM_FILES: JSON.stringify(wasmFiles()) },
    // CommonJS inside the ESM file: a require, and the __dirname that tfjs's wasm backend reads when it starts.
    banner: {
      js: [
        "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
        "import { fileURLToPath as __fu } from 'node:url'; import { dirname as __dn } from 'node:path';",
        'const __filename = __fu(import.meta.url); const __dirname = __dn(__filename);',
      ].join('\n'),
    },
    logLevel: 'warning',
  };
}

/** The worker (esbuild output of worker/main.ts) as an S3 asset; boot.sh fetches it at every boot. */
export function workerBundle(scope: Construct): Asset {
  return new Asset(scope, 'worker-bundle', {
    path: join(REPO_DIR, 'worker'),
    // The bundle pulls in lambdas/ and shared/ too: hash what was built, not the worker folder.
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:22-alpine'),
      outputType: BundlingOutput.SINGLE_FILE,
      local: {
        tryBundle(outputDir: string) {
          buildSync(workerBuildOptions(join(REPO_DIR, 'worker/main.ts'), join(outputDir, 'worker.mjs')));
          return true;
        },
      },
    },
  });
}

/** The CloudWatch agent's configuration: the three log files, each to its group (names are tokens). */
export function cloudWatchAgentConfig(groups: Record<keyof typeof GPU_LOG_FILES, string>): string {
  const collect = (Object.keys(GPU_LOG_FILES) as (keyof typeof GPU_LOG_FILES)[]).map((name) => ({
    file_path: GPU_LOG_FILES[name],
    log_group_name: groups[name],
    log_stream_name: '{instance_id}',
    timestamp_format: '%Y-%m-%dT%H:%M:%S',
  }));
  return JSON.stringify({ agent: { run_as_user: 'root' }, logs: { logs_collected: { files: { collect_list: collect } } } });
}

export interface SettingsOptions {
  boot: Record<string, string>;
  worker: Record<string, string>;
  cloudWatchAgent: string;
}

/** The files boot.sh writes into /etc/artloom at every boot, one SSM parameter each (`<settings path>/<file>`). */
export const SETTINGS_FILES = ['boot.env', 'worker.env', 'cloudwatch-agent.json'] as const;
export type SettingsFile = (typeof SETTINGS_FILES)[number];

/**
 * The instance's settings as the contents of its configuration files (values may be CloudFormation
 * tokens). The stack stores each as an SSM parameter; boot.sh reads them at every boot, so a stopped
 * warm-pool instance starts with the current deploy's settings (the user data ran on its first boot only).
 */
export function settingsFiles(o: SettingsOptions): Record<SettingsFile, string> {
  const lines = (env: Record<string, string>) =>
    Object.entries(env)
      .map(([k, v]) => `${k}=${v}\n`)
      .join('');
  return { 'boot.env': lines(o.boot), 'worker.env': lines(o.worker), 'cloudwatch-agent.json': o.cloudWatchAgent };
}
