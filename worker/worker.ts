import { randomUUID } from 'node:crypto';
import { logger } from '../lambdas/lib/logger';
import type { WorkerMessage } from '../shared/schemas/generation-flow';
import { ComfyHealth, type WorkerHealth } from './comfy-health';
import { ComfyError } from './comfyui';
import { randomSeed } from './generation-graph';
import { generatingMessage } from './generation-progress';
import { beatTaken, HeldJobs } from './held-jobs';
import { comfyErrorName, type ResolvedOptions, resolveOptions, type WorkerOptions } from './options';
import { nsfwCheck, type PictureCheck } from './picture-check';
import { makePictures } from './pictures';
import { awsPorts, isTokenGone, type WorkerPorts } from './ports';

/**
 * The GPU worker: runs beside ComfyUI on the GPU instance (systemd) and in-process locally.
 * One job runs at a time: take it off the queue, drive ComfyUI over HTTP + websocket, report percent to
 * the job record, hand the PNG over through a staging object and complete the task token.
 * While a job runs it heartbeats the token (so a dead worker is noticed by Step Functions) and,
 * apart from that, watches the job record every `cancelWatchMs` (so a cancel interrupts ComfyUI within
 * about a second, whatever the heartbeat; nothing of a cancelled job is uploaded, and it is reported
 * as JobCancelled, not as a worker error).
 *
 * The worker has `jobSlots` slots (EnsureCapacity dispatches only into a free one): while a job runs,
 * it keeps taking dispatched messages off the queue and holds them, beating their tokens with the
 * running job's. So a task heartbeat measures the worker's own liveness, never time a message spent
 * queued in SQS; a held job's heartbeat lapses only when its worker dies, and then goes back through
 * the capacity check like any lost dispatch. A graceful stop hands held jobs straight back.
 *
 * Its presence beacon (the flow's "a worker is warm") is honest: with `warmUp` the first beacon is
 * sent only after one small generation has loaded the model; before every idle beacon ComfyUI is
 * probed, and a worker whose ComfyUI does not answer neither beacons nor takes jobs; after
 * `unhealthyAfter` failures in a row it calls `onUnhealthy` (the instance marks itself unhealthy
 * and the group replaces it). While busy, the beacon is refreshed beside the heartbeats.
 */
export class GpuWorker {
  readonly workerId: string;
  private readonly opts: ResolvedOptions;
  private running = false;
  private lastBusyBeacon = 0;
  private readonly comfy: ComfyHealth;
  private loop?: Promise<void>;
  private poll?: AbortController;
  private readonly ports: WorkerPorts;
  private readonly imageCheck: PictureCheck;
  /** Jobs taken off the queue while another runs, heartbeated until their turn. */
  private readonly held: HeldJobs;
  /** Jobs finished (for tests and the bench). */
  completed = 0;

  constructor(opts: WorkerOptions) {
    this.workerId = opts.workerId ?? `w-${randomUUID().slice(0, 8)}`;
    this.ports = opts.ports ?? awsPorts;
    this.imageCheck = opts.imageCheck ?? nsfwCheck;
    this.opts = resolveOptions(opts);
    this.held = new HeldJobs(this.ports, this.opts.jobSlots, () => this.running);
    this.comfy = new ComfyHealth({
      comfyUrl: this.opts.comfyUrl,
      warmUpTimeoutMs: this.opts.warmUpTimeoutMs,
      probeTimeoutMs: this.opts.probeTimeoutMs,
      unhealthyAfter: this.opts.unhealthyAfter,
      onUnhealthy: this.opts.onUnhealthy,
      withdraw: () => this.ports.removeWorker(this.workerId).catch(() => {}),
    });
  }

  /** See WorkerHealth; tests and the bench read it. */
  get health(): WorkerHealth {
    return this.comfy.health;
  }
  /** Milliseconds the warm-up generation took, and when it ended (undefined until it ran). */
  get warmUpMs(): number | undefined {
    return this.comfy.warmUpMs;
  }
  get readyAt(): number | undefined {
    return this.comfy.readyAt;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    // The image check's model loads beside the warm-up, not on the first visitor's wait; a failed load
    // is tried again by the first picture (and, failing again, holds it back unchecked).
    void this.imageCheck.prepare?.().catch((err: Error) => logger.error('the image check could not load', { error: err }));
    this.loop = this.run();
  }

