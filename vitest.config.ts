import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { answerSchemas } from './frontend/build/virtual-modules.ts';

/** The frontend's `@shared/…` imports (frontend/vite.config.ts, frontend/tsconfig.json): the unit tests load frontend modules. */
const resolve = { alias: { '@shared': join(import.meta.dirname, 'shared') } };

/** Where each local app of a run leaves its permission checks (test/support/iam-report.ts). */
const IAM_REPORT_DIR = join(import.meta.dirname, 'test-results/iam');

export default defineConfig({
  resolve,
  test: {
    env: {
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      LOG_LEVEL: 'WARN',
      POWERTOOLS_LOG_LEVEL: 'WARN',
      // EMF lines would flood the test output; test/unit/lambdas/telemetry.test.ts turns them on.
      POWERTOOLS_METRICS_DISABLED: 'true',
      // What the stack (or the local runtime) names: unit tests that mock the SDK read these. The
      // handlers have no defaults for them (lambdas/lib/config.ts); integration tests get the local stack's.
      IMAGES_TABLE: 'artloom-images',
      JOBS_TABLE: 'artloom-jobs',
      MESSAGES_TABLE: 'artloom-messages',
      ADS_TABLE: 'artloom-ads',
      COUNTERS_TABLE: 'artloom-counters',
      IDEMPOTENCY_TABLE: 'artloom-idempotency',
      IMAGES_BUCKET: 'artloom-images',
      ATTACHMENTS_BUCKET: 'artloom-attachments',
      GENERATION_STATE_MACHINE_ARN: 'arn:aws:states:us-east-1:123456789012:stateMachine:artloom-generation',
    },
    projects: [
      {
        resolve,
        // The frontend's answer schemas, compiled from shared/ as the build does (src/lib/answer-schemas.ts).
        plugins: [answerSchemas()],
        test: {
          name: 'unit',
          // The CDK tests synthesize whole stacks inside a test: seconds on a quiet 2-core machine, more when it is busy.
          testTimeout: 60_000,
          include: ['test/unit/**/*.test.ts', 'test/unit/**/*.test.tsx'],
          environment: 'node',
          // Unit files first (fast, all cores), then integration (2 workers beside the stand-ins).
          sequence: { groupOrder: 0 },
        },
      },
      {
        resolve,
        test: {
          name: 'integration',
          // Every AWS call of every function is checked against its synthesized role (test/support/iam-report.ts).
          env: { IAM_CHECK: '1', IAM_REPORT_DIR, ARTLOOM_REUSE_CLOUD_ASSEMBLY: '1' },
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          expect: { poll: { timeout: 15_000 } },
          // Two cores: DynamoDB Local and s3rver take one; more workers only add contention.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        resolve,
        test: {
          name: 'e2e',
          globalSetup: ['test/support/e2e-setup.ts'],
          env: { IAM_CHECK: '1', IAM_REPORT_DIR, ARTLOOM_REUSE_CLOUD_ASSEMBLY: '1' },
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // expect.poll waits for what a visitor would wait for (a toast after a round trip); its
          // default of 1 s failed a CI run at load 16 on 2 cores. A poll returns as soon as it holds.
          expect: { poll: { timeout: 15_000 } },
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
