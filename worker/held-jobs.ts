import { logger } from '../lambdas/lib/logger';
import { MAX_DELIVERIES, WORKER_ERRORS } from '../shared/schemas/generation-flow';
import { isClaimGone, isTokenGone, type QueuedJob, type WorkerPorts } from './ports';

/** Between two empty short polls of the intake (a few SQS requests a second, only while busy). */
const INTAKE_PAUSE_MS = 250;

function abortableDelay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Deletes a job's message; a failure leaves it to come back, stale, and be dropped then. */
export function dropMessage(ports: WorkerPorts, job: QueuedJob): Promise<void> {
  return ports.deleteJob(job.receiptHandle).catch((err: Error) => logger.warn('could not delete a job message', { error: err }));
}

/**
 * Sets a claim's visibility: `seconds` more, or 0 to hand the job back. Ports from before claims (the GPU proof's
 * harness, ../shared/tools/gpu-proof/harness.ts) have no `extendJob`: their queue keeps no visibility, so there is
 * nothing to set.
 */
export function setClaim(ports: WorkerPorts, job: QueuedJob, seconds: number): Promise<void> {
  return ports.extendJob ? ports.extendJob(job.receiptHandle, seconds) : Promise.resolve();
}

/**
 * A job message just claimed: whether this worker should hold it. Not when its token is gone (the
 * execution was stopped or timed out: a stale message, deleted), nor when SQS has delivered it more
 * than MAX_DELIVERIES times: every worker that held it died or lost its ComfyUI, so this one fails it
 * (WorkerLost) rather than risk a fourth. Any other heartbeat failure is logged and left to the next beats.
 */
export async function admit(ports: WorkerPorts, job: QueuedJob): Promise<boolean> {
  const { taskToken, job: flowJob } = job.message;
  try {
    if (job.deliveries > MAX_DELIVERIES) {
      logger.warn('a job lost its worker too often: failed', { jobId: flowJob.jobId, deliveries: job.deliveries });
      await ports.sendTaskFailure(taskToken, WORKER_ERRORS.lost, `The job lost its GPU worker ${job.deliveries - 1} times.`);
      await dropMessage(ports, job);
      return false;
    }
    await ports.sendTaskHeartbeat(taskToken);
    return true;
  } catch (err) {
    if (isTokenGone(err)) {
      logger.warn('stale job message dropped', { jobId: flowJob.jobId });
      await dropMessage(ports, job);
      return false;
    }
    logger.warn('heartbeat failed', { error: err as Error }); // the next beats try again
    return true;
  }
}

/**
 * Keeps a claim: extends the message's lease and beats its token. Answers 'kept'; 'taken' when the
 * lease was lost (a beat later than the lease: SQS gave the job to another worker, which now runs it);
 * or 'ended' when the token is gone (the execution was stopped or timed out: the job is over). Other
 * failures are logged, and the next beat tries again.
 */
export async function keepClaim(ports: WorkerPorts, job: QueuedJob): Promise<'kept' | 'taken' | 'ended'> {
  const [lease, token] = await Promise.allSettled([
    setClaim(ports, job, job.message.heartbeatSeconds),
    ports.sendTaskHeartbeat(job.message.taskToken),
  ]);
  if (lease.status === 'rejected' && isClaimGone(lease.reason)) return 'taken';
  if (token.status === 'rejected' && isTokenGone(token.reason)) return 'ended';
  for (const outcome of [lease, token])
    if (outcome.status === 'rejected') logger.warn('could not keep a job claimed', { error: outcome.reason as Error });
  return 'kept';
}

/**
 * The jobs a busy worker has claimed into its free slots, in arrival order, until their turn. They
 * are claimed on the queue like the running one (their leases extended with its beats), so a job is
 * never held by a worker that died: its lease lapses and SQS hands it to another.
 */
export class HeldJobs {
  private readonly held: QueuedJob[] = [];

  constructor(
    private readonly ports: WorkerPorts,
    /** Jobs the worker serves at once, the running one included. */
    private readonly jobSlots: number,
    /** The lease of a claim just received (s), until its first extension to the flow's heartbeatSeconds. */
    private readonly leaseSeconds: number,
    /** False once the worker is stopping: it takes nothing new. */
    private readonly running: () => boolean,
  ) {}

  get size(): number {
    return this.held.length;
  }

  /** The oldest held job, taken out for its turn. */
  next(): QueuedJob | undefined {
    return this.held.shift();
  }

  /**
   * While a job runs: claim further jobs into the free slots and hold them. It asks without waiting
   * (a short poll every INTAKE_PAUSE_MS), so when the running job ends the next held one starts at
   * once, and a receive in flight is never cut off (a message taken then lost would stay invisible
   * for its lease).
   */
  async intake(done: AbortSignal): Promise<void> {
    while (!done.aborted && this.running() && this.held.length < this.jobSlots - 1) {
      try {
        const taken = await this.ports.receiveJob(0, undefined, this.leaseSeconds);
        if (!taken) {
          await abortableDelay(INTAKE_PAUSE_MS, done);
          continue;
        }
        if (await admit(this.ports, taken)) this.held.push(taken);
      } catch (err) {
        logger.warn('job intake failed', { error: err as Error });
        return;
      }
    }
  }

  /** Keep every held claim beside the running job's; a job no longer this worker's is let go. */
  beatAll(): void {
    for (const job of [...this.held]) {
      void keepClaim(this.ports, job).then((claim) => {
        const at = this.held.indexOf(job);
        if (claim === 'kept' || at < 0) return;
        this.held.splice(at, 1);
        if (claim === 'ended') void dropMessage(this.ports, job);
      });
    }
  }

  /** Graceful stop: every held job goes back on the queue at once, for another worker to claim. */
  async handBackAll(): Promise<void> {
    await Promise.all(this.held.splice(0).map((job) => setClaim(this.ports, job, 0).catch(() => {})));
  }
}
