import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { logger } from './logger';
import { publishMetrics } from './metrics';

/** What a step gets when the local Step Functions runner (local/sfn) calls it with its input only. */
const localContext = (): Context => ({
  callbackWaitsForEmptyEventLoop: false,
  functionName: 'local-step',
  functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:local:000000000000:function:local-step',
  memoryLimitInMB: '256',
  awsRequestId: 'local',
  logGroupName: 'local',
  logStreamName: 'local',
  getRemainingTimeInMillis: () => 60_000,
  done: () => {},
  fail: () => {},
  succeed: () => {},
});

/**
 * A Step Functions task Lambda: the logger carries the Lambda context (request id, cold start),
 * metrics are published at the end. Errors propagate: the state machine's Retry/Catch decide.
 */
export function stepHandler<R>(fn: (event: unknown) => Promise<R>): (event: unknown, context?: Context) => Promise<R> {
  const wrapped = middy<unknown, R>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(publishMetrics<unknown, R>())
    .handler(async (event) => fn(event));
  return (event, context) => wrapped(event, context ?? localContext());
}
