/**
 * Generation benchmark: N sequential generations through the local HTTP API as the browser makes
 * them (POST /api/generate, then GET /api/generate/{id} every POLLING.intervalMs until done),
 * against the preview renderer's own time per job (execution start → output image, what ComfyUI
 * would spend). Overhead = the pipeline around it: API, state machine, queue, worker, S3 + thumbnail
 * + records. "done" is read three ways: when the job record turned done (finishedAt), when a
 * browser polling every POLLING.intervalMs saw it (the fallback), and when the pushed event stream
 * (GET /api/generate/{id}/events, what the studio uses) delivered it: push latency = seen − finishedAt.
 */
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { getJob } from '../lambdas/adapters/jobs-table';
import { type LocalApp, startLocalApp } from '../local/app';
import { generationPlugin, generationRuntime } from '../local/plugins/generation';
import { POLLING } from '../shared/constants';

const N = Number(process.env.BENCH_GENERATIONS ?? 20);
const WARMUP = 2;

interface Sample {
  /** Job-record reads (DynamoDB GetItem) by each function while the job ran and was followed. */
  reads: Record<string, number>;
  e2eMs: number;
  seenMs: number;
  rendererMs: number;
  /** seen − finishedAt: how long after the record turned done the browser knew. */
  latencyMs: number;
}

/** Waits for `done` on the job's event stream, as the studio's EventSource does. */
async function seenByPush(url: string, jobId: string): Promise<number> {
  const res = await fetch(`${url}/api/generate/${jobId}/events`, { headers: { accept: 'text/event-stream' } });
  const reader = res.body?.getReader();
  if (!reader) throw new Error('no event stream');
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) throw new Error(`job ${jobId}: the stream ended without done`);
    buffer += decoder.decode(value, { stream: true });
    if (/"status":"done"/.test(buffer)) {
      const seen = Date.now();
      await reader.cancel();
      return seen;
    }
    if (/"status":"(failed|cancelled)"/.test(buffer)) throw new Error(`job ${jobId} did not finish`);
  }
}

async function seenByPolling(url: string, jobId: string): Promise<number> {
  for (;;) {
    await new Promise((r) => setTimeout(r, POLLING.intervalMs));
    const status = (await (await fetch(`${url}/api/generate/${jobId}`)).json()) as { status: string; message: string };
    if (status.status === 'failed' || status.status === 'cancelled') throw new Error(`job ${jobId} ${status.status}: ${status.message}`);
    if (status.status === 'done') return Date.now();
  }
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

/** GetItem calls so far, by calling function (the local gateway's count). */
function getItems(calls: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [call, n] of Object.entries(calls)) {
    if (call.endsWith(' GetItem')) out[call.slice(0, -' GetItem'.length)] = n;
  }
  return out;
}

