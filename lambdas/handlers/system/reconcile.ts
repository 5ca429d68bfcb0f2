import { clock } from '../../lib/clock';
import { config } from '../../lib/config';
import { reconcile } from '../../services/reconcile';

/**
 * Scheduled (EventBridge Scheduler, every few minutes; locally a timer and once at start-up): ends
 * jobs whose execution cannot finish them and sweeps staging objects. See lambdas/services/reconcile.ts.
 */
export const handler = async (event?: { changedBefore?: string }) => reconcile({ changedBefore: reconcileBefore(event?.changedBefore) });

/**
 * Jobs unchanged since before the grace period; an operator's (or the local runtime's start-up) run
 * may name an instant instead, e.g. everything an earlier run left open.
 */
function reconcileBefore(given: string | undefined): Date {
  const at = given ? new Date(given) : undefined;
  return at && !Number.isNaN(at.getTime()) ? at : new Date(clock.now() - config().RECONCILE_GRACE_SECONDS * 1000);
}
