import { describe, expect, it, vi } from 'vitest';
import { getJob } from '../../../lambdas/adapters/jobs-table';
import { generationRuntime } from '../../../local/plugins/generation';
import { deliveriesOf, ended, flowAppForSuite, leaseWindows, postJob, waitFor } from './support';

/**
 * A queue longer than one lease window behind one worker (issue 13, "the heartbeat measures a job's
 * own work, not time queued"; issue 31, "workers claiming jobs"). Every job goes on the queue at once;
 * the worker claims jobs into its free slots and holds them, keeping their claims with the running
 * job's. Every job must end `done`, delivered once, on the real state machine.
 *
 * The lease windows run on this test's clock, not the wall's (leaseWindows in ./support): a slow,
 * loaded machine only slows the test down, while a worker that stops keeping its held claims fails
 * it (without `held.beatAll()` in worker/worker.ts, held jobs go back on the queue and are delivered twice).
 */
describe('jobs held by a busy worker', () => {
  const app = flowAppForSuite({
    LOCAL_SQS_LEASES: 'windows',
    PREVIEW_STEP_DELAY_MS: '50',
    // The worker keeps its claims every third of it (333 ms): the pace at which the windows end.
    GEN_HEARTBEAT_SECONDS: '1',
    GEN_JOBS_PER_WORKER: '4',
    WORKER_BEACON_MS: '200',
  });

  const post = () => postJob(app);

  it('runs 8 jobs on one worker, some held across whole lease windows, each delivered once', async () => {
    const rt = generationRuntime();
    expect(rt.workers).toHaveLength(1);
    const jobIds = await Promise.all(Array.from({ length: 8 }, () => post()));
    const windows = leaseWindows();
    const results = await Promise.all(jobIds.map((id) => waitFor(app, id, ended, 30_000))).finally(() => windows.stop());
    const ends = await windows.stop();
    expect(results.map((r) => r.last.status)).toEqual(Array(8).fill('done'));
    const deliveries = await Promise.all(jobIds.map(deliveriesOf));
    expect(deliveries.map((d) => d.deliveries)).toEqual(Array(8).fill(1));
    // The slots were used: some jobs waited their turn held by the worker (claimed before they were
    // picked) while a whole window began and ended.
    const jobs = await Promise.all(jobIds.map((id) => getJob(id)));
    const windowsHeld = jobs.map((j, i) => {
      const [from, to] = [deliveries[i]?.claimedAt ?? Number.NaN, Date.parse(j?.pickedAt ?? '')];
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
    // The dead worker keeps no claim: after two windows its jobs' leases have lapsed.
    rt.queues.endWindow();
    expect(rt.queues.endWindow()).toBeGreaterThanOrEqual(2);
    rt.addWorker();
    // The windows go on, as SQS's clock would: a claim the replacement let go is delivered again.
    const windows = leaseWindows();
    const results = await Promise.all(jobIds.map((id) => waitFor(app, id, ended, 30_000))).finally(() => windows.stop());
    expect(results.map((r) => r.last.status)).toEqual(Array(4).fill('done'));
    const deliveries = await Promise.all(jobIds.map(deliveriesOf));
    expect(deliveries.filter((d) => d.deliveries > 1).length).toBeGreaterThanOrEqual(2);
  });
});
