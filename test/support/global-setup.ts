import type { TestProject } from 'vitest/node';
import { startStack } from '../../local/stack';

/** One DynamoDB Local + s3rver pair for the whole integration run; each test file provisions its own tables. */
export default async function setup(project: TestProject) {
  const stack = await startStack({ dataDir: null, prefix: 'global' });
  project.provide('endpoints', { dynamoEndpoint: stack.dynamoEndpoint, s3Endpoint: stack.s3Endpoint });
  return () => stack.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    endpoints: { dynamoEndpoint: string; s3Endpoint: string };
  }
}
