import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.LOG_LEVEL = 'SILENT';
});

import type { JobItem } from '../../../lambdas/adapters/jobs-table';
import { type PreviewRenderer, startPreviewRenderer } from '../../../local/preview-renderer/server';
import type { WorkerMessage } from '../../../shared/schemas/generation-flow';
import type { WorkerPorts } from '../../../worker/ports';
import { GpuWorker } from '../../../worker/worker';

/**
 * Issue 31 item 4: a cancel reaches ComfyUI within a second whatever the heartbeat. The worker used to read the job
 * record only in its heartbeat (every third of GEN_HEARTBEAT_SECONDS: 10 s by default) while a picture takes 1–2 s,
 * so the cancelled picture was rendered, uploaded and reported as a WorkerError.
 */
describe('the worker watches its job for a cancel apart from the heartbeat', () => {
  let renderer: PreviewRenderer;
  beforeAll(async () => {
    renderer = await startPreviewRenderer({ stepDelayMs: 20 });
  });
  afterAll(async () => renderer?.stop());

  it('interrupts ComfyUI within a second of the cancel, uploads nothing and reports JobCancelled', async () => {
    const message: WorkerMessage = {
      taskToken: 'token-c',
      // The default heartbeat: the worker beats every 10 s, far longer than this test waits.
      heartbeatSeconds: 30,
      job: { jobId: 'job-c', userId: 'u-c', prompt: 'A lighthouse at dawn', aspectRatio: '1:1', width: 256, height: 256 },
    };
    let queued: WorkerMessage | undefined = message;
    let status: JobItem['status'] = 'generating';
    let percent = 0;
    const staged: string[] = [];
    const failures: { error: string; at: number }[] = [];
    const heartbeats: number[] = [];
    const ports = {
      receiveJob: async () => {
        const next = queued;
        queued = undefined;
        if (next) return { receiptHandle: 'r-c', message: next, deliveries: 1 };
        await new Promise((resolve) => setTimeout(resolve, 50));
        return undefined;
      },
      deleteJob: async () => {},
      extendJob: async () => {},
      putStaging: async (jobId: string) => {
        staged.push(jobId);
        return `staging/${jobId}.png`;
      },
      getJob: async () => ({ status }) as JobItem,
      updateJob: async (_id: string, patch: { percent?: number }) => {
        if (typeof patch.percent === 'number') percent = patch.percent;
        return true;
      },
      touchWorker: async () => {},
      removeWorker: async () => {},
      sendTaskHeartbeat: async () => {
        heartbeats.push(Date.now());
      },
      sendTaskSuccess: async () => {
        throw new Error('a cancelled job must not succeed');
      },
      sendTaskFailure: async (_token: string, error: string) => {
        failures.push({ error, at: Date.now() });
      },
    } as unknown as WorkerPorts;
    const historyBefore = new Set(Object.keys((await (await fetch(`${renderer.url}/history`)).json()) as object));
    // The render holds after its first step until ComfyUI is interrupted.
    renderer.faults.hang = true;
    const worker = new GpuWorker({ comfyUrl: renderer.url, ports, beaconMs: 60_000, pollSeconds: 1 });
    worker.start();
    try {
      await vi.waitFor(() => expect(percent).toBeGreaterThan(0), { timeout: 10_000, interval: 20 });
      // The beat at pick-up is the only one before the cancel (the next is 10 s away).
      const beatsBefore = heartbeats.length;
      status = 'cancelled';
      const cancelledAt = Date.now();
      await vi.waitFor(() => expect(failures).toHaveLength(1), { timeout: 5_000, interval: 20 });
      expect(failures[0]?.error).toBe('JobCancelled');
      expect((failures[0]?.at ?? Number.POSITIVE_INFINITY) - cancelledAt).toBeLessThan(1_500);
      expect(heartbeats.length).toBe(beatsBefore);
      expect(staged).toEqual([]);
      // ComfyUI was interrupted (the worker's POST /interrupt): its history holds the prompt as an error, not a picture.
      await vi.waitFor(
        async () => {
          const history = (await (await fetch(`${renderer.url}/history`)).json()) as Record<string, { status: { status_str: string } }>;
          const fresh = Object.entries(history).filter(([id]) => !historyBefore.has(id));
          expect(fresh.map(([, h]) => h.status.status_str)).toEqual(['error']);
        },
        { timeout: 2_000, interval: 20 },
      );
    } finally {
      await worker.stop();
    }
  });
});
