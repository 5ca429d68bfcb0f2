import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What the Lambda bundles are made from, hashed: the build skips an unchanged tree, CDK refuses to
 * deploy folders built from another tree, and `npm start` reuses the last synthesized template
 * while nothing it depends on changed.
 */
export const REPO = join(dirname(fileURLToPath(import.meta.url)), '../..');
/** Functions with native modules run on x86_64 Linux (glibc), whatever machine builds them. */
export const NATIVE_PLATFORM = { os: 'linux', cpu: 'x64', libc: 'glibc' } as const;
/** The picture page's copy of the built SPA's index.html. */
export const SITE_SHELL_SOURCE = join(REPO, 'frontend/dist/index.html');

const BUNDLE_SOURCES = ['lambdas', 'shared', 'infra/lib/lambda-functions.ts', 'scripts/build-lambdas.ts', 'package-lock.json'];

export function hashFiles(paths: readonly string[], extra: readonly string[] = []): string {
  const hash = createHash('sha256');
  for (const file of paths.flatMap((p) => filesUnder(join(REPO, p))).sort()) {
    hash.update(relative(REPO, file));
    hash.update(readFileSync(file));
  }
  for (const value of extra) hash.update(value);
  return hash.digest('hex').slice(0, 20);
}

export function buildInputsHash(): string {
  return hashFiles(existsSync(SITE_SHELL_SOURCE) ? [...BUNDLE_SOURCES, 'frontend/dist/index.html'] : BUNDLE_SOURCES);
}

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true }).flatMap((entry) =>
    entry.name === 'node_modules' || entry.name.startsWith('.') ? [] : filesUnder(join(path, entry.name)),
  );
}
