import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.LOG_LEVEL = 'SILENT';
});

import type { JobItem, JobUpdate } from '../../../lambdas/adapters/jobs-table';
import { type PreviewRenderer, startPreviewRenderer } from '../../../local/preview-renderer/server';
import type { StagedPicture, WorkerMessage, WorkerResult } from '../../../shared/schemas/generation-flow';
import type { WorkerPorts } from '../../../worker/ports';
import { GpuWorker } from '../../../worker/worker';

type Queue = { queue_running: unknown[]; queue_pending: unknown[] };
type History = Record<string, { prompt: [number, string, Record<string, { inputs: { seed?: number } }>]; status: { status_str: string } }>;

/**
 * Variants (issue 32 item 1) on the worker, against the preview renderer (which queues prompts as ComfyUI does):
 * a job of `count` pictures goes to ComfyUI as `count` prompts submitted together, each picture is checked and
 * staged as soon as it is done and listed on the job record before the next, and a cancel stops them all.
 */
describe('GpuWorker with a job of several pictures', () => {
  let renderer: PreviewRenderer;
  beforeAll(async () => {
    renderer = await startPreviewRenderer({ stepDelayMs: 40 });
  });
  afterAll(async () => renderer?.stop());

  const queue = async () => (await (await fetch(`${renderer.url}/queue`)).json()) as Queue;
  const history = async () => (await (await fetch(`${renderer.url}/history`)).json()) as History;

  function fakePorts(message: WorkerMessage) {
    let queued: WorkerMessage | undefined = message;
    const state = {
      status: 'generating' as JobItem['status'],
      staged: [] as string[],
      /** The ComfyUI queue (running + pending) when each picture was staged. */
      queueAtStaging: [] as number[],
      pictureLists: [] as StagedPicture[][],
      percents: [] as number[],
      success: undefined as WorkerResult | undefined,
      failures: [] as string[],
    };
    const ports = {
      receiveJob: async () => {
        const next = queued;
        queued = undefined;
        if (next) return { receiptHandle: 'r', message: next, deliveries: 1 };
        await new Promise((resolve) => setTimeout(resolve, 50));
        return undefined;
      },
      deleteJob: async () => {},
      extendJob: async () => {},
      putStaging: async (name: string) => {
        const q = await queue();
        state.queueAtStaging.push(q.queue_running.length + q.queue_pending.length);
        state.staged.push(name);
        return `staging/${name}.png`;
      },
      getJob: async () => ({ status: state.status }) as JobItem,
      updateJob: async (_id: string, patch: JobUpdate) => {
        if (state.status === 'cancelled') return false;
        if (patch.pictures) state.pictureLists.push(patch.pictures);
        if (typeof patch.percent === 'number') state.percents.push(patch.percent);
        return true;
      },
      touchWorker: async () => {},
      removeWorker: async () => {},
      sendTaskHeartbeat: async () => {},
      sendTaskSuccess: async (_token: string, result: WorkerResult) => {
        state.success = result;
      },
      sendTaskFailure: async (_token: string, error: string) => {
        state.failures.push(error);
      },
    } as unknown as WorkerPorts;
    return { ports, state };
  }

  const job = (jobId: string, extra: Partial<WorkerMessage['job']>): WorkerMessage => ({
    taskToken: `token-${jobId}`,
    heartbeatSeconds: 30,
    job: { jobId, userId: 'u', prompt: 'A lighthouse at dawn', aspectRatio: '1:1', width: 256, height: 256, ...extra },
  });

  it('count 4: four prompts queued together, each staged and listed as it finishes, seeds s..s+3', async () => {
    const before = new Set(Object.keys(await history()));
    const { ports, state } = fakePorts(job('job-v', { count: 4, seed: 100 }));
    const worker = new GpuWorker({ comfyUrl: renderer.url, ports, beaconMs: 60_000, pollSeconds: 1 });
    worker.start();
    try {
      await vi.waitFor(() => expect(state.success).toBeDefined(), { timeout: 30_000, interval: 20 });
    } finally {
      await worker.stop();
    }
    expect(state.failures).toEqual([]);
    // One prompt each, submitted together: when the first picture was staged, the other three were already queued.
    const fresh = Object.entries(await history()).filter(([id]) => !before.has(id));
    expect(fresh).toHaveLength(4);
    expect(fresh.map(([, h]) => h.status.status_str)).toEqual(['success', 'success', 'success', 'success']);
    expect(fresh.map(([, h]) => Object.values(h.prompt[2]).find((n) => n.inputs.seed !== undefined)?.inputs.seed).sort()).toEqual([
      100, 101, 102, 103,
    ]);
    expect(state.queueAtStaging[0]).toBeGreaterThanOrEqual(2);
    // Staged one by one under the job's names, and the record lists them as they come: 1, 2, 3, 4.
    expect([...state.staged].sort()).toEqual(['job-v', 'job-v.1', 'job-v.2', 'job-v.3']);
    expect(state.pictureLists.map((l) => l.length)).toEqual([1, 2, 3, 4]);
    expect(state.pictureLists[3]?.map((p) => p.index)).toEqual([0, 1, 2, 3]);
    // Percent across the whole job: never backwards, and the first picture alone is not 'almost done'.
    expect(state.percents).toEqual([...state.percents].sort((a, b) => a - b));
    expect(state.percents.filter((p) => p < 50).length).toBeGreaterThan(0);
    // The result carries every picture with its own seed; picture 0's fields stay where older steps read them.
    expect(state.success?.pictures?.map((p) => [p.index, p.seed, p.stagingKey])).toEqual([
      [0, 100, 'staging/job-v.png'],
      [1, 101, 'staging/job-v.1.png'],
      [2, 102, 'staging/job-v.2.png'],
      [3, 103, 'staging/job-v.3.png'],
    ]);
    expect(state.success).toMatchObject({ stagingKey: 'staging/job-v.png', seed: 100 });
  });

  it('without a seed: one drawn seed, picture i gets it plus i; count 1 sends the result as before variants', async () => {
    const { ports, state } = fakePorts(job('job-d', { count: 2 }));
    const worker = new GpuWorker({ comfyUrl: renderer.url, ports, beaconMs: 60_000, pollSeconds: 1 });
    worker.start();
    try {
      await vi.waitFor(() => expect(state.success).toBeDefined(), { timeout: 30_000, interval: 20 });
    } finally {
      await worker.stop();
    }
    const [a, b] = state.success?.pictures ?? [];
    expect(b?.seed).toBe((a?.seed ?? -2) + 1);

    const single = fakePorts(job('job-1', {}));
    const one = new GpuWorker({ comfyUrl: renderer.url, ports: single.ports, beaconMs: 60_000, pollSeconds: 1 });
    one.start();
    try {
      await vi.waitFor(() => expect(single.state.success).toBeDefined(), { timeout: 30_000, interval: 20 });
    } finally {
      await one.stop();
    }
    expect(single.state.success?.pictures).toBeUndefined();
    expect(single.state.staged).toEqual(['job-1']);
  });

  it('a cancel after the first picture stops all: the running one interrupted, the queued ones deleted, nothing more staged', async () => {
    const before = new Set(Object.keys(await history()));
    const { ports, state } = fakePorts(job('job-x', { count: 4, seed: 7 }));
    const worker = new GpuWorker({ comfyUrl: renderer.url, ports, beaconMs: 60_000, pollSeconds: 1, cancelWatchMs: 50 });
    worker.start();
    try {
      await vi.waitFor(() => expect(state.staged.length).toBeGreaterThanOrEqual(1), { timeout: 30_000, interval: 10 });
      // The second picture holds after its first step until ComfyUI interrupts it.
      renderer.faults.hang = true;
      state.status = 'cancelled';
      await vi.waitFor(() => expect(state.failures).toEqual(['JobCancelled']), { timeout: 10_000, interval: 20 });
      await vi.waitFor(async () => expect(await queue()).toEqual({ queue_running: [], queue_pending: [] }), {
        timeout: 5_000,
        interval: 20,
      });
    } finally {
      renderer.faults.hang = false;
      await worker.stop();
    }
    expect(state.success).toBeUndefined();
    const made = Object.entries(await history()).filter(([id]) => !before.has(id));
    // Fewer than four prompts ever ran: the queued ones were deleted before their turn.
    expect(made.length).toBeLessThan(4);
    expect(made.filter(([, h]) => h.status.status_str === 'success').length).toBe(state.staged.length);
    expect(state.staged.length).toBeLessThan(4);
  });
});
