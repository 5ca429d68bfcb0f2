import { RECONCILER_FUNCTION } from '../../infra/lib/lambda-functions';
import type { ReconcileReport } from '../../lambdas/services/reconcile';
import type { LocalPlugin } from './types';

/**
 * The reconciler, locally: once as soon as the API answers (every execution of an earlier run is
 * gone with its process, so each job it left open ends now) and then on a timer, as EventBridge
 * Scheduler runs it in AWS. RECONCILE_INTERVAL_MS sets the period (0 = start-up only).
 */
let lastReport: ReconcileReport | undefined;

/** The latest run's report (tests, the fault script). */
export const lastReconcile = () => lastReport;

export const reconcilerPlugin: LocalPlugin = {
  name: 'reconciler',
  async start(ctx) {
    const startedAt = new Date();
    const interval = Number(process.env.RECONCILE_INTERVAL_MS ?? 10_000);
    let running: Promise<void> | undefined;
    let timer: NodeJS.Timeout | undefined;
    // As EventBridge Scheduler invokes it (the function's own grace period); at start-up with every job of an earlier run.
    const run = (changedBefore?: Date) => {
      running ??= ctx.deployment
        .fn(RECONCILER_FUNCTION.id)
        .invoke(changedBefore ? { changedBefore: changedBefore.toISOString() } : {})
        .then((answer) => {
          const report = answer as ReconcileReport;
          lastReport = report;
          if (report.done.length || report.failed.length || report.stagingRemoved)
            ctx.log(
              `reconciler: ${report.failed.length} job(s) failed, ${report.done.length} finished, ${report.stagingRemoved} staging object(s) removed`,
            );
        })
        .catch((err: Error) => ctx.log(`reconciler: ${err.name}: ${err.message}`))
        .finally(() => {
          running = undefined;
        });
      return running;
    };
    return {
      afterReady: async () => {
        await run(startedAt);
        if (interval > 0) timer = setInterval(() => void run(), interval).unref();
      },
      stop: async () => {
        clearInterval(timer);
        await running;
      },
    };
  },
};