async function generateOnce(app: LocalApp, userId: string, push: boolean): Promise<Sample> {
  const { url } = app;
  const before = getItems(app.deployment.gateway.stats.calls);
  const posted = Date.now();
  const res = await fetch(`${url}/api/generate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ prompt: 'A colorful sunset over the ocean', aspectRatio: '4:3', userId, requestId: `bench-${randomUUID()}` }),
  });
  if (res.status !== 202) throw new Error(`POST /api/generate: ${res.status} ${await res.text()}`);
  const { jobId } = (await res.json()) as { jobId: string };
  const seen = push ? await seenByPush(url, jobId) : await seenByPolling(url, jobId);
  const job = await getJob(jobId);
  const rt = generationRuntime();
  const execution = rt.runner.executions.get(rt.runner.executionArn(jobId));
  await execution?.done;
  const promptId = (JSON.parse(execution?.output ?? '{}') as { result?: { comfyPromptId?: string } }).result?.comfyPromptId ?? '';
  const rendererMs = rt.renderer?.runMs.get(promptId);
  if (!job?.finishedAt || rendererMs === undefined) throw new Error(`job ${jobId}: no finish time or renderer time`);
  // The stream's last reads end with it: a moment for its finally to run.
  await new Promise((r) => setTimeout(r, 300));
  const after = getItems(app.deployment.gateway.stats.calls);
  const reads = Object.fromEntries(Object.entries(after).map(([fn, n]) => [fn, n - (before[fn] ?? 0)]));
  return {
    reads,
    e2eMs: Date.parse(job.finishedAt) - posted,
    seenMs: seen - posted,
    rendererMs,
    latencyMs: seen - Date.parse(job.finishedAt),
  };
}

export async function run(): Promise<void> {
  const app = await startLocalApp({
    port: 0,
    dataDir: null,
    plugins: [generationPlugin],
    prefix: 'benchgen',
    env: { GEN_USER_HOURLY: '0', GEN_IP_HOURLY: '0' },
  });
  try {
    const userId = randomUUID();
    for (let i = 0; i < WARMUP; i++) await generateOnce(app, userId, true);
    const polled: Sample[] = [];
    const pushed: Sample[] = [];
    // Interleaved, so both ways meet the same machine.
    for (let i = 0; i < N; i++) {
      polled.push(await generateOnce(app, userId, false));
      pushed.push(await generateOnce(app, userId, true));
    }
    const all = [...polled, ...pushed];
    const row = (name: string, values: number[]) =>
      `| ${name} | ${quantile(values, 0.5).toFixed(0)} | ${quantile(values, 0.95).toFixed(0)} |`;
    console.info(
      `${N} + ${N} sequential generations (4:3, 1024x768), preview renderer, the browser following each job by push (event stream) ` +
        `or by polling every ${POLLING.intervalMs} ms, interleaved; ${cpus().length} cores, load average ${loadavg()[0]?.toFixed(1)} at the end`,
    );
    console.info('| ms | p50 | p95 |');
    console.info('|---|---|---|');
    const rows: [string, number[]][] = [
      ['end to end (POST → job done), all runs', all.map((s) => s.e2eMs)],
      ['renderer (its own time)', all.map((s) => s.rendererMs)],
      ['overhead (end to end − renderer)', all.map((s) => s.e2eMs - s.rendererMs)],
      ['push: browser knows done after the record turned done', pushed.map((s) => s.latencyMs)],
      ['push: overhead as the browser sees it (seen − renderer)', pushed.map((s) => s.seenMs - s.rendererMs)],
      ['polling: browser knows done after the record turned done', polled.map((s) => s.latencyMs)],
      ['polling: overhead as the browser sees it (seen − renderer)', polled.map((s) => s.seenMs - s.rendererMs)],
    ];
    for (const [label, values] of rows) console.info(row(label, values));
    const latency = quantile(
      pushed.map((s) => s.latencyMs),
      0.5,
    );
    const seenOverhead = quantile(
      pushed.map((s) => s.seenMs - s.rendererMs),
      0.5,
    );
    console.info(
      `push latency p50 ${latency.toFixed(0)} ms (target ≤ 150: ${latency <= 150 ? 'met' : 'NOT met'}); ` +
        `browser-seen overhead p50 ${seenOverhead.toFixed(0)} ms (target ≤ 250: ${seenOverhead <= 250 ? 'met' : 'NOT met'})`,
    );
    // What following a job costs in reads of the job record: the event stream is a poll on the server (one
    // strongly consistent GetItem every 100 ms, lambdas/services/job-events.ts), the fallback a poll from the browser.
    console.info('\n| job-record reads (GetItem) per job, p50 / p95, by function | followed by the stream | followed by polling |');
    console.info('|---|---|---|');
    const fns = [...new Set([...pushed, ...polled].flatMap((s) => Object.keys(s.reads)))].sort();
    const cell = (samples: Sample[], fn: string) => {
      const values = samples.map((s) => s.reads[fn] ?? 0);
      return `${quantile(values, 0.5)} / ${quantile(values, 0.95)}`;
    };
    for (const fn of fns) console.info(`| ${fn} | ${cell(pushed, fn)} | ${cell(polled, fn)} |`);
    const total = (s: Sample) => Object.values(s.reads).reduce((a, b) => a + b, 0);
    console.info(
      `all functions: p50 ${quantile(pushed.map(total), 0.5)} reads per job by stream, ${quantile(polled.map(total), 0.5)} by polling, ` +
        `for jobs the browser saw done after p50 ${quantile(
          pushed.map((s) => s.seenMs),
          0.5,
        ).toFixed(0)} ms`,
    );
  } finally {
    await app.stop();
  }
}
