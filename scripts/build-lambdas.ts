/**
 * `npm run build:lambdas`: writes every function's bundle to dist/functions/<id>/ (index.mjs, its
 * linked source map, native modules where the function declares them, the site shell for the
 * picture page). CDK deploys exactly these folders (infra/lib/constructs/project-function.ts) and
 * `npm start` and the tests load them (local/functions). An unchanged tree is not rebuilt (the
 * inputs' hash is kept in dist/functions/build.json); `--force` rebuilds.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { esbuildOptions, FUNCTIONS, FUNCTIONS_DIR, type FunctionDef, functionDir } from '../infra/lib/lambda-functions';
import { buildInputsHash, NATIVE_PLATFORM, REPO, SITE_SHELL_SOURCE } from '../infra/lib/lambda-inputs';

export interface BuiltFunction {
  id: string;
  bytes: number;
  gzipBytes: number;
  native: string[];
  /** The project's own modules in the bundle (esbuild's metafile), repo-relative: what check:bundles reads for the write side. */
  modules: string[];
}

export interface BuildResult {
  skipped: boolean;
  ms: number;
  functions: BuiltFunction[];
}

const STAMP = join(FUNCTIONS_DIR, 'build.json');

export async function buildLambdas(options: { force?: boolean; log?: (line: string) => void } = {}): Promise<BuildResult> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const hash = buildInputsHash();
  const previous = readStamp();
  if (!options.force && previous?.hash === hash && FUNCTIONS.every((fn) => existsSync(join(functionDir(fn.id), 'index.mjs')))) {
    return { skipped: true, ms: Math.round(performance.now() - started), functions: previous.functions };
  }
  rmSync(FUNCTIONS_DIR, { recursive: true, force: true });
  const functions: BuiltFunction[] = [];
  // Two at a time: esbuild is itself parallel, and this machine class has two cores.
  for (let i = 0; i < FUNCTIONS.length; i += 2) {
    functions.push(...(await Promise.all(FUNCTIONS.slice(i, i + 2).map((fn) => buildOne(fn)))));
  }
  writeFileSync(STAMP, `${JSON.stringify({ hash, builtAt: new Date().toISOString(), functions }, null, 2)}\n`);
  const ms = Math.round(performance.now() - started);
  log(`build:lambdas: ${functions.length} functions in ${ms} ms → ${FUNCTIONS_DIR}`);
  return { skipped: false, ms, functions };
}

async function buildOne(fn: FunctionDef): Promise<BuiltFunction> {
  const dir = functionDir(fn.id);
  mkdirSync(dir, { recursive: true });
  const result = await build(esbuildOptions(fn));
  if (result.errors.length) throw new Error(`build of ${fn.id} failed`);
  const modules = Object.keys(result.metafile?.inputs ?? {})
    .map((input) => relative(REPO, resolve(input)))
    .filter((path) => /^(lambdas|shared|worker)\//.test(path))
    .sort();
  if (fn.nativeModules.length) installNative(fn.nativeModules, dir);
  if (fn.siteShell && existsSync(SITE_SHELL_SOURCE)) copyFileSync(SITE_SHELL_SOURCE, join(dir, 'site-shell.html'));
  const code = readFileSync(join(dir, 'index.mjs'));
  return { id: fn.id, bytes: code.length, gzipBytes: gzipSync(code).length, native: [...fn.nativeModules], modules };
}

/**
 * Native packages for the Lambda platform (x86_64 Linux, glibc), at the lockfile's versions, installed
 * once into a cache folder by npm (which fetches the platform's prebuilt binaries whatever machine
 * builds) and copied beside each function that declares them. npm skips an optional platform package
 * it cannot fetch without a word, so the binaries are checked afterwards.
 */
function installNative(modules: readonly string[], dir: string): void {
  const lock = JSON.parse(readFileSync(join(REPO, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string }> };
  const deps = Object.fromEntries(
    modules.map((m) => {
      const version = lock.packages[`node_modules/${m}`]?.version;
      if (!version) throw new Error(`${m} is not in package-lock.json`);
      return [m, version];
    }),
  );
  const key = Object.entries(deps)
    .map(([m, v]) => `${m}@${v}`)
    .join('+')
    .replace(/[^A-Za-z0-9@.+-]/g, '_');
  const cache = join(REPO, 'node_modules/.cache/artloom-native', `${key}-${NATIVE_PLATFORM.os}-${NATIVE_PLATFORM.cpu}`);
  if (!existsSync(join(cache, 'node_modules', '.artloom-complete'))) {
    rmSync(cache, { recursive: true, force: true });
    mkdirSync(cache, { recursive: true });
    writeFileSync(join(cache, 'package.json'), JSON.stringify({ private: true, dependencies: deps }));
    execFileSync(
      'npm',
      [
        'install',
        '--omit=dev',
        '--no-audit',
        '--no-fund',
        '--no-package-lock',
        '--prefer-offline',
        `--os=${NATIVE_PLATFORM.os}`,
        `--cpu=${NATIVE_PLATFORM.cpu}`,
        `--libc=${NATIVE_PLATFORM.libc}`,
      ],
      { cwd: cache, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    for (const pkg of modules.flatMap((m) => NATIVE_BINARIES[m] ?? [])) {
      if (!existsSync(join(cache, 'node_modules', pkg, 'package.json')))
        throw new Error(`Native module ${pkg} (${NATIVE_PLATFORM.os}-${NATIVE_PLATFORM.cpu}) is missing: npm could not fetch it.`);
    }
    writeFileSync(join(cache, 'node_modules', '.artloom-complete'), '');
  }
  cpSync(join(cache, 'node_modules'), join(dir, 'node_modules'), {
    recursive: true,
    filter: (src) => !src.endsWith('.artloom-complete') && !src.endsWith('.package-lock.json'),
  });
}

/** The platform packages each native module needs on Lambda's x86_64. */
const NATIVE_BINARIES: Record<string, string[]> = {
  sharp: ['@img/sharp-linux-x64', '@img/sharp-libvips-linux-x64'],
};

export function readStamp(): { hash: string; functions: BuiltFunction[] } | undefined {
  try {
    return JSON.parse(readFileSync(STAMP, 'utf8')) as { hash: string; functions: BuiltFunction[] };
  } catch {
    return undefined;
  }
}

if (import.meta.main) {
  const result = await buildLambdas({ force: process.argv.includes('--force'), log: console.info });
  if (result.skipped) console.info(`build:lambdas: ${result.functions.length} functions unchanged (${result.ms} ms)`);
}