  /** Jobs held for their turn (tests and the bench read it). */
  get heldJobs(): number {
    return this.held.size;
  }

  /** Graceful stop: takes nothing new, hands held jobs back to the flow, leaves the running job to its heartbeat. */
  async stop(): Promise<void> {
    this.running = false;
    this.poll?.abort();
    await this.loop?.catch(() => {});
    await this.held.handBackAll();
    await this.ports.removeWorker(this.workerId).catch(() => {});
  }

  private async run(): Promise<void> {
    let idleSince = Date.now();
    let lastBeacon = 0;
    let warm = !this.opts.warmUp;
    while (this.running) {
      try {
        if (!warm) {
          // ComfyUI still starting (connection refused) is not a failure: wait for it, as main.ts does on EC2.
          if (!(await this.comfy.answers())) {
            await this.pause(Math.min(this.opts.beaconMs, 1_000));
            continue;
          }
          warm = await this.comfy.warmUp();
          if (!warm) {
            await this.pause(Math.min(this.opts.beaconMs, 2_000));
            continue;
          }
          idleSince = Date.now();
        }
        if (Date.now() - lastBeacon >= this.opts.beaconMs) {
          // Never advertise a ComfyUI that does not answer, and take no job for it.
          if (!(await this.comfy.probe())) {
            await this.pause(Math.min(this.opts.beaconMs, 2_000));
            continue;
          }
          await this.ports.touchWorker(this.workerId, 'idle');
          lastBeacon = Date.now();
        }
        const next = this.held.next();
        if (next) {
          await this.process(next);
          idleSince = Date.now();
          continue;
        }
        this.poll = new AbortController();
        const job = await this.ports.receiveJob(Math.min(this.opts.pollSeconds, Math.ceil(this.opts.beaconMs / 1000)), this.poll.signal);
        if (!job) {
          if (this.opts.idleShutdownMs > 0 && Date.now() - idleSince > this.opts.idleShutdownMs) {
            await this.opts.onIdle?.();
            idleSince = Date.now();
          }
          continue;
        }
        // Taken: from here the token's heartbeat guards the job, not SQS visibility. The delete runs
        // beside the work (a message it failed to delete comes back stale and is dropped).
        const deleting = this.ports
          .deleteJob(job.receiptHandle)
          .catch((err: Error) => logger.warn('could not delete a job message', { error: err }));
        await this.process(job.message);
        await deleting;
        idleSince = Date.now();
        lastBeacon = 0;
      } catch (err) {
        if (!this.running) break;
        logger.error('worker loop error', { error: err as Error });
        await this.pause(500);
      }
    }
  }

