import { logger } from '../lambdas/lib/logger';
import { ComfyError } from './comfyui';
import { comfyErrorName } from './options';
import { isTokenGone, type WorkerPorts } from './ports';

/**
 * What the worker tells the flow and the fleet about a job outside its happy path (worker/worker.ts):
 * a cancel, a failure, and the worker that lost a job before this one took it.
 */

/** A cancelled job ends as cancelled: its token is usually gone already (the cancel stopped the execution). */
export async function reportCancelled(ports: WorkerPorts, taskToken: string, jobId: string): Promise<void> {
  logger.info('job cancelled on the worker', { jobId });
  try {
    await ports.sendTaskFailure(taskToken, 'JobCancelled', 'The job was cancelled while it ran.');
  } catch (sendErr) {
    if (!isTokenGone(sendErr)) throw sendErr;
  }
}

/** A failed job: ComfyUI's error by its kind, an upload's by its code, anything else WorkerError. */
export async function reportFailure(ports: WorkerPorts, taskToken: string, err: unknown): Promise<void> {
  const error = err instanceof ComfyError ? comfyErrorName(err) : ((err as { code?: string }).code ?? 'WorkerError');
  const cause = (err as Error).message;
  logger.warn('job failed on the worker', { error, cause });
  try {
    await ports.sendTaskFailure(taskToken, error, cause);
  } catch (sendErr) {
    if (!isTokenGone(sendErr)) throw sendErr;
  }
}

/** The worker that held a job before this one: its id on the record, read before this one writes its own. */
export async function previousWorker(ports: WorkerPorts, jobId: string, selfId: string): Promise<string | undefined> {
  try {
    const before = await ports.getJob(jobId);
    if (!before?.workerId || before.workerId === selfId) return undefined;
    logger.warn('the job’s previous worker went silent: its beacon is withdrawn', { jobId, workerId: before.workerId });
    return before.workerId;
  } catch (err) {
    logger.warn('could not read the job’s previous worker', { error: err as Error });
    return undefined;
  }
}
