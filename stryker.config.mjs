/**
 * Mutation testing (issue 34 item 3): `npm run mutate` over lambdas/, worker/ and shared/ with the unit
 * tests of vitest.mutation.config.ts; `npm run mutate:changed` over the lines a commit changed (what CI
 * runs). The README (Checks) has the figures and why the floor is where it is.
 */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  // Not mutated, as data: the word lists (their words are the screening benches' business, not a unit test's) and the
  // route tables (declarations read by the template and IAM tests of test/unit/infra, a CDK synth each, which a
  // per-mutant run cannot afford; the integration runs call every route through them).
  mutate: [
    'lambdas/**/*.ts',
    'worker/**/*.ts',
    'shared/**/*.ts',
    '!**/*.d.ts',
    '!lambdas/services/screening-lists*.ts',
    '!lambdas/routes/**',
  ],
  coverageAnalysis: 'perTest',
  // TypeScript 7 has no JS API, which Stryker's tsconfig rewriting calls: no tsconfig is given to rewrite
  // (vitest strips types itself; the sandbox needs none of the references it would rewrite).
  tsconfigFile: 'tsconfig.stryker-none.json',
  concurrency: 2,
  timeoutMS: 20_000,
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'test-results/mutation.json' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  // The floor: 50 % for a whole run (the code as it is: errors.ts scored 60.3 %); mutate:changed sets
  // MUTATE_BREAK=75 for the lines a commit changed, held higher: new code comes with the tests that read it.
  thresholds: { high: 80, low: 60, break: Number(process.env.MUTATE_BREAK ?? 50) },
};
