import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { generationRuntime } from '../../../local/plugins/generation';
import { s3PutFails } from '../../support/store-faults';
import { deliveriesOf, ended, flowAppForSuite, leaseWindows, newRequest, postGenerate, waitFor } from './support';

/** Each fault of issue 4 ends in a clean state the status API shows. */
describe('generation faults', () => {
  // The lease windows run on the test's clock (leaseWindows): the pauses of a busy two-core machine
  // slow them down instead of taking a job from a live worker; the worker keeps its claims every third of a second.
  const app = flowAppForSuite({
    LOCAL_SQS_LEASES: 'windows',
    PREVIEW_STEP_DELAY_MS: '150',
    GEN_HEARTBEAT_SECONDS: '1',
  });
  let windows: ReturnType<typeof leaseWindows> | undefined;
  afterAll(async () => {
    await windows?.stop();
  });
  beforeAll(async () => {
    windows = leaseWindows();
    // One healthy job first: the handlers are imported on first use, a pause no lease should have to absorb.
    const warm = await postGenerate(app, newRequest());
    expect((await waitFor(app, ((await warm.json()) as { jobId: string }).jobId, ended)).last.status).toBe('done');
  });
  afterEach(async () => {
    // Back to one healthy worker and a healthy renderer.
    const rt = generationRuntime();
    Object.assign(rt.renderer?.faults ?? {}, { executionError: false, hang: false, checkpoints: undefined });
    const live = rt.workers.splice(0);
    await Promise.all(live.map((w) => w.stop()));
    rt.addWorker();
  });

  async function run(): Promise<{ jobId: string; status: Awaited<ReturnType<typeof waitFor>> }> {
    const req = newRequest();
    const res = await postGenerate(app, req);
    expect(res.status).toBe(202);
    const { jobId } = (await res.json()) as { jobId: string };
    return { jobId, status: await waitFor(app, { jobId, userId: req.userId }, ended) };
  }

  async function useWorker(options: Parameters<ReturnType<typeof generationRuntime>['addWorker']>[0]) {
    const rt = generationRuntime();
    await Promise.all(rt.workers.splice(0).map((w) => w.stop()));
    return rt.addWorker(options);
  }

  it('never gives a job to a worker whose ComfyUI is unreachable: the job waits for a healthy one', async () => {
    let unhealthy = 0;
    const down = await useWorker({
      comfyUrl: 'http://127.0.0.1:9',
      beaconMs: 100,
      unhealthyAfter: 2,
      onUnhealthy: () => {
        unhealthy++;
      },
    });
    const res = await postGenerate(app, newRequest());
    const { jobId } = (await res.json()) as { jobId: string };
    await waitFor(app, jobId, (s) => s.status === 'starting');
    await vi.waitFor(() => expect(unhealthy).toBe(1), { timeout: 5_000, interval: 50 });
    expect(down.health).toBe('unhealthy');
    generationRuntime().addWorker(); // the group's replacement
    const { last } = await waitFor(app, jobId, ended);
    expect(last.status).toBe('done');
    expect(down.completed).toBe(0);
  });

  it('fails with ComfyUI’s node_errors when the graph is rejected', async () => {
    const rt = generationRuntime();
    if (rt.renderer) rt.renderer.faults.checkpoints = [];
    const { status } = await run();
    expect(status.last.status).toBe('failed');
    expect(status.last.message).toMatch(/rejected.*Value not in list.*ckpt_name/);
  });

  it('fails with the execution_error ComfyUI reports', async () => {
    const rt = generationRuntime();
    if (rt.renderer) rt.renderer.faults.executionError = true;
    const { status } = await run();
    expect(status.last.status).toBe('failed');
    expect(status.last.message).toMatch(/failed while generating.*KSampler.*simulated sampler failure/);
  });

  it('fails when ComfyUI gives no output in time (and interrupts it)', async () => {
    // The renderer hangs whatever the deadline: the shortest one keeps the wait under 100 ms.
    await useWorker({ comfyTimeoutMs: 100 });
    const rt = generationRuntime();
    if (rt.renderer) rt.renderer.faults.hang = true;
    const { status } = await run();
    expect(status.last.status).toBe('failed');
    expect(status.last.message).toMatch(/no picture in time/);
  });

  it('retries a failed S3 write and still finishes', async () => {
    // StoreImage (the deployed step) meets one S3 InternalError on the original's PUT; its SDK tries again.
    const fault = s3PutFails(app, 'private/images/', 1);
    try {
      const { status } = await run();
      expect(fault.failed()).toBe(1);
      expect(status.last.status).toBe('done');
      expect(status.last.image).toBeDefined();
    } finally {
      fault.lift();
    }
  });

  it('gives the job of a worker killed mid-job to another worker when its claim lapses', async () => {
    const rt = generationRuntime();
    const first = rt.workers[0];
    const res = await postGenerate(app, newRequest());
    const { jobId } = (await res.json()) as { jobId: string };
    await waitFor(app, jobId, (s) => s.status === 'generating');
    const before = first?.completed;
    if (first) rt.crash(first);
    // The dead worker keeps its claim no more: within two windows its job's lease lapses.
    expect(rt.queues.endWindow() + rt.queues.endWindow()).toBe(1);
    const second = rt.addWorker();
    const { last } = await waitFor(app, jobId, ended, 30_000);
    expect(last.status).toBe('done');
    expect(second.completed).toBe(1);
    expect(first?.completed).toBe(before);
    // The record says done at StoreImage; the execution ends a few transitions later.
    const execution = () => [...rt.runner.executions.values()].find((e) => e.name === jobId)?.status;
    await expect.poll(execution, { timeout: 10_000 }).toBe('SUCCEEDED');
    expect((await deliveriesOf(jobId)).deliveries).toBe(2);
  });

  it('cancels a job while it waits in the queue', async () => {
    const rt = generationRuntime();
    await Promise.all(rt.workers.splice(0).map((w) => w.stop()));
    const req = newRequest();
    const { jobId } = (await (await postGenerate(app, req)).json()) as { jobId: string };
    await waitFor(app, jobId, (s) => s.status === 'starting' || s.status === 'queued');
    const res = await app.api(`/api/generate/${jobId}?userId=${req.userId}`, { method: 'DELETE' });
    expect(res.status).toBe(202);
    expect(((await res.json()) as { status: string }).status).toBe('cancelled');
    // Someone else's id cannot cancel it; the job stays cancelled once a worker shows up.
    const other = await app.api(`/api/generate/${jobId}?userId=${newRequest().userId}`, { method: 'DELETE' });
    expect(other.status).toBe(404);
    const worker = rt.addWorker();
    // Until the worker is up and taking jobs: it must take nothing of a cancelled one.
    await vi.waitFor(() => expect(worker.health).toBe('ready'), { timeout: 10_000, interval: 20 });
    await vi.waitFor(() => expect(rt.runner.executions.get(rt.runner.executionArn(jobId))?.status).toBe('ABORTED'), {
      timeout: 10_000,
      interval: 20,
    });
    const { last } = await waitFor(app, jobId, ended);
    expect(last.status).toBe('cancelled');
    expect(worker.completed).toBe(0);
  });

  it('cancels a job while it is generating and interrupts ComfyUI', async () => {
    const rt = generationRuntime();
    const req = newRequest();
    // Earlier tests leave their own entries in the renderer's history: only this job's new entry counts.
    const history = async () =>
      (await (await fetch(`${rt.comfyUrl}/history`)).json()) as Record<string, { status: { status_str: string } }>;
    const earlier = new Set(Object.keys(await history()));
    // The render holds after its first step until interrupted: the cancel lands mid-render, and only the
    // worker's interrupt can end it (4 steps of 150 ms would finish before the worker's next look at the job).
    if (rt.renderer) rt.renderer.faults.hang = true;
    const { jobId } = (await (await postGenerate(app, req)).json()) as { jobId: string };
    await waitFor(app, jobId, (s) => s.status === 'generating' && s.percent >= 10);
    const res = await app.api(`/api/generate/${jobId}?userId=${req.userId}`, { method: 'DELETE' });
    expect(res.status).toBe(202);
    const { last } = await waitFor(app, jobId, ended);
    expect(last.status).toBe('cancelled');
    expect(last.image).toBeUndefined();
    // The worker sees the cancel within its cancel watch (500 ms) and interrupts ComfyUI: its history says so.
    await vi.waitFor(
      async () => {
        const fresh = Object.entries(await history()).filter(([id]) => !earlier.has(id));
        expect(fresh.map(([, h]) => h.status.status_str)).toEqual(['error']);
      },
      { timeout: 10_000, interval: 50 },
    );
    // The visitor may start the next one at once.
    const next = await postGenerate(app, { ...req, requestId: `next-${Date.now()}` });
    expect(next.status).toBe(202);
    await waitFor(app, ((await next.json()) as { jobId: string }).jobId, ended);
  });
});
