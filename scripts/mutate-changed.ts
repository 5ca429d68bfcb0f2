/**
 * `npm run mutate:changed`: Stryker (stryker.config.mjs) over the source files of lambdas/, worker/ and
 * shared/ that changed since MUTATE_BASE (default HEAD~1: the last commit), so CI mutates what a change
 * touched within its time. Nothing changed there: nothing to mutate, exit 0. Prints Stryker's report;
 * exits non-zero when the score falls under the config's break threshold.
 */
import { execFileSync, spawnSync } from 'node:child_process';

const base = process.env.MUTATE_BASE ?? 'HEAD~1';
const changed = (() => {
  try {
    return execFileSync('git', ['diff', '--name-only', '--diff-filter=AM', base, '--', 'lambdas', 'worker', 'shared'], { encoding: 'utf8' })
      .split('\n')
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'));
  } catch {
    // A clone without the base commit (depth 1): nothing to compare with.
    return [];
  }
})();

if (!changed.length) {
  console.info(`mutate:changed: no source file of lambdas/, worker/ or shared/ changed since ${base}`);
  process.exit(0);
}
console.info(`mutate:changed: ${changed.length} files changed since ${base}: ${changed.join(', ')}`);
const run = spawnSync('npx', ['stryker', 'run', '--mutate', changed.join(',')], { stdio: 'inherit' });
process.exit(run.status ?? 1);
