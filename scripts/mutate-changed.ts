/**
 * `npm run mutate:changed`: Stryker (stryker.config.mjs) over the lines of lambdas/, worker/ and shared/
 * that changed since MUTATE_BASE (default HEAD~1: the last commit), as Stryker's mutation ranges
 * (`file:start-end`), so CI mutates what a change touched within its time. Only files the config's
 * `mutate` patterns include (its `!` patterns leave out the word lists, which are data). Nothing
 * changed there: nothing to mutate, exit 0. More than MUTATE_MAX_LINES changed lines (default 300):
 * in CI the run is skipped with a notice (a change that large is mutated with this script on a bigger
 * machine, or `npm run mutate`); elsewhere it runs. Exits non-zero when the changed lines' score falls
 * under 75 % (MUTATE_BREAK overrides).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { matchesGlob } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The score floor for changed lines (stryker.config.mjs has 50 % for a whole run): three of four mutants killed. */
const CHANGED_LINES_BREAK = 75;

export interface LineRange {
  file: string;
  start: number;
  end: number;
}

/** The added or changed lines of each file in a `git diff -U0` (the new side of every hunk). */
export function changedRanges(diff: string): LineRange[] {
  const ranges: LineRange[] = [];
  let file: string | undefined;
  for (const line of diff.split('\n')) {
    const target = /^\+\+\+ (?:b\/(.+)|\/dev\/null)$/.exec(line);
    if (target) {
      file = target[1];
      continue;
    }
    const hunk = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/.exec(line);
    if (!hunk || !file) continue;
    const start = Number(hunk[1]);
    const count = hunk[2] === undefined ? 1 : Number(hunk[2]);
    // A hunk that only deletes adds no line to mutate.
    if (count > 0) ranges.push({ file, start, end: start + count - 1 });
  }
  return ranges;
}

/** The ranges in files the config's `mutate` patterns take (its `!` patterns exclude). */
export function mutable(ranges: readonly LineRange[], patterns: readonly string[]): LineRange[] {
  const include = patterns.filter((p) => !p.startsWith('!'));
  const exclude = patterns.filter((p) => p.startsWith('!')).map((p) => p.slice(1));
  const takes = (file: string) => include.some((p) => matchesGlob(file, p)) && !exclude.some((p) => matchesGlob(file, p));
  return ranges.filter((r) => takes(r.file));
}

/** Stryker's `--mutate` argument: one `file:start-end` per range. */
export const mutateArgument = (ranges: readonly LineRange[]) => ranges.map((r) => `${r.file}:${r.start}-${r.end}`).join(',');

export const lineCount = (ranges: readonly LineRange[]) => ranges.reduce((sum, r) => sum + r.end - r.start + 1, 0);

async function main(): Promise<number> {
  const base = process.env.MUTATE_BASE ?? 'HEAD~1';
  const maxLines = Number(process.env.MUTATE_MAX_LINES ?? 300);
  let diff: string;
  try {
    diff = execFileSync('git', ['diff', '-U0', '--diff-filter=AM', base, '--', 'lambdas', 'worker', 'shared'], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch {
    // A clone without the base commit (depth 1): nothing to compare with.
    console.info(`mutate:changed: no commit ${base} to compare with; nothing mutated`);
    return 0;
  }
  const config = (await import(pathToFileURL(`${process.cwd()}/stryker.config.mjs`).href)) as { default: { mutate: string[] } };
  const ranges = mutable(changedRanges(diff), config.default.mutate);
  if (!ranges.length) {
    console.info(`mutate:changed: no source line of lambdas/, worker/ or shared/ changed since ${base}`);
    return 0;
  }
  const lines = lineCount(ranges);
  const files = [...new Set(ranges.map((r) => r.file))];
  console.info(`mutate:changed: ${lines} lines in ${files.length} files changed since ${base}: ${files.join(', ')}`);
  if (lines > maxLines && process.env.CI === 'true') {
    console.info(`mutate:changed: over MUTATE_MAX_LINES (${maxLines}); skipped in CI — run it on a bigger machine`);
    return 0;
  }
  const run = spawnSync('npx', ['stryker', 'run', '--mutate', mutateArgument(ranges)], {
    stdio: 'inherit',
    env: { ...process.env, MUTATE_BREAK: process.env.MUTATE_BREAK ?? String(CHANGED_LINES_BREAK) },
  });
  return run.status ?? 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(await main());
