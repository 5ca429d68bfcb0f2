import { describe, expect, it } from 'vitest';
import {
  API_FUNCTIONS,
  FUNCTION_METADATA_KEY,
  FUNCTIONS,
  MEDIAN_BUNDLE_BUDGET_BYTES,
  STEP_FUNCTIONS,
} from '../../../infra/lib/lambda-functions';
import { checkCall } from '../../../local/iam/simulate';
import { bundleBudgetViolation, bundleSideViolations, isReadFunction, WRITE_SIDE_MODULES } from '../../../scripts/bundle-sides';
import { t1Model } from '../local/iam/model';

/**
 * The function is the unit (issue 34 item 1): what AWS runs is checked, not only the files. A public
 * function that serves only GET routes holds no write action in the synthesized template (policy
 * simulation over its role), and no read function or non-storing step carries the picture store in its
 * bundle (`npm run check:bundles`, from esbuild's metafile).
 */
const model = t1Model();
const byId = new Map(
  model.functions().map((f) => [String(model.resource(f.logicalId).Metadata?.[FUNCTION_METADATA_KEY] ?? ''), f] as const),
);
const arnAt = (type: string, path: string) => {
  const id = model.ofType(type).find((x) => [`t1/${path}`, `t1/${path}/Resource`].includes(model.cdkPath(x) ?? ''));
  if (!id) throw new Error(`no ${type} at t1/${path}`);
  return model.arnOf(id);
};
const table = (name: string) => arnAt('AWS::DynamoDB::GlobalTable', `data/${name}-table`);

/** Every write a compromised read function could try on the product's data. */
const WRITES: [string, string][] = [
  ...['images', 'jobs', 'messages', 'ads'].flatMap((name) =>
    ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'].map((a): [string, string] => [
      a,
      table(name),
    ]),
  ),
  ['s3:PutObject', 'arn:aws:s3:::t1-images/files/images/x.png'],
  ['s3:DeleteObject', 'arn:aws:s3:::t1-images/files/images/x.png'],
  ['s3:PutObject', 'arn:aws:s3:::t1-images/private/images/x.png'],
  ['s3:DeleteObject', 'arn:aws:s3:::t1-images/private/thumbs/x.webp'],
  ['s3:PutObject', 'arn:aws:s3:::t1-attachments/inbox/a.pdf'],
  ['states:StartExecution', arnAt('AWS::StepFunctions::StateMachine', 'generation/flow')],
];
/** The one write a GET may make: metering in the counters table (the stream's places). */
const COUNTERS_WRITE: [string, string] = ['dynamodb:UpdateItem', table('counters')];

const readFunctions = FUNCTIONS.filter(isReadFunction);

describe('public read functions in the template', () => {
  it('are the GET-only areas, none of them the operator’s', () => {
    expect(readFunctions.map((f) => f.id).sort()).toEqual(
      [API_FUNCTIONS.system, API_FUNCTIONS.gallery, API_FUNCTIONS.ads, API_FUNCTIONS.jobs, API_FUNCTIONS.events].map((f) => f.id).sort(),
    );
  });

  it.each(readFunctions.map((f) => [f.id]))('%s holds no write action on the product’s tables, buckets or flow', async (id) => {
    const fn = byId.get(id);
    expect(fn?.roleLogicalId).toBeDefined();
    const principal = { kind: 'role' as const, roleLogicalId: fn?.roleLogicalId ?? '' };
    const allowed: string[] = [];
    for (const [action, resource] of WRITES) {
      if ((await checkCall(model, { principal, action, resource })).allowed) allowed.push(`${action} ${resource}`);
    }
    expect(allowed).toEqual([]);
    // Only the event stream meters (its places); every other read function does not even write a counter.
    const meters = (await checkCall(model, { principal, action: COUNTERS_WRITE[0], resource: COUNTERS_WRITE[1] })).allowed;
    expect(meters).toBe(id === API_FUNCTIONS.events.id);
  });

  it('the test itself sees a write where one is granted (the share function writes the images table)', async () => {
    const fn = byId.get(API_FUNCTIONS.share.id);
    const principal = { kind: 'role' as const, roleLogicalId: fn?.roleLogicalId ?? '' };
    expect((await checkCall(model, { principal, action: 'dynamodb:UpdateItem', resource: table('images') })).allowed).toBe(true);
  });
});

describe('write side in the bundles (check:bundles)', () => {
  const clean = new Map(FUNCTIONS.map((f) => [f.id, ['lambdas/lib/router.ts']]));

  it('passes bundles that keep the store where it is stored', () => {
    const modules = new Map(clean);
    modules.set(STEP_FUNCTIONS.StoreImage.id, [...WRITE_SIDE_MODULES]);
    modules.set(API_FUNCTIONS.admin.id, [...WRITE_SIDE_MODULES]);
    expect(bundleSideViolations(FUNCTIONS, modules)).toEqual([]);
  });

  it('fails a read function or a non-storing step that carries the image store, and a bundle with no module list', () => {
    const modules = new Map<string, string[] | undefined>(clean);
    modules.set(API_FUNCTIONS.jobs.id, ['lambdas/services/image-store.ts']);
    modules.set(STEP_FUNCTIONS.RecordJob.id, ['lambdas/adapters/image-transactions.ts']);
    modules.set(API_FUNCTIONS.gallery.id, undefined);
    expect(bundleSideViolations(FUNCTIONS, modules)).toEqual([
      'api-gallery: no module list (npm run build:lambdas -- --force)',
      'api-jobs: a public read function carries lambdas/services/image-store.ts',
      'step-record-job: a step that stores nothing carries lambdas/adapters/image-transactions.ts',
    ]);
  });
});

describe('median bundle budget (check:bundles, issue 31 item 6)', () => {
  // 17 sizes as a build recorded them before and after zod's namespace import (dist/functions/build.json, 28 Nov).
  const sizes = (bytes: number[]) => bytes.map((b, i) => ({ id: `fn-${i}`, bytes: b }));
  const before = sizes([
    473712, 481209, 486101, 486434, 498824, 518390, 631513, 649712, 660471, 663162, 717338, 784277, 808590, 810025, 843889, 987584, 994154,
  ]);
  const after = sizes([
    362320, 369357, 374575, 374721, 385400, 406975, 519559, 537640, 548495, 550836, 605092, 672389, 696520, 697942, 732211, 875402, 881313,
  ]);

  it('passes the build of today and fails the one before, naming the median function', () => {
    expect(bundleBudgetViolation(after)).toBeUndefined();
    expect(bundleBudgetViolation([...before].reverse())).toBe('median bundle 660,471 bytes (fn-8) is over its budget of 600,000');
    expect(MEDIAN_BUNDLE_BUDGET_BYTES).toBe(600_000);
  });

  it('takes the lower middle of an even count, as the bench does, and fails an empty build', () => {
    expect(bundleBudgetViolation(sizes([100, 700, 800, 900]), 600)).toBe('median bundle 700 bytes (fn-1) is over its budget of 600');
    expect(bundleBudgetViolation(sizes([100, 600, 800, 900]), 600)).toBeUndefined();
    expect(bundleBudgetViolation([])).toBe('no bundles built (npm run build:lambdas -- --force)');
  });
});
