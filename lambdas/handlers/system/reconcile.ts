import { config } from '../../lib/config';
import { reconcile } from '../../services/reconcile';

/**
 * Scheduled (EventBridge Scheduler, every few minutes; locally a timer and once at start-up): ends
 * jobs whose execution cannot finish them and sweeps staging objects. See lambdas/services/reconcile.ts.
 */
export const handler = async () => reconcile({ changedBefore: new Date(Date.now() - config().RECONCILE_GRACE_SECONDS * 1000) });
