import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import { logger } from '../../lib/logger';
import { runCostBackstop } from '../../services/cost-backstop';

// Scheduled (EventBridge, every few minutes; infra/lib/constructs/monitoring.ts): returns an idle
// GPU group to zero even when the worker that should have done it is dead.
export const handler = middy()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async () => {
    const outcome = await runCostBackstop();
    logger.info('cost backstop run', { ...outcome });
    return outcome;
  });
