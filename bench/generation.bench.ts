/**
 * Generation benchmark: N sequential generations through the local HTTP API as the browser makes
 * them (POST /api/generate, then GET /api/generate/{id} every POLLING.intervalMs until done),
 * against the preview renderer's own time per job (execution start → output image, what ComfyUI
 * would spend). Overhead = the pipeline around it: API, state machine, queue, worker, S3 + thumbnail
 * + records. "done" is read two ways: when the job record turned done (finishedAt), and when the
 * browser's polling saw it (which adds up to one polling interval).
 */
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { getJob } from '../lambdas/adapters/jobs-table';
import { startLocalApp } from '../local/app';
import { generationPlugin, generationRuntime } from '../local/plugins/generation';
import { POLLING } from '../shared/constants';

const N = Number(process.env.BENCH_GENERATIONS ?? 20);
const WARMUP = 2;

interface Sample {
  e2eMs: number;
  seenMs: number;
  rendererMs: number;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

async function generateOnce(url: string, userId: string): Promise<Sample> {
  const posted = Date.now();
  const res = await fetch(`${url}/api/generate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ prompt: 'A colorful sunset over the ocean', aspectRatio: '4:3', userId, requestId: `bench-${randomUUID()}` }),
  });
  if (res.status !== 202) throw new Error(`POST /api/generate: ${res.status} ${await res.text()}`);
  const { jobId } = (await res.json()) as { jobId: string };
  for (;;) {
    await new Promise((r) => setTimeout(r, POLLING.intervalMs));
    const status = (await (await fetch(`${url}/api/generate/${jobId}`)).json()) as { status: string; message: string };
    if (status.status === 'failed' || status.status === 'cancelled') throw new Error(`job ${jobId} ${status.status}: ${status.message}`);
    if (status.status !== 'done') continue;
    const seen = Date.now();
    const job = await getJob(jobId);
    const rt = generationRuntime();
    const execution = rt.runner.executions.get(rt.runner.executionArn(jobId));
    const promptId = (JSON.parse(execution?.output ?? '{}') as { result?: { comfyPromptId?: string } }).result?.comfyPromptId ?? '';
    const rendererMs = rt.renderer?.runMs.get(promptId);
    if (!job?.finishedAt || rendererMs === undefined) throw new Error(`job ${jobId}: no finish time or renderer time`);
    return { e2eMs: Date.parse(job.finishedAt) - posted, seenMs: seen - posted, rendererMs };
  }
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
    for (let i = 0; i < WARMUP; i++) await generateOnce(app.url, userId);
    const samples: Sample[] = [];
    for (let i = 0; i < N; i++) samples.push(await generateOnce(app.url, userId));

    const row = (name: string, values: number[]) =>
      `| ${name} | ${quantile(values, 0.5).toFixed(0)} | ${quantile(values, 0.95).toFixed(0)} |`;
    console.info(
      `${N} sequential generations (4:3, 1024x768), preview renderer, browser polling every ${POLLING.intervalMs} ms; ` +
        `${cpus().length} cores, load average ${loadavg()[0]?.toFixed(1)} at the end`,
    );
    console.info('| ms | p50 | p95 |');
    console.info('|---|---|---|');
    console.info(
      row(
        'end to end (POST → job done)',
        samples.map((s) => s.e2eMs),
      ),
    );
    console.info(
      row(
        'renderer (its own time)',
        samples.map((s) => s.rendererMs),
      ),
    );
    console.info(
      row(
        'overhead (end to end − renderer)',
        samples.map((s) => s.e2eMs - s.rendererMs),
      ),
    );
    console.info(
      row(
        'seen done by the polling browser',
        samples.map((s) => s.seenMs),
      ),
    );
    console.info(
      row(
        'overhead as the browser sees it',
        samples.map((s) => s.seenMs - s.rendererMs),
      ),
    );
    const overhead = quantile(
      samples.map((s) => s.e2eMs - s.rendererMs),
      0.5,
    );
    console.info(`overhead p50 ${overhead.toFixed(0)} ms: ${overhead < 250 ? 'within' : 'ABOVE'} the 250 ms target`);
  } finally {
    await app.stop();
  }
}
