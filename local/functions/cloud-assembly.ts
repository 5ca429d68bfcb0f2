import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashFiles, REPO, SITE_SHELL_SOURCE } from '../../infra/lib/lambda-inputs';
import type { CfnTemplate } from '../iam/template';

/**
 * The synthesized stack the local runtime runs: cdk.out, as `cdk deploy` would upload it (the
 * template and one asset folder per function). `npm start` and the tests reuse the last synth
 * while nothing it is made from changed (a hash kept beside it); otherwise they build the Lambdas
 * and synthesize again. CI synthesizes afresh (a fresh clone has no cdk.out).
 */
const CLOUD_ASSEMBLY_DIR = join(REPO, 'cdk.out');
const STAMP = join(CLOUD_ASSEMBLY_DIR, 'artloom-inputs.json');
const SOURCES = ['infra', 'lambdas', 'shared', 'scripts/build-lambdas.ts', 'cdk.json', 'package-lock.json'];

export interface CloudAssembly {
  dir: string;
  stackName: string;
  template: CfnTemplate;
  /** True when this call synthesized (false: the last synth was reused). */
  synthesized: boolean;
  ms: number;
}

function inputsHash(): string {
  return hashFiles(SOURCES, [existsSync(SITE_SHELL_SOURCE) ? readFileSync(SITE_SHELL_SOURCE, 'utf8') : '']);
}

export async function cloudAssembly(options: { force?: boolean; log?: (line: string) => void } = {}): Promise<CloudAssembly> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const hash = inputsHash();
  const stamp = readStamp();
  let synthesized = false;
  // Test workers run what the run's global setup synthesized: a source edited during a run must not
  // start a second synth (two CLIs cannot share cdk.out) in the middle of it.
  const reuse = process.env.ARTLOOM_REUSE_CLOUD_ASSEMBLY === '1' && stamp !== undefined;
  const missing = !stamp || !existsSync(join(CLOUD_ASSEMBLY_DIR, `${stamp.stackName}.template.json`));
  if (missing || (!reuse && (options.force || stamp.hash !== hash))) {
    if (!existsSync(SITE_SHELL_SOURCE)) {
      log('building the web app first (the stack deploys it)…');
      await run('npm', ['run', 'build:web', '--silent']);
    }
    log('building the Lambda bundles and synthesizing the stack (cdk synth)…');
    await run('npm', ['run', 'synth', '--silent']);
    const stackName = stackOf(CLOUD_ASSEMBLY_DIR);
    // Hashed again: the web build above may have written the site shell the hash includes.
    writeFileSync(STAMP, JSON.stringify({ hash: inputsHash(), stackName, at: new Date().toISOString() }));
    synthesized = true;
  }
  const stackName = readStamp()?.stackName ?? stackOf(CLOUD_ASSEMBLY_DIR);
  const template = JSON.parse(readFileSync(join(CLOUD_ASSEMBLY_DIR, `${stackName}.template.json`), 'utf8')) as CfnTemplate;
  const ms = Math.round(performance.now() - started);
  if (synthesized) log(`stack ${stackName} synthesized in ${ms} ms`);
  return { dir: CLOUD_ASSEMBLY_DIR, stackName, template, synthesized, ms };
}

function readStamp(): { hash: string; stackName: string } | undefined {
  try {
    return JSON.parse(readFileSync(STAMP, 'utf8')) as { hash: string; stackName: string };
  } catch {
    return undefined;
  }
}

/** The stack of the cloud assembly (manifest.json's one CloudFormation stack). */
function stackOf(dir: string): string {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as {
    artifacts: Record<string, { type: string }>;
  };
  const stack = Object.entries(manifest.artifacts).find(([, a]) => a.type === 'aws:cloudformation:stack')?.[0];
  if (!stack) throw new Error(`no stack in ${dir}/manifest.json`);
  return stack;
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: REPO, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${stderr.slice(-4000)}`)),
    );
  });
}

/** `npm run build`: the Lambda bundles and the stack, synthesized afresh (CI), with the stamp the local runtime and the tests reuse. */
if (import.meta.main) {
  const assembly = await cloudAssembly({ force: true, log: (line) => console.info(`[build] ${line}`) });
  console.info(`[build] ${assembly.stackName}: ${Object.keys(assembly.template.Resources).length} resources in ${assembly.dir}`);
}
