import { describe, expect, it, vi } from 'vitest';
import { getJob } from '../../../lambdas/adapters/jobs-table';
import { generationRuntime } from '../../../local/plugins/generation';
import { ended, flowAppForSuite, heartbeatWindows, postJob, waitFor, waitsOf } from './support';

/**
 * A queue longer than one heartbeat window behind one worker (issue 13, "the heartbeat measures a
 * job's own work, not time queued"). Before the worker held its dispatched jobs (and EnsureCapacity
 * dispatched only into free slots), the messages waiting in SQS timed out and were re-dispatched, and
 * the third loss failed them. Every job must now end `done` with no re-dispatch, on the real state machine.
 *
 * The heartbeat windows run on this test's clock, not the wall's (heartbeatWindows in ./support): a
 * slow, loaded machine only slows the test down, while a worker that stops beating its held jobs
 * fails it (tried: without `held.beatAll()` in worker/worker.ts held jobs are re-dispatched).
 */
describe('jobs held by a busy worker', () => {
  const app = flowAppForSuite({
    LOCAL_SFN_HEARTBEATS: 'windows',
    PREVIEW_STEP_DELAY_MS: '50',
    // The worker beats every third of it (333 ms): the pace at which the windows end.
    GEN_HEARTBEAT_SECONDS: '1',
    GEN_JOBS_PER_WORKER: '4',
    WORKER_BEACON_MS: '200',
  });

  const post = () => postJob(app);

  it('runs 8 jobs on one worker, some held across whole heartbeat windows, with no job re-dispatched', async () => {
    const rt = generationRuntime();
    expect(rt.workers).toHaveLength(1);
    const jobIds = await Promise.all(Array.from({ length: 8 }, () => post()));
    const windows = heartbeatWindows();
    const results = await Promise.all(jobIds.map((id) => waitFor(app, id, ended, 30_000))).finally(() => windows.stop());
    const ends = await windows.stop();
    expect(results.map((r) => r.last.status)).toEqual(Array(8).fill('done'));
    const waits = await Promise.all(jobIds.map(waitsOf));
    expect(waits.map((w) => w.redispatch)).toEqual(Array(8).fill(0));
    // The slots were used: some jobs waited their turn held by the worker (dispatched before they
    // were picked) while a whole window began and ended.
    const jobs = await Promise.all(jobIds.map((id) => getJob(id)));
    const windowsHeld = jobs.map((j) => {
      const [from, to] = [Date.parse(j?.dispatchedAt ?? ''), Date.parse(j?.pickedAt ?? '')];
      return ends.filter((t) => t > from && t < to).length;
    });
    expect(Math.max(...windowsHeld)).toBeGreaterThanOrEqual(2);
  });

  it('hands the held jobs of a worker that dies to its replacement', async () => {
    const rt = generationRuntime();
    const first = rt.workers[0];
    if (!first) throw new Error('no worker');
    const jobIds = await Promise.all(Array.from({ length: 4 }, () => post()));
    await vi.waitFor(() => expect(first.heldJobs).toBeGreaterThanOrEqual(2), { timeout: 10_000, interval: 20 });
    rt.crash(first);
    rt.workers.splice(rt.workers.indexOf(first), 1);
    // The dead worker beats no more: after two windows its jobs' heartbeats have lapsed.
    rt.runner.heartbeats.endWindow();
    expect(rt.runner.heartbeats.endWindow()).toBeGreaterThanOrEqual(2);
    rt.addWorker();
    const results = await Promise.all(jobIds.map((id) => waitFor(app, id, ended, 30_000)));
    expect(results.map((r) => r.last.status)).toEqual(Array(4).fill('done'));
    const waits = await Promise.all(jobIds.map(waitsOf));
    expect(waits.filter((w) => w.redispatch > 0).length).toBeGreaterThanOrEqual(2);
  });
});
