import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.LOG_LEVEL = 'SILENT';
});

import type { JobItem } from '../../../lambdas/adapters/jobs-table';
import { ComfyError } from '../../../worker/comfyui';
import { admit, HeldJobs, keepClaim } from '../../../worker/held-jobs';
import type { QueuedJob, WorkerPorts } from '../../../worker/ports';
import { previousWorker, reportCancelled, reportFailure } from '../../../worker/reports';

/**
 * The claim's small parts (workers claim jobs, issue 31): admitting a delivery, keeping a claim, the held jobs'
 * intake, beats and hand-back, and the worker's reports. Integration twins: held-jobs.test.ts, faults.test.ts.
 */
const job = (id: string, deliveries = 1): QueuedJob => ({
  receiptHandle: `r-${id}`,
  deliveries,
  message: {
    taskToken: `t-${id}`,
    heartbeatSeconds: 9,
    job: { jobId: id, userId: 'u', prompt: 'p', aspectRatio: '1:1', width: 256, height: 256 },
  },
});
const tokenGone = () => Object.assign(new Error('Task Timed Out'), { name: 'TaskTimedOut' });
const claimGone = () => Object.assign(new Error('The input receipt handle is invalid.'), { name: 'ReceiptHandleIsInvalid' });

function ports(overrides: Partial<Record<keyof WorkerPorts, unknown>> = {}) {
  const calls = {
    deleted: [] as string[],
    extended: [] as [string, number][],
    failures: [] as [string, string, string][],
    beats: [] as string[],
  };
  const p = {
    deleteJob: async (r: string) => {
      calls.deleted.push(r);
    },
    extendJob: async (r: string, s: number) => {
      calls.extended.push([r, s]);
    },
    sendTaskHeartbeat: async (t: string) => {
      calls.beats.push(t);
    },
    sendTaskFailure: async (t: string, e: string, c: string) => {
      calls.failures.push([t, e, c]);
    },
    ...overrides,
  } as unknown as WorkerPorts;
  return { p, calls };
}

describe('admitting a delivery', () => {
  it('holds a job on its first deliveries, after one heartbeat', async () => {
    const { p, calls } = ports();
    for (const n of [1, 2, 3]) expect(await admit(p, job('a', n))).toBe(true);
    expect(calls.beats).toEqual(['t-a', 't-a', 't-a']);
    expect(calls.failures).toEqual([]);
  });

  it('fails a job its fourth delivery brings (WorkerLost, three workers lost it) and deletes it', async () => {
    const { p, calls } = ports();
    expect(await admit(p, job('b', 4))).toBe(false);
    expect(calls.failures).toEqual([['t-b', 'WorkerLost', 'The job lost its GPU worker 3 times.']]);
    expect(calls.deleted).toEqual(['r-b']);
    expect(calls.beats).toEqual([]);
  });

  it('drops a stale message (its token gone) without failing anything', async () => {
    const { p, calls } = ports({ sendTaskHeartbeat: async () => Promise.reject(tokenGone()) });
    expect(await admit(p, job('c'))).toBe(false);
    expect(calls.deleted).toEqual(['r-c']);
    expect(calls.failures).toEqual([]);
  });

  it('holds the job through a passing heartbeat failure (the next beats try again)', async () => {
    const { p, calls } = ports({ sendTaskHeartbeat: async () => Promise.reject(new Error('socket hang up')) });
    expect(await admit(p, job('d'))).toBe(true);
    expect(calls.deleted).toEqual([]);
  });
});

describe('keeping a claim', () => {
  it('extends the lease by the flow’s heartbeatSeconds and beats the token', async () => {
    const { p, calls } = ports();
    expect(await keepClaim(p, job('e'))).toBe('kept');
    expect(calls.extended).toEqual([['r-e', 9]]);
    expect(calls.beats).toEqual(['t-e']);
  });

  it('answers taken when the lease is gone, ended when the token is, kept through passing failures', async () => {
    expect(await keepClaim(ports({ extendJob: async () => Promise.reject(claimGone()) }).p, job('f'))).toBe('taken');
    expect(await keepClaim(ports({ sendTaskHeartbeat: async () => Promise.reject(tokenGone()) }).p, job('f'))).toBe('ended');
    const flaky = ports({
      extendJob: async () => Promise.reject(new Error('throttled')),
      sendTaskHeartbeat: async () => Promise.reject(new Error('socket hang up')),
    });
    expect(await keepClaim(flaky.p, job('f'))).toBe('kept');
  });
});

