import { logger } from '../lambdas/lib/logger';
import { WORKER_ERRORS, type WorkerMessage } from '../shared/schemas/generation-flow';
import { isTokenGone, type WorkerPorts } from './ports';

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

/**
 * One heartbeat for a job message just taken or held; false when its token is gone (the attempt
 * timed out while the message waited, or the execution was stopped): the message is stale, the
 * job is someone else's now. Any other failure is logged and left to the next beats.
 */
export async function beatTaken(ports: WorkerPorts, msg: WorkerMessage): Promise<boolean> {
  try {
    await ports.sendTaskHeartbeat(msg.taskToken);
    return true;
  } catch (err) {
    if (isTokenGone(err)) {
      logger.warn('stale job message dropped', { jobId: msg.job.jobId });
      return false;
    }
    logger.warn('heartbeat failed', { error: err as Error }); // the next beats try again
    return true;
  }
}

/**
 * The jobs a busy worker has taken off the queue into its free slots, in arrival order, until their
 * turn. They are beaten with the running job's heartbeats, so their heartbeat says this worker is
 * alive rather than how long a message sat in SQS.
 */
export class HeldJobs {
  private readonly held: WorkerMessage[] = [];

  constructor(
    private readonly ports: WorkerPorts,
    /** Jobs the worker serves at once, the running one included. */
    private readonly jobSlots: number,
    /** False once the worker is stopping: it takes nothing new. */
    private readonly running: () => boolean,
  ) {}

  get size(): number {
    return this.held.length;
  }

  /** The oldest held job, taken out for its turn. */
  next(): WorkerMessage | undefined {
    return this.held.shift();
  }

  /**
   * While a job runs: take further dispatched jobs off the queue into the free slots and hold them.
   * Each is beaten at once (a token already gone is a stale message: dropped) and then with the
   * running job's beats. It asks without waiting (a short poll every INTAKE_PAUSE_MS), so when the
   * running job ends the next held one starts at once, and a receive in flight is never cut off
   * (a message taken then lost would stay invisible in SQS).
   */
  async intake(done: AbortSignal): Promise<void> {
    while (!done.aborted && this.running() && this.held.length < this.jobSlots - 1) {
      try {
        const taken = await this.ports.receiveJob(0);
        if (!taken) {
          await abortableDelay(INTAKE_PAUSE_MS, done);
          continue;
        }
        await this.ports
          .deleteJob(taken.receiptHandle)
          .catch((err: Error) => logger.warn('could not delete a job message', { error: err }));
        if (await beatTaken(this.ports, taken.message)) this.held.push(taken.message);
      } catch (err) {
        logger.warn('job intake failed', { error: err as Error });
        return;
      }
    }
  }

  /** Beat every held job beside the running one's beat; a job whose token is gone is dropped. */
  beatAll(): void {
    for (const msg of [...this.held]) {
      void beatTaken(this.ports, msg).then((alive) => {
        const at = this.held.indexOf(msg);
        if (!alive && at >= 0) this.held.splice(at, 1);
      });
    }
  }

  /** Graceful stop: every held job goes back to the flow, whose capacity check finds it another worker now. */
  async handBackAll(): Promise<void> {
    await Promise.all(
      this.held
        .splice(0)
        .map((msg) =>
          this.ports
            .sendTaskFailure(msg.taskToken, WORKER_ERRORS.unreachable, 'The worker stopped before this job’s turn.')
            .catch(() => {}),
        ),
    );
  }
}
