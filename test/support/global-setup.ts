import type { TestProject } from 'vitest/node';
import { cloudAssembly } from '../../local/functions/cloud-assembly';
import { startStack } from '../../local/stack';
import { clearIamReport, summarizeIamReport } from './iam-report';

/**
 * One DynamoDB Local + s3rver pair for the whole integration run; each test file provisions its own
 * tables. The synthesized stack the apps run (the built bundles, the template's environment and
 * policies) is made fresh here when its sources changed, once, before any file starts an app.
 */
export default async function setup(project: TestProject) {
  await cloudAssembly({ log: (line) => console.info(`[integration] ${line}`) });
  clearIamReport();
  const stack = await startStack({ dataDir: null, prefix: 'global' });
  project.provide('endpoints', { dynamoEndpoint: stack.dynamoEndpoint, s3Endpoint: stack.s3Endpoint });
  return async () => {
    await stack.stop();
    summarizeIamReport('integration');
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    endpoints: { dynamoEndpoint: string; s3Endpoint: string };
  }
}
