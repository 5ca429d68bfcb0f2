/**
 * The fault run's handle on the runtime under test: launch local/start.ts in its own process group,
 * kill or stop it, read its log, and the few HTTP calls the run makes against it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
/** A job in one of these states will not change any more. */
export const TERMINAL = new Set(['done', 'failed', 'cancelled']);

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Runtime {
  child: ChildProcess;
  log: string[];
  dynamoPid(): number;
  s3Pid(): number;
  dynamoEndpoint: string;
  s3Endpoint: string;
}

export async function startRuntime(port: number, dataDir: string): Promise<Runtime> {
  const log: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'local/start.ts'], {
    cwd: ROOT,
    detached: true, // its own process group: kill -9 of the whole tree is kill(-pid)
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_REQUESTS: '0',
      LOCAL_FAULTS: '1',
      GEN_QUEUE_CAP: '20',
      GEN_USER_HOURLY: '0',
      GEN_IP_HOURLY: '0',
      FORMS_RATE_LIMIT_PER_MINUTE: '0',
      FORMS_RATE_LIMIT_PER_HOUR: '0',
      PREVIEW_STEP_DELAY_MS: '100',
      RECONCILE_INTERVAL_MS: '2000',
      RECONCILE_GRACE_SECONDS: '5',
      LOG_LEVEL: 'ERROR',
    },
  });
  for (const stream of [child.stdout, child.stderr])
    stream?.setEncoding('utf8').on('data', (c: string) => log.push(...c.split('\n').filter(Boolean)));
  const started = Date.now();
  while (!log.some((l) => l.includes('Artloom is running at'))) {
    if (child.exitCode !== null) throw new Error(`the runtime exited:\n${log.join('\n')}`);
    if (Date.now() - started > 120_000) throw new Error(`the runtime did not start:\n${log.join('\n')}`);
    await sleep(100);
  }
  const find = (re: RegExp) => {
    for (let i = log.length - 1; i >= 0; i--) {
      const m = re.exec(log[i] ?? '');
      if (m?.[1]) return m[1];
    }
    throw new Error(`not in the log: ${re}`);
  };
  return {
    child,
    log,
    dynamoPid: () => Number(find(/DynamoDB Local (?:ready on .*pid |is back \(pid )(\d+)/)),
    s3Pid: () => Number(find(/s3rver (?:ready on .*pid |is back \(pid )(\d+)/)),
    dynamoEndpoint: find(/DynamoDB Local ready on (\S+)/),
    s3Endpoint: find(/s3rver ready on (\S+)/),
  };
}

export async function killTree(rt: Runtime): Promise<void> {
  const pgid = rt.child.pid ?? 0;
  process.kill(-pgid, 'SIGKILL');
  await new Promise((r) => rt.child.once('exit', r));
  // The group's other members (java, s3rver) die with it; give the kernel a moment to free the ports.
  await sleep(500);
}

export async function stopTree(rt: Runtime): Promise<void> {
  rt.child.kill('SIGTERM');
  await new Promise((r) => rt.child.once('exit', r));
}

/** Waits for a log line holding `needle` at or after line `from` (lines before it are an earlier event's). */
export async function waitLog(rt: Runtime, needle: string, timeoutMs: number, from = 0): Promise<number> {
  const started = Date.now();
  while (!rt.log.slice(from).some((l) => l.includes(needle))) {
    if (Date.now() - started > timeoutMs) throw new Error(`no "${needle}" in the log within ${timeoutMs} ms`);
    await sleep(100);
  }
  return Date.now() - started;
}

export interface Answer {
  status: number;
  ms: number;
  json: Record<string, unknown>;
}

/** The API calls of the run, against the runtime on `base` (restarts keep the same port). */
export function apiClient(base: string) {
  async function post(path: string, body: unknown, key?: string): Promise<Answer> {
    const started = performance.now();
    const headers: Record<string, string> = { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) };
    const res = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    return { status: res.status, ms: Math.round(performance.now() - started), json };
  }

  async function jobStatus(jobId: string): Promise<string> {
    const res = await fetch(`${base}/api/generate/${jobId}`);
    return res.ok ? String(((await res.json()) as { status: string }).status) : `http ${res.status}`;
  }

  async function waitTerminal(
    jobIds: string[],
    withinMs: number,
  ): Promise<{ ms: number; open: string[]; statuses: Record<string, number> }> {
    const started = Date.now();
    for (;;) {
      const statuses = await Promise.all(jobIds.map(jobStatus));
      const open = jobIds.filter((_, i) => !TERMINAL.has(statuses[i] ?? ''));
      const counts: Record<string, number> = {};
      for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
      if (open.length === 0 || Date.now() - started > withinMs) return { ms: Date.now() - started, open, statuses: counts };
      await sleep(250);
    }
  }

  return { post, jobStatus, waitTerminal };
}

export type ApiClient = ReturnType<typeof apiClient>;

/** A generation request; a fresh userId unless the caller names one. */
export const newJob = (userId: string = randomUUID()) => ({
  prompt: 'A lighthouse on a cliff at dusk',
  aspectRatio: '4:3',
  userId,
  requestId: `req-${randomUUID()}`,
});
