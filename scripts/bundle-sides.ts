import { API_FUNCTIONS, type FunctionDef, MEDIAN_BUNDLE_BUDGET_BYTES, STEP_FUNCTIONS } from '../infra/lib/lambda-functions';

/**
 * The write side of the pictures: the image store and its transactions (also named in .dependency-cruiser.cjs,
 * which checks the import graph; this checks what each built bundle actually carries, esbuild's metafile).
 */
export const WRITE_SIDE_MODULES = ['lambdas/services/image-store.ts', 'lambdas/adapters/image-transactions.ts'];

/** A public read function: an API function (not the operator's) whose every route is a GET. */
export function isReadFunction(fn: FunctionDef): boolean {
  return Boolean(fn.routes?.length) && fn.id !== API_FUNCTIONS.admin.id && (fn.routes ?? []).every((r) => r.method === 'GET');
}

/** The flow steps other than StoreImage: they never store a picture, so they ship none of the store. */
const isNonStoringStep = (fn: FunctionDef) =>
  Object.values(STEP_FUNCTIONS).some((s) => s.id === fn.id) && fn.id !== STEP_FUNCTIONS.StoreImage.id;

/**
 * What must not be in a bundle: a read function or a non-storing step that carries a write-side module.
 * `modules` are each function's repo-relative inputs (scripts/build-lambdas.ts); one absent is a stale build.
 */
export function bundleSideViolations(
  functions: readonly FunctionDef[],
  modules: ReadonlyMap<string, readonly string[] | undefined>,
): string[] {
  const out: string[] = [];
  for (const fn of functions) {
    const carried = modules.get(fn.id);
    if (!carried) {
      out.push(`${fn.id}: no module list (npm run build:lambdas -- --force)`);
      continue;
    }
    if (!isReadFunction(fn) && !isNonStoringStep(fn)) continue;
    for (const module of WRITE_SIDE_MODULES.filter((m) => carried.includes(m))) {
      out.push(`${fn.id}: ${isReadFunction(fn) ? 'a public read function' : 'a step that stores nothing'} carries ${module}`);
    }
  }
  return out;
}

/**
 * The median bundle (the lower middle of an even count, as `npm run bench -- lambda-bundles` takes it)
 * against its budget: a line saying which function is over and by how much, or undefined.
 */
export function bundleBudgetViolation(
  built: readonly { id: string; bytes: number }[],
  budget = MEDIAN_BUNDLE_BUDGET_BYTES,
): string | undefined {
  const median = [...built].sort((a, b) => a.bytes - b.bytes)[Math.floor((built.length - 1) / 2)];
  if (!median) return 'no bundles built (npm run build:lambdas -- --force)';
  if (median.bytes <= budget) return undefined;
  return `median bundle ${median.bytes.toLocaleString('en')} bytes (${median.id}) is over its budget of ${budget.toLocaleString('en')}`;
}
