import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config';

/**
 * The tests Stryker runs for each mutant (stryker.config.mjs): the unit tests of the code it mutates
 * (lambdas/, worker/, shared/), without the CDK synth, frontend and tooling files, which read none of it
 * or take seconds each. The integration twins are not run per mutant: they need the local servers.
 */
export default mergeConfig(
  { ...base, test: { ...base.test, projects: undefined } },
  defineConfig({
    test: {
      include: ['test/unit/**/*.test.ts'],
      exclude: ['test/unit/infra/**', 'test/unit/frontend/**', 'test/unit/tooling/**', 'test/unit/local/**'],
      environment: 'node',
      testTimeout: 30_000,
    },
  }),
);
