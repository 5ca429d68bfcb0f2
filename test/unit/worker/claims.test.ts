import { afterEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.LOG_LEVEL = 'SILENT';
});

import type { QueuedJob } from '../../../lambdas/adapters/job-queue';
import type { JobItem } from '../../../lambdas/adapters/jobs-table';
import { type PreviewRenderer, startPreviewRenderer } from '../../../local/preview-renderer/server';
import { MAX_DELIVERIES, type WorkerMessage } from '../../../shared/schemas/generation-flow';
import type { WorkerPorts } from '../../../worker/ports';
import { GpuWorker } from '../../../worker/worker';

/**
 * Workers claim jobs (issue 31): a claim is the job message's SQS visibility. The worker keeps it while
 * it holds the job, deletes the message when the job ended, hands a job back when its ComfyUI goes away,
 * fails a job delivered more than MAX_DELIVERIES times, and stops quietly when another worker has the job.
 * Integration twins (the real state machine and queue): held-jobs.test.ts, faults.test.ts, cold-gpu.test.ts.
 */
const message = (jobId: string, heartbeatSeconds = 1): WorkerMessage => ({
  taskToken: `token-${jobId}`,
  heartbeatSeconds,
  job: { jobId, userId: 'u-1', prompt: 'A lighthouse at dawn', aspectRatio: '1:1', width: 256, height: 256 },
});

/** One job on a fake queue, and every call the worker makes about it. */
function fakePorts(
  jobs: QueuedJob | QueuedJob[],
  record: () => Partial<JobItem> = () => ({ status: 'generating' }),
  tokenGone = () => false,
) {
  const queued = [jobs].flat();
  const calls = {
    deleted: [] as string[],
    extended: [] as { receipt: string; seconds: number }[],
    failures: [] as { error: string }[],
    successes: 0,
    percent: 0,
    removed: [] as string[],
    statuses: [] as string[],
  };
  const ports = {
    receiveJob: async (_wait: number, _signal: AbortSignal | undefined, lease: number) => {
      const next = queued.shift();
      if (next) {
        calls.extended.push({ receipt: next.receiptHandle, seconds: lease });
        return next;
      }
      await new Promise((resolve) => setTimeout(resolve, 30));
      return undefined;
    },
    deleteJob: async (receipt: string) => {
      calls.deleted.push(receipt);
    },
    extendJob: async (receipt: string, seconds: number) => {
      calls.extended.push({ receipt, seconds });
    },
    putStaging: async (jobId: string) => `staging/${jobId}.png`,
    getJob: async () => record() as JobItem,
    updateJob: async (_id: string, patch: { percent?: number; status?: string }) => {
      if (typeof patch.percent === 'number') calls.percent = patch.percent;
      if (patch.status) calls.statuses.push(patch.status);
      return true;
    },
    touchWorker: async () => {},
    removeWorker: async (workerId: string) => {
      calls.removed.push(workerId);
    },
    sendTaskHeartbeat: async () => {
      if (tokenGone()) throw Object.assign(new Error('Task Timed Out'), { name: 'TaskTimedOut' });
    },
    sendTaskSuccess: async () => {
      calls.successes++;
    },
    sendTaskFailure: async (_token: string, error: string) => {
      calls.failures.push({ error });
    },
  } as unknown as WorkerPorts;
  return { ports, calls };
}