  /** A pause that a stop() cuts short. */
  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.poll = new AbortController();
      this.poll.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private async process(msg: WorkerMessage): Promise<void> {
    const { job, taskToken } = msg;
    const picked = Date.now();
    const pickedAt = new Date(picked).toISOString();
    // The heartbeat clock has run since the message was sent: beat at once. A stale message (its
    // token already gone) leaves the job's record alone: the job is someone else's now.
    if (!(await beatTaken(this.ports, msg))) return;
    const taken = await this.ports.updateJob(job.jobId, {
      status: 'generating',
      percent: 0,
      message: generatingMessage(0),
      pickedAt,
      workerId: this.workerId,
    });
    if (!taken) {
      await this.ports.sendTaskFailure(taskToken, 'JobCancelled', 'The job ended before a worker took it.').catch(() => {});
      return;
    }
    // The presence beacon is not on the visitor's wait: it runs beside ComfyUI's work.
    const busy = this.ports.touchWorker(this.workerId, 'busy').catch((err: Error) => logger.warn('beacon failed', { error: err }));
    this.lastBusyBeacon = Date.now();
    const abort = new AbortController();
    const beat = setInterval(() => void this.beat(taskToken, abort), Math.max(200, (msg.heartbeatSeconds * 1000) / 3));
    const watch = setInterval(() => void this.watchCancel(job.jobId, abort), this.opts.cancelWatchMs);
    const intakeDone = new AbortController();
    const intake = this.held.intake(intakeDone.signal);
    try {
      // A remix ('Make it in another shape') or 'Reuse seed' brings the job's seed; otherwise a new one.
      const jobSeed = job.seed ?? randomSeed();
      const made = await makePictures({
        job,
        jobSeed,
        comfyUrl: this.opts.comfyUrl,
        comfyTimeoutMs: this.opts.comfyTimeoutMs,
        ports: this.ports,
        imageCheck: this.imageCheck,
        cancel: abort.signal,
      });
      const [first] = made.pictures;
      if (!first) throw new ComfyError('execution', 'ComfyUI made no picture.');
      // Every picture is staged (and listed on the record): 'saving' while StoreImage stores them.
      await this.ports.updateJob(job.jobId, { status: 'saving', percent: 97, message: 'Saving your image…' });
      await this.ports.sendTaskSuccess(taskToken, {
        stagingKey: first.stagingKey,
        seed: first.seed,
        width: job.width,
        height: job.height,
        comfyPromptId: made.comfyPromptId,
        imageCheck: first.imageCheck,
        ...(made.pictures.length > 1 ? { pictures: made.pictures } : {}),
        timings: { pickedAt, renderMs: made.renderMs, checkMs: made.checkMs, workerMs: Date.now() - picked },
      });
      this.completed++;
    } catch (err) {
      if (abort.signal.aborted) await this.cancelled(taskToken, job.jobId);
      else await this.fail(taskToken, err);
    } finally {
      clearInterval(beat);
      clearInterval(watch);
      intakeDone.abort();
      await Promise.all([busy, intake]);
    }
  }

  /** The cancel watch: the visitor's DELETE marks the record cancelled (and stops the execution). */
  private async watchCancel(jobId: string, abort: AbortController): Promise<void> {
    if (abort.signal.aborted) return;
    try {
      const job = await this.ports.getJob(jobId);
      if (job?.status === 'cancelled') abort.abort();
    } catch (err) {
      logger.warn('cancel watch failed', { error: err as Error });
    }
  }

  private async beat(taskToken: string, abort: AbortController): Promise<void> {
    // A long job keeps its worker fresh: the flow must not think the fleet went cold and start another.
    if (Date.now() - this.lastBusyBeacon >= this.opts.beaconMs) {
      this.lastBusyBeacon = Date.now();
      void this.ports.touchWorker(this.workerId, 'busy').catch((err: Error) => logger.warn('beacon failed', { error: err }));
    }
    // Held jobs are beaten with the running one: their heartbeat says this worker is alive.
    this.held.beatAll();
    try {
      await this.ports.sendTaskHeartbeat(taskToken);
    } catch (err) {
      // The execution was stopped (cancel) or timed out: stop working on it.
      if (isTokenGone(err)) abort.abort();
      else logger.warn('heartbeat failed', { error: err as Error });
    }
  }

  /** A cancelled job ends as cancelled: its token is usually gone already (the cancel stopped the execution). */
  private async cancelled(taskToken: string, jobId: string): Promise<void> {
    logger.info('job cancelled on the worker', { jobId });
    try {
      await this.ports.sendTaskFailure(taskToken, 'JobCancelled', 'The job was cancelled while it ran.');
    } catch (sendErr) {
      if (!isTokenGone(sendErr)) throw sendErr;
    }
  }

  private async fail(taskToken: string, err: unknown): Promise<void> {
    const error = err instanceof ComfyError ? comfyErrorName(err) : ((err as { code?: string }).code ?? 'WorkerError');
    const cause = (err as Error).message;
    logger.warn('job failed on the worker', { error, cause });
    try {
      await this.ports.sendTaskFailure(taskToken, error, cause);
    } catch (sendErr) {
      if (!isTokenGone(sendErr)) throw sendErr;
    }
  }
}