describe('held jobs', () => {
  it('claims into the free slots only, in arrival order, leaving stale messages out', async () => {
    const queue = [job('g1'), job('stale'), job('g2'), job('g3'), job('g4')];
    const leases: number[] = [];
    const { p } = ports({
      receiveJob: async (_wait: number, _signal: unknown, lease: number) => {
        leases.push(lease);
        return queue.shift();
      },
      sendTaskHeartbeat: async (t: string) => (t === 't-stale' ? Promise.reject(tokenGone()) : undefined),
    });
    const held = new HeldJobs(p, 3, 12, () => true);
    await held.intake(new AbortController().signal);
    expect(held.size).toBe(2);
    expect(held.next()?.message.job.jobId).toBe('g1');
    expect(held.next()?.message.job.jobId).toBe('g2');
    expect(leases.every((l) => l === 12)).toBe(true);
    expect(queue.map((j) => j.message.job.jobId)).toEqual(['g3', 'g4']);
  });

  it('claims nothing once the worker is stopping', async () => {
    const receive = vi.fn();
    const held = new HeldJobs(ports({ receiveJob: receive }).p, 4, 30, () => false);
    await held.intake(new AbortController().signal);
    expect(receive).not.toHaveBeenCalled();
  });

  it('keeps every held claim with the running job’s beat, lets go of one another worker took, deletes an ended one', async () => {
    const queue = [job('h1'), job('h2'), job('h3')];
    const { p, calls } = ports({
      receiveJob: async () => queue.shift(),
      extendJob: async (r: string, s: number) => (r === 'r-h1' ? Promise.reject(claimGone()) : calls.extended.push([r, s])),
      sendTaskHeartbeat: async (t: string) => {
        if (t === 't-h2' && calls.beats.includes('t-h2')) throw tokenGone();
        calls.beats.push(t);
      },
    });
    const held = new HeldJobs(p, 4, 30, () => true);
    await held.intake(new AbortController().signal);
    expect(held.size).toBe(3);
    held.beatAll();
    await vi.waitFor(() => expect(held.size).toBe(1));
    expect(calls.extended).toEqual([
      ['r-h2', 9],
      ['r-h3', 9],
    ]);
    // h1 (the first held) is another worker's now (nothing deleted); h2's execution is over (its message goes).
    await vi.waitFor(() => expect(calls.deleted).toEqual(['r-h2']));
    expect(held.next()?.message.job.jobId).toBe('h3');
  });

  it('leaves the held list alone when a job it lets go of has already left it (taken for its turn)', async () => {
    const queue = [job('k1'), job('k2')];
    const { p } = ports({
      receiveJob: async () => queue.shift(),
      extendJob: async (r: string) => (r === 'r-k1' ? Promise.reject(claimGone()) : undefined),
    });
    const held = new HeldJobs(p, 3, 30, () => true);
    await held.intake(new AbortController().signal);
    held.beatAll();
    // k1 leaves for its turn before its beat answers: the answer must not remove k2 in its place.
    expect(held.next()?.message.job.jobId).toBe('k1');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(held.size).toBe(1);
    expect(held.next()?.message.job.jobId).toBe('k2');
  });

  it('hands every held job back to the queue at once on a graceful stop', async () => {
    const queue = [job('i1'), job('i2')];
    const { p, calls } = ports({ receiveJob: async () => queue.shift() });
    const held = new HeldJobs(p, 3, 30, () => true);
    await held.intake(new AbortController().signal);
    await held.handBackAll();
    expect(calls.extended).toEqual([
      ['r-i1', 0],
      ['r-i2', 0],
    ]);
    expect(held.size).toBe(0);
  });
});

describe('the worker’s reports', () => {
  it('names a failure by ComfyUI’s kind, an upload’s code, or WorkerError, with its message as the cause', async () => {
    const { p, calls } = ports();
    await reportFailure(p, 't', new ComfyError('rejected', 'bad graph'));
    await reportFailure(p, 't', Object.assign(new Error('no bucket'), { code: 'UploadFailed' }));
    await reportFailure(p, 't', new Error('boom'));
    expect(calls.failures).toEqual([
      ['t', 'ComfyRejected', 'bad graph'],
      ['t', 'UploadFailed', 'no bucket'],
      ['t', 'WorkerError', 'boom'],
    ]);
  });

  it('reports a cancel as JobCancelled; a token already gone is fine, any other failure is not', async () => {
    const { p, calls } = ports();
    await reportCancelled(p, 't', 'j');
    expect(calls.failures).toEqual([['t', 'JobCancelled', 'The job was cancelled while it ran.']]);
    await expect(reportCancelled(ports({ sendTaskFailure: async () => Promise.reject(tokenGone()) }).p, 't', 'j')).resolves.toBeUndefined();
    await expect(
      reportFailure(ports({ sendTaskFailure: async () => Promise.reject(tokenGone()) }).p, 't', new Error('x')),
    ).resolves.toBeUndefined();
    const down = ports({ sendTaskFailure: async () => Promise.reject(new Error('network down')) }).p;
    await expect(reportCancelled(down, 't', 'j')).rejects.toThrow('network down');
    await expect(reportFailure(down, 't', new Error('x'))).rejects.toThrow('network down');
  });

  it('finds the worker that held a job before: another’s id, never its own, none on a record without one or a failed read', async () => {
    const reading = (record: Partial<JobItem> | undefined) => ports({ getJob: async () => record }).p;
    expect(await previousWorker(reading({ workerId: 'w-dead' }), 'j', 'w-me')).toBe('w-dead');
    expect(await previousWorker(reading({ workerId: 'w-me' }), 'j', 'w-me')).toBeUndefined();
    expect(await previousWorker(reading({}), 'j', 'w-me')).toBeUndefined();
    expect(await previousWorker(reading(undefined), 'j', 'w-me')).toBeUndefined();
    expect(await previousWorker(ports({ getJob: async () => Promise.reject(new Error('x')) }).p, 'j', 'w-me')).toBeUndefined();
  });
});
