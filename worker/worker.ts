import { randomUUID } from 'node:crypto';
import { logger } from '../lambdas/lib/logger';
import { MAX_DELIVERIES } from '../shared/schemas/generation-flow';
import { ComfyHealth, type WorkerHealth } from './comfy-health';
import { ComfyError } from './comfyui';
import { randomSeed } from './generation-graph';
import { generatingMessage } from './generation-progress';
import { admit, dropMessage, HeldJobs, keepClaim, setClaim } from './held-jobs';
import { type ResolvedOptions, resolveOptions, type WorkerOptions } from './options';
import { nsfwCheck, type PictureCheck } from './picture-check';
import { makePictures } from './pictures';
import { awsPorts, type QueuedJob, type WorkerPorts } from './ports';
import { previousWorker, reportCancelled, reportFailure } from './reports';

/**
 * The GPU worker: runs beside ComfyUI on the GPU instance (systemd) and in-process locally.
 * One job runs at a time: claim it off the queue, drive ComfyUI over HTTP + websocket, report percent to
 * the job record, hand the PNG over through a staging object and complete the task token.
 * Workers claim jobs (infra/lib/state-machine.ts): a claim is the job message's SQS visibility, which
 * the worker extends every third of the flow's heartbeatSeconds while it holds the job (beating the
 * task token beside it, which says whether the execution still wants the job) and deletes when the job
 * ended. A worker that dies stops extending it, and SQS hands the job to the next worker with a free
 * slot; the worker that receives a job for the (MAX_DELIVERIES + 1)th time fails it (WorkerLost).
 * Apart from that, the running job's record is watched every `cancelWatchMs` (so a cancel interrupts
 * ComfyUI within about a second, whatever the heartbeat; nothing of a cancelled job is uploaded, and it
 * is reported as JobCancelled, not as a worker error).
 *
 * The worker has `jobSlots` slots and claims a job only into a free one: while a job runs, it keeps
 * claiming jobs off the queue into its other slots and holds them, their claims kept with the running
 * job's. A graceful stop hands held jobs straight back to the queue; a ComfyUI that stops answering
 * mid-job hands that job back too, with the jobs it holds, and the worker probes it before it claims another.
 *
 * Its presence beacon (EnsureCapacity's "a worker is warm") is honest: with `warmUp` the first beacon is
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
  /** Jobs claimed while another runs, their claims kept until their turn. */
  private readonly held: HeldJobs;
  /** Jobs finished (for tests and the bench). */
  completed = 0;

  constructor(opts: WorkerOptions) {
    this.workerId = opts.workerId ?? `w-${randomUUID().slice(0, 8)}`;
    this.ports = opts.ports ?? awsPorts;
    this.imageCheck = opts.imageCheck ?? nsfwCheck;
    this.opts = resolveOptions(opts);
    this.held = new HeldJobs(this.ports, this.opts.jobSlots, this.opts.leaseSeconds, () => this.running);
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

  /** Graceful stop: claims nothing new, hands held jobs back to the queue, finishes the running job. */
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
          if ((await this.process(next)) === 'handed-back') lastBeacon = 0;
          idleSince = Date.now();
          continue;
        }
        this.poll = new AbortController();
        const wait = Math.min(this.opts.pollSeconds, Math.ceil(this.opts.beaconMs / 1000));
        const job = await this.ports.receiveJob(wait, this.poll.signal, this.opts.leaseSeconds);
        if (!job) {
          if (this.opts.idleShutdownMs > 0 && Date.now() - idleSince > this.opts.idleShutdownMs) {
            await this.opts.onIdle?.();
            idleSince = Date.now();
          }
          continue;
        }
        // Claimed: the message stays ours while we extend it (process), and goes when the job ends.
        if (await admit(this.ports, job)) await this.process(job);
        idleSince = Date.now();
        // After a job handed back (its ComfyUI stopped answering), and after any job: probe before the next claim.
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

  /**
   * Runs one claimed job to its end. Answers 'handed-back' when ComfyUI stopped answering and the job went
   * back on the queue for another worker (unless this was its last allowed delivery: then it fails).
   */
  private async process(claimed: QueuedJob): Promise<'ended' | 'handed-back' | 'lost'> {
    const { job, taskToken } = claimed.message;
    // A job delivered again lost its worker: that worker's beacon may look fresh for a minute more, but it is not
    // capacity (EnsureCapacity would count it and ask the fleet for nothing). Forget it, beside the work.
    const previous = claimed.deliveries > 1 ? await previousWorker(this.ports, job.jobId, this.workerId) : undefined;
    const forgetting = previous ? this.ports.removeWorker(previous).catch(() => {}) : Promise.resolve();
    const picked = Date.now();
    const pickedAt = new Date(picked).toISOString();
    const taken = await this.ports.updateJob(job.jobId, {
      status: 'generating',
      percent: 0,
      message: generatingMessage(0),
      pickedAt,
      workerId: this.workerId,
    });
    if (!taken) {
      await this.ports.sendTaskFailure(taskToken, 'JobCancelled', 'The job ended before a worker took it.').catch(() => {});
      await dropMessage(this.ports, claimed);
      return 'ended';
    }
    // The presence beacon is not on the visitor's wait: it runs beside ComfyUI's work.
    const busy = this.ports.touchWorker(this.workerId, 'busy').catch((err: Error) => logger.warn('beacon failed', { error: err }));
    this.lastBusyBeacon = Date.now();
    const abort = new AbortController();
    let lost = false;
    const onLost = (claim: 'taken' | 'ended') => {
      lost = claim === 'taken';
      abort.abort();
    };
    const beat = setInterval(() => void this.beat(claimed, abort, onLost), Math.max(200, (claimed.message.heartbeatSeconds * 1000) / 3));
    const watch = setInterval(() => void this.watchCancel(job.jobId, pickedAt, abort, onLost), this.opts.cancelWatchMs);
    const intakeDone = new AbortController();
    const intake = this.held.intake(intakeDone.signal);
    let outcome: 'ended' | 'handed-back' | 'lost' = 'ended';
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
      if (lost) {
        // Another worker has the job now (or the execution is over): nothing to report, nothing to delete.
        logger.warn('a job’s claim was lost while it ran', { jobId: job.jobId });
        outcome = 'lost';
      } else if (abort.signal.aborted) await reportCancelled(this.ports, taskToken, job.jobId);
      else if (err instanceof ComfyError && err.kind === 'unreachable' && claimed.deliveries < MAX_DELIVERIES) {
        // This worker's ComfyUI went away, not the job's fault: back on the queue for another worker, and the
        // visitor sees it waiting again instead of a frozen percentage.
        logger.warn('ComfyUI unreachable: the job goes back on the queue', { jobId: job.jobId });
        await this.ports
          .updateJob(job.jobId, { status: 'queued', percent: 0, message: 'Queued…' }, { onlyFrom: ['generating', 'saving'] })
          .catch(() => false);
        await setClaim(this.ports, claimed, 0).catch(() => {});
        outcome = 'handed-back';
      } else await reportFailure(this.ports, taskToken, err);
    } finally {
      clearInterval(beat);
      clearInterval(watch);
      intakeDone.abort();
      await Promise.all([busy, intake]);
    }
    if (outcome === 'ended') await dropMessage(this.ports, claimed);
    // The jobs held for their turn would meet the same lost ComfyUI, each spending a delivery: back with this one.
    else if (outcome === 'handed-back') await this.held.handBackAll();
    await forgetting;
    return outcome;
  }

  /**
   * The cancel watch: the visitor's DELETE marks the record cancelled (and stops the execution); another worker's
   * later claim there means this one's was lost.
   */
  private async watchCancel(jobId: string, pickedAt: string, abort: AbortController, onLost: (claim: 'taken') => void): Promise<void> {
    if (abort.signal.aborted) return;
    try {
      const job = await this.ports.getJob(jobId);
      if (job?.status === 'cancelled') abort.abort();
      // Another worker claimed the job after this one did (this one's lease lapsed): it runs it now, whatever SQS
      // said to our extensions. A write of an earlier holder landing late (older pickedAt) does not count.
      else if (job?.workerId && job.workerId !== this.workerId && (job.pickedAt ?? '') > pickedAt) onLost('taken');
    } catch (err) {
      logger.warn('cancel watch failed', { error: err as Error });
    }
  }

  private async beat(claimed: QueuedJob, abort: AbortController, onLost: (claim: 'taken' | 'ended') => void): Promise<void> {
    // A long job keeps its worker fresh: EnsureCapacity must not think the fleet went cold and start another.
    if (Date.now() - this.lastBusyBeacon >= this.opts.beaconMs) {
      this.lastBusyBeacon = Date.now();
      void this.ports.touchWorker(this.workerId, 'busy').catch((err: Error) => logger.warn('beacon failed', { error: err }));
    }
    // Held jobs' claims are kept with the running one's.
    this.held.beatAll();
    // The claim lost (another worker has the job) or the execution over (cancel, timeout): stop working on it.
    const claim = await keepClaim(this.ports, claimed);
    if (claim !== 'kept' && !abort.signal.aborted) onLost(claim);
  }
}