describe('a worker’s claim on a job', () => {
  let renderer: PreviewRenderer | undefined;
  let worker: GpuWorker | undefined;
  afterEach(async () => {
    await worker?.stop();
    await renderer?.stop();
    worker = undefined;
    renderer = undefined;
  });
  async function startWith(
    job: QueuedJob | QueuedJob[],
    record?: () => Partial<JobItem>,
    stepDelayMs = 20,
    tokenGone?: () => boolean,
    faults: Partial<PreviewRenderer['faults']> = {},
    jobSlots = 1,
  ) {
    renderer = await startPreviewRenderer({ stepDelayMs });
    Object.assign(renderer.faults, faults);
    const fake = fakePorts(job, record, tokenGone);
    worker = new GpuWorker({ comfyUrl: renderer.url, ports: fake.ports, beaconMs: 60_000, pollSeconds: 1, leaseSeconds: 7, jobSlots });
    worker.start();
    return fake;
  }

  it('claims with its lease, keeps the claim while it works and deletes the message once the job succeeded', async () => {
    // 4 steps of 250 ms: the job outlasts a third of its 1 s heartbeat, so the claim is extended while it runs.
    const { calls } = await startWith({ receiptHandle: 'r-1', message: message('job-1'), deliveries: 1 }, undefined, 250);
    await vi.waitFor(() => expect(calls.deleted).toEqual(['r-1']), { timeout: 10_000, interval: 20 });
    expect(calls.successes).toBe(1);
    expect(calls.failures).toEqual([]);
    // Received with the worker's lease (7 s); every extension is the flow's heartbeatSeconds (1 s).
    expect(calls.extended[0]).toEqual({ receipt: 'r-1', seconds: 7 });
    expect(calls.extended.length).toBeGreaterThan(1);
    expect(calls.extended.slice(1).every((e) => e.receipt === 'r-1' && e.seconds === 1)).toBe(true);
  });

  it(`fails a job delivered more than ${MAX_DELIVERIES} times (WorkerLost) without running it`, async () => {
    const { calls } = await startWith({ receiptHandle: 'r-2', message: message('job-2'), deliveries: MAX_DELIVERIES + 1 });
    await vi.waitFor(() => expect(calls.failures).toEqual([{ error: 'WorkerLost' }]), { timeout: 10_000, interval: 20 });
    await vi.waitFor(() => expect(calls.deleted).toEqual(['r-2']), { timeout: 2_000, interval: 20 });
    expect(calls.percent).toBe(0);
    expect(calls.successes).toBe(0);
  });

  it('runs a job delivered for the last allowed time, and withdraws the beacon of the worker that lost it', async () => {
    const { calls } = await startWith({ receiptHandle: 'r-3', message: message('job-3'), deliveries: MAX_DELIVERIES }, () => ({
      status: 'generating',
      workerId: 'w-dead',
    }));
    await vi.waitFor(() => expect(calls.successes).toBe(1), { timeout: 10_000, interval: 20 });
    expect(calls.failures).toEqual([]);
    // The dead worker's beacon would look fresh for a minute: EnsureCapacity must not count it as capacity.
    expect(calls.removed).toContain('w-dead');
  });

  it('runs with ports from before claims, as the GPU proof’s harness has them (no extendJob, no delivery count)', async () => {
    renderer = await startPreviewRenderer({ stepDelayMs: 250 });
    const legacy = fakePorts({ receiptHandle: 'r-8', message: message('job-8') } as QueuedJob);
    const { extendJob: _none, ...ports } = legacy.ports;
    worker = new GpuWorker({ comfyUrl: renderer.url, ports: ports as WorkerPorts, beaconMs: 60_000, pollSeconds: 1 });
    worker.start();
    await vi.waitFor(() => expect(legacy.calls.successes).toBe(1), { timeout: 10_000, interval: 20 });
    expect(legacy.calls.failures).toEqual([]);
    await vi.waitFor(() => expect(legacy.calls.deleted).toEqual(['r-8']), { timeout: 2_000, interval: 20 });
  });

  it('stops a job whose execution is over (its token gone mid-job) as a cancel: interrupts, uploads nothing, deletes the message', async () => {
    let gone = false;
    const { calls } = await startWith({ receiptHandle: 'r-9', message: message('job-9'), deliveries: 1 }, undefined, 20, () => gone);
    if (renderer) renderer.faults.hang = true;
    await vi.waitFor(() => expect(calls.percent).toBeGreaterThan(0), { timeout: 10_000, interval: 20 });
    gone = true;
    // The next beat (a third of the 1 s heartbeat) finds the token gone.
    await vi.waitFor(() => expect(calls.deleted).toEqual(['r-9']), { timeout: 5_000, interval: 20 });
    expect(calls.failures).toEqual([{ error: 'JobCancelled' }]);
    expect(calls.successes).toBe(0);
  });

  it('withdraws no beacon for a job on its first delivery', async () => {
    const { calls } = await startWith({ receiptHandle: 'r-7', message: message('job-7'), deliveries: 1 }, () => ({
      status: 'generating',
      workerId: 'w-dead',
    }));
    await vi.waitFor(() => expect(calls.successes).toBe(1), { timeout: 10_000, interval: 20 });
    expect(calls.removed).not.toContain('w-dead');
  });

  it('hands the job back to the queue (visibility 0) when its ComfyUI goes away mid-job: no failure, no delete', async () => {
    const { calls } = await startWith({ receiptHandle: 'r-4', message: message('job-4', 30), deliveries: 1 });
    if (renderer) renderer.faults.hang = true;
    await vi.waitFor(() => expect(calls.percent).toBeGreaterThan(0), { timeout: 10_000, interval: 20 });
    await renderer?.stop();
    renderer = undefined;
    await vi.waitFor(() => expect(calls.extended).toContainEqual({ receipt: 'r-4', seconds: 0 }), { timeout: 10_000, interval: 20 });
    expect(calls.failures).toEqual([]);
    // The visitor sees the job waiting again, not a frozen percentage.
    expect(calls.statuses.at(-1)).toBe('queued');
    expect(calls.deleted).toEqual([]);
  });

  it('hands the jobs it holds back with it when its ComfyUI goes away: none spends a delivery on the lost ComfyUI', async () => {
    const jobs = ['a', 'b', 'c'].map((id) => ({ receiptHandle: `r-${id}`, message: message(`job-${id}`, 30), deliveries: 1 }));
    const { calls } = await startWith(jobs, undefined, 20, undefined, { hang: true }, 3);
    await vi.waitFor(() => expect(worker?.heldJobs).toBe(2), { timeout: 10_000, interval: 20 });
    await renderer?.stop();
    renderer = undefined;
    for (const id of ['a', 'b', 'c']) {
      await vi.waitFor(() => expect(calls.extended).toContainEqual({ receipt: `r-${id}`, seconds: 0 }), { timeout: 10_000, interval: 20 });
    }
    expect(worker?.heldJobs).toBe(0);
    // Only the running job was ever taken (and set queued again); the held two never reached the lost ComfyUI.
    expect(calls.statuses.filter((status) => status === 'generating')).toHaveLength(1);
    expect(calls.failures).toEqual([]);
    expect(calls.deleted).toEqual([]);
  });

  it('fails the job with ComfyUnreachable instead when it was the last allowed delivery', async () => {
    const { calls } = await startWith({ receiptHandle: 'r-5', message: message('job-5', 30), deliveries: MAX_DELIVERIES });
    if (renderer) renderer.faults.hang = true;
    await vi.waitFor(() => expect(calls.percent).toBeGreaterThan(0), { timeout: 10_000, interval: 20 });
    await renderer?.stop();
    renderer = undefined;
    await vi.waitFor(() => expect(calls.failures).toEqual([{ error: 'ComfyUnreachable' }]), { timeout: 10_000, interval: 20 });
    expect(calls.extended).not.toContainEqual({ receipt: 'r-5', seconds: 0 });
    await vi.waitFor(() => expect(calls.deleted).toEqual(['r-5']), { timeout: 2_000, interval: 20 });
  });

  it('fails a job ComfyUI rejects (not a lost ComfyUI): reported, deleted, never handed back', async () => {
    const { calls } = await startWith({ receiptHandle: 'r-10', message: message('job-10'), deliveries: 1 }, undefined, 20, undefined, {
      checkpoints: [],
    });
    await vi.waitFor(() => expect(calls.failures).toEqual([{ error: 'ComfyRejected' }]), { timeout: 10_000, interval: 20 });
    await vi.waitFor(() => expect(calls.deleted).toEqual(['r-10']), { timeout: 2_000, interval: 20 });
    expect(calls.extended).not.toContainEqual({ receipt: 'r-10', seconds: 0 });
    expect(calls.statuses).not.toContain('queued');
  });

  it('stops quietly when another worker has claimed the job: reports nothing, deletes nothing', async () => {
    let owner: Partial<JobItem> = {};
    const { calls } = await startWith({ receiptHandle: 'r-6', message: message('job-6', 30), deliveries: 1 }, () => ({
      status: 'generating',
      ...owner,
    }));
    const history = async () =>
      Object.values((await (await fetch(`${renderer?.url}/history`)).json()) as Record<string, { status: { status_str: string } }>);
    if (renderer) renderer.faults.hang = true;
    await vi.waitFor(() => expect(calls.percent).toBeGreaterThan(0), { timeout: 10_000, interval: 20 });
    // A late write of an earlier holder (an older pickedAt) is not a new claim: the work goes on.
    owner = { workerId: 'w-earlier', pickedAt: '2020-01-01T00:00:00.000Z' };
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect((await history()).map((h) => h.status.status_str)).toEqual([]);
    owner = { workerId: 'w-another', pickedAt: '2999-01-01T00:00:00.000Z' };
    // The cancel watch (every 500 ms) reads the record: another worker's later claim there ends this one's work, and
    // the worker interrupts its ComfyUI (the hung render ends as an error in its history).
    await vi.waitFor(async () => expect((await history()).map((h) => h.status.status_str)).toEqual(['error']), {
      timeout: 5_000,
      interval: 50,
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(calls.failures).toEqual([]);
    expect(calls.successes).toBe(0);
    expect(calls.deleted).toEqual([]);
  });
});
