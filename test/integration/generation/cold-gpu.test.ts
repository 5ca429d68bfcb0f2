import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getJob } from '../../../lambdas/adapters/jobs-table';
import { generationRuntime } from '../../../local/plugins/generation';
import { type PreviewRenderer, startPreviewRenderer } from '../../../local/preview-renderer/server';
import type { WorkerOptions } from '../../../worker/options';
import type { GpuWorker } from '../../../worker/worker';
import { deliveriesOf, ended, flowAppForSuite, leaseWindows, postJob, waitFor } from './support';

/**
 * The cold GPU, simulated: the preview renderer drops connections while it "starts", spends
 * COLD_LOAD_MS in its first prompt's checkpoint load (several lease windows, through which the worker
 * must keep its claim) and samples the first image slower; workers warm up before they announce
 * themselves. Each case runs the real state machine (synthesized from infra/) and must end in `done`:
 * a cold worker alone never fails a job. The lease windows run on the test's clock (leaseWindows).
 */
const COLD_LOAD_MS = 2500;
const cold = { startupMs: 600, modelLoadMs: COLD_LOAD_MS, firstStepDelayMs: 250 };
/**
 * How long a job may take to end. It ends in seconds on a quiet machine (a wait returns as soon as
 * the job ends); at load 17 on 2 cores jobs sat in `saving` past 30 s while the storing step's own
 * process started, so the bound is what a busy CI machine needs, not what a visitor waits.
 */
const ENDED_WITHIN_MS = 150_000;

