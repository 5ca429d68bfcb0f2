import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { changedRanges, lineCount, mutable, mutateArgument } from '../../../scripts/mutate-changed';

const STRYKER_CONFIG = pathToFileURL(join(import.meta.dirname, '../../../stryker.config.mjs')).href;
const config = ((await import(STRYKER_CONFIG)) as { default: { mutate: string[] } }).default;

// A real `git diff -U0` shape: a changed line, an added block, a deletion-only hunk, a new file, a test file.
const DIFF = `diff --git a/lambdas/lib/errors.ts b/lambdas/lib/errors.ts
index 1111111..2222222 100644
--- a/lambdas/lib/errors.ts
+++ b/lambdas/lib/errors.ts
@@ -101 +101 @@ export function isDependencyFailure(
-  return status >= 502;
+  return status >= 500;
@@ -120,0 +121,3 @@ export const X = 1;
+const a = 1;
+const b = 2;
+const c = 3;
@@ -140,2 +142,0 @@ function gone() {
-  one();
-  two();
diff --git a/worker/new-file.ts b/worker/new-file.ts
new file mode 100644
--- /dev/null
+++ b/worker/new-file.ts
@@ -0,0 +1,4 @@
+export const one = 1;
+export const two = 2;
+export const three = 3;
+export const four = 4;
diff --git a/lambdas/services/screening-lists.ts b/lambdas/services/screening-lists.ts
--- a/lambdas/services/screening-lists.ts
+++ b/lambdas/services/screening-lists.ts
@@ -10,0 +11 @@
+  'a new word',
diff --git a/lambdas/routes/share.ts b/lambdas/routes/share.ts
--- a/lambdas/routes/share.ts
+++ b/lambdas/routes/share.ts
@@ -11 +11 @@
+  { method: 'GET', path: '/api/images/{id}', entry: 'handlers/share/get-image.ts', grants: [] },
diff --git a/shared/types.d.ts b/shared/types.d.ts
--- a/shared/types.d.ts
+++ b/shared/types.d.ts
@@ -3 +3 @@
-type A = 1;
+type A = 2;
`;

describe('mutate:changed (issue 34 item 3: the changed lines, not whole files)', () => {
  it('reads the new side of every hunk, skipping hunks that only delete', () => {
    expect(changedRanges(DIFF)).toEqual([
      { file: 'lambdas/lib/errors.ts', start: 101, end: 101 },
      { file: 'lambdas/lib/errors.ts', start: 121, end: 123 },
      { file: 'worker/new-file.ts', start: 1, end: 4 },
      { file: 'lambdas/services/screening-lists.ts', start: 11, end: 11 },
      { file: 'lambdas/routes/share.ts', start: 11, end: 11 },
      { file: 'shared/types.d.ts', start: 3, end: 3 },
    ]);
  });

  it('keeps what stryker.config.mjs mutates: not its excluded data files (word lists, route tables) or declaration files', () => {
    const ranges = mutable(changedRanges(DIFF), config.mutate);
    expect(ranges.map((r) => r.file)).toEqual(['lambdas/lib/errors.ts', 'lambdas/lib/errors.ts', 'worker/new-file.ts']);
    expect(lineCount(ranges)).toBe(8);
    expect(mutateArgument(ranges)).toBe('lambdas/lib/errors.ts:101-101,lambdas/lib/errors.ts:121-123,worker/new-file.ts:1-4');
  });
});