describe('generation on a cold GPU', { timeout: ENDED_WITHIN_MS + 60_000 }, () => {
  const app = flowAppForSuite({
    PREVIEW_STEP_DELAY_MS: '50',
    PREVIEW_COLD_START_MS: String(cold.startupMs),
    PREVIEW_COLD_LOAD_MS: String(cold.modelLoadMs),
    PREVIEW_COLD_FIRST_STEP_MS: String(cold.firstStepDelayMs),
    LOCAL_SQS_LEASES: 'windows',
    GEN_HEARTBEAT_SECONDS: '1',
    WORKER_BEACON_MS: '200',
  });
  let windows: ReturnType<typeof leaseWindows> | undefined;
  beforeAll(() => {
    windows = leaseWindows();
  });
  afterAll(async () => {
    await windows?.stop();
  });

  /** The instance reboots: its worker goes away, ComfyUI starts again with the model unloaded, a new worker warms up. */
  async function reboot(options: Partial<WorkerOptions> = {}) {
    const rt = generationRuntime();
    await Promise.all(rt.workers.splice(0).map((w) => w.stop()));
    rt.renderer?.restart();
    return rt.addWorker(options);
  }

  const post = () => postJob(app);

  /** No job was taken by this worker before its warm-up ended. */
  async function pickedOnlyWhenWarm(worker: GpuWorker, jobIds: string[]): Promise<number> {
    let taken = 0;
    for (const id of jobIds) {
      const job = await getJob(id);
      if (job?.workerId !== worker.workerId) continue;
      taken++;
      expect(Date.parse(job.pickedAt ?? '')).toBeGreaterThanOrEqual(worker.readyAt ?? Number.POSITIVE_INFINITY);
    }
    return taken;
  }

  it('serves the first job after a slow boot: the worker loads the model before it announces itself', async () => {
    // The job first, the instance after: the job must be seen waiting for a GPU ('starting') before any worker exists.
    // (Posted after the reboot, a busy machine let the worker finish its warm-up before the flow looked, and the job
    // never waited: the state the test is about was not there to observe.)
    const rt = generationRuntime();
    await Promise.all(rt.workers.splice(0).map((w) => w.stop()));
    rt.renderer?.restart();
    const jobId = await post();
    await waitFor(app, jobId, (s) => s.status === 'starting', ENDED_WITHIN_MS);
    const worker = rt.addWorker();
    const { last } = await waitFor(app, jobId, ended, ENDED_WITHIN_MS);
    expect(last.status).toBe('done');
    expect(worker.warmUpMs).toBeGreaterThanOrEqual(COLD_LOAD_MS);
    expect(worker.completed).toBe(1);
    // It waited on the queue for the worker (no execution polled for one), and was delivered once.
    expect((await deliveriesOf(jobId)).deliveries).toBe(1);
  });

  it('leaves jobs that arrive during the model load on the queue until the worker is warm', async () => {
    const worker = await reboot();
    const jobIds = await Promise.all([post(), post(), post()]);
    const results = await Promise.all(jobIds.map((id) => waitFor(app, id, ended, ENDED_WITHIN_MS)));
    expect(results.map((r) => r.last.status)).toEqual(['done', 'done', 'done']);
    expect(worker.completed).toBe(3);
    expect(await pickedOnlyWhenWarm(worker, jobIds)).toBe(3);
  });

  it('brings a second worker up cold under a burst without giving it a job before its warm-up', async () => {
    const rt = generationRuntime();
    const first = await reboot();
    await vi.waitFor(() => expect(first.health).toBe('ready'), { timeout: 10_000, interval: 50 });
    let second: PreviewRenderer | undefined;
    try {
      second = await startPreviewRenderer({ stepDelayMs: 50, cold });
      const late = rt.addWorker({ comfyUrl: second.url });
      const jobIds = await Promise.all(Array.from({ length: 5 }, () => post()));
      const results = await Promise.all(jobIds.map((id) => waitFor(app, id, ended, ENDED_WITHIN_MS)));
      expect(results.map((r) => r.last.status)).toEqual(Array(5).fill('done'));
      await vi.waitFor(() => expect(late.health).toBe('ready'), { timeout: 10_000, interval: 50 });
      expect(second.modelLoaded).toBe(true);
      expect(first.completed + late.completed).toBe(5);
      expect(await pickedOnlyWhenWarm(late, jobIds)).toBe(late.completed);
    } finally {
      await second?.stop();
    }
  });

  it('finishes a job whose worker was killed mid-job on the replacement, which comes up cold', async () => {
    const rt = generationRuntime();
    const first = await reboot();
    await vi.waitFor(() => expect(first.health).toBe('ready'), { timeout: 10_000, interval: 50 });
    const jobId = await post();
    await waitFor(app, jobId, (s) => s.status === 'generating', 10_000);
    rt.crash(first);
    // The dead worker keeps its claim no more: within two windows its job's lease lapses.
    expect(rt.queues.endWindow() + rt.queues.endWindow()).toBe(1);
    // The group replaces the instance: a new boot, a cold model.
    rt.workers.splice(rt.workers.indexOf(first), 1);
    const replacement = await reboot();
    const { last } = await waitFor(app, jobId, ended, ENDED_WITHIN_MS);
    expect(last.status).toBe('done');
    expect(replacement.completed).toBe(1);
    expect((await deliveriesOf(jobId)).deliveries).toBe(2);
  });

  it('withdraws a worker whose ComfyUI stops answering; its job waits for the replacement instead of failing', async () => {
    const rt = generationRuntime();
    let unhealthy = 0;
    const wedged = await reboot({
      probeTimeoutMs: 200,
      unhealthyAfter: 2,
      onUnhealthy: () => {
        unhealthy++;
      },
    });
    await vi.waitFor(() => expect(wedged.health).toBe('ready'), { timeout: 10_000, interval: 50 });
    if (rt.renderer) rt.renderer.faults.unresponsive = true;
    await vi.waitFor(() => expect(unhealthy).toBe(1), { timeout: 10_000, interval: 50 });
    const jobId = await post();
    await waitFor(app, jobId, (s) => s.status === 'starting', 10_000);
    expect(wedged.completed).toBe(0);
    if (rt.renderer) rt.renderer.faults.unresponsive = false;
    const replacement = await reboot();
    const { last } = await waitFor(app, jobId, ended, ENDED_WITHIN_MS);
    expect(last.status).toBe('done');
    expect(replacement.completed).toBe(1);
  });
});
