/**
 * `npm run faults`: a scripted fault run of the local runtime on loopback, then an invariant check.
 * Faults, in order, on one data folder: kill -9 of the whole process tree mid-burst and restart;
 * DynamoDB Local paused (SIGSTOP), then killed; s3rver killed; the preview renderer stopped
 * mid-job; a last clean restart. Prints what each fault cost and a table of invariants; exits 1
 * when one is broken. Runs local/start.ts (the runtime of `npm start`, without the SPA build).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../local/names';
import { freePort } from '../local/ports';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const ROOT = resolve(import.meta.dirname, '..');
const BURST = 25;
/** The stated bound: every job terminal within this long after the runtime is back. */
const TERMINAL_WITHIN_MS = 60_000;
/** A store that is down must be answered within this long. */
const FAIL_FAST_MS = 7_000;

const dataDir = mkdtempSync(join(tmpdir(), 'artloom-faults-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const say = (line: string) => console.info(`[faults] ${line}`);

interface Runtime {
  child: ChildProcess;
  log: string[];
  dynamoPid(): number;
  s3Pid(): number;
  dynamoEndpoint: string;
  s3Endpoint: string;
}

async function startRuntime(): Promise<Runtime> {
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function killTree(rt: Runtime): Promise<void> {
  const pgid = rt.child.pid ?? 0;
  process.kill(-pgid, 'SIGKILL');
  await new Promise((r) => rt.child.once('exit', r));
  // The group's other members (java, s3rver) die with it; give the kernel a moment to free the ports.
  await sleep(500);
}

async function stopTree(rt: Runtime): Promise<void> {
  rt.child.kill('SIGTERM');
  await new Promise((r) => rt.child.once('exit', r));
}

async function post(path: string, body: unknown, key?: string): Promise<{ status: number; ms: number; json: Record<string, unknown> }> {
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

const TERMINAL = new Set(['done', 'failed', 'cancelled']);
async function waitTerminal(jobIds: string[], withinMs: number): Promise<{ ms: number; open: string[]; statuses: Record<string, number> }> {
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

async function waitLog(rt: Runtime, needle: string, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!rt.log.some((l) => l.includes(needle))) {
    if (Date.now() - started > timeoutMs) throw new Error(`no "${needle}" in the log within ${timeoutMs} ms`);
    await sleep(100);
  }
  return Date.now() - started;
}

const contact = (marker: string) => ({
  firstName: 'Fault',
  lastName: 'Tester',
  email: 'fault@example.com',
  subject: 'Fault run',
  message: `A message written during the fault run (${marker}).`,
  website: '',
});
const newJob = (userId: string = randomUUID()) => ({
  prompt: 'A lighthouse on a cliff at dusk',
  aspectRatio: '4:3',
  userId,
  requestId: `req-${randomUUID()}`,
});

const faults: { fault: string; observed: string }[] = [];
const jobs: { jobId: string; userId: string }[] = [];
const markers: string[] = [];
/** Answers given while a store was down: each must be a 503 within FAIL_FAST_MS. */
const downAnswers: { what: string; status: number; ms: number }[] = [];

let rt = await startRuntime();
say(`runtime up on ${base}, data in ${dataDir}`);
try {
  // 1. kill -9 of the whole tree mid-burst, restart on the same data folder.
  const burst = await Promise.all(
    Array.from({ length: BURST }, () => newJob()).map((b) => post('/api/generate', b).then((r) => ({ r, b }))),
  );
  const burstStatuses: Record<string, number> = {};
  for (const { r, b } of burst) {
    const label = `${r.status}${r.status >= 400 ? ` ${String((r.json.error as { code?: string })?.code)}` : ''}`;
    burstStatuses[label] = (burstStatuses[label] ?? 0) + 1;
    if (r.status === 202) jobs.push({ jobId: String(r.json.jobId), userId: b.userId });
  }
  await sleep(800);
  await killTree(rt);
  const restartStarted = Date.now();
  rt = await startRuntime();
  const crash = await waitTerminal(
    jobs.map((j) => j.jobId),
    TERMINAL_WITHIN_MS,
  );
  faults.push({
    fault: `kill -9 of the tree mid-burst (${BURST} POSTs: ${JSON.stringify(burstStatuses)}), restart`,
    observed: `restart ${Date.now() - restartStarted - crash.ms} ms; all jobs terminal ${crash.ms} ms after; ${JSON.stringify(crash.statuses)}`,
  });

  // 2. DynamoDB Local paused, then killed.
  process.kill(rt.dynamoPid(), 'SIGSTOP');
  const pausedKey = randomUUID();
  markers.push(pausedKey);
  const paused = await post('/api/contact', contact(pausedKey), pausedKey);
  const health = await fetch(`${base}/api/health`);
  const healthBody = (await health.json()) as { dependencies: Record<string, { ok: boolean }> };
  faults.push({
    fault: 'DynamoDB Local paused (SIGSTOP): POST /api/contact',
    observed: `${paused.status} ${String((paused.json.error as { code?: string })?.code ?? '')} in ${paused.ms} ms; health ${health.status}, dynamodb ok=${healthBody.dependencies.dynamodb?.ok}`,
  });
  const pausedJob = await post('/api/generate', newJob());
  downAnswers.push(
    { what: 'contact (paused)', status: paused.status, ms: paused.ms },
    { what: 'generate (paused)', status: pausedJob.status, ms: pausedJob.ms },
  );
  faults.push({ fault: 'DynamoDB Local paused: POST /api/generate', observed: `${pausedJob.status} in ${pausedJob.ms} ms` });
  const killedAt = Date.now();
  process.kill(rt.dynamoPid(), 'SIGKILL');
  const dead = await post('/api/contact', contact(pausedKey), pausedKey);
  downAnswers.push({ what: 'contact (killed)', status: dead.status, ms: dead.ms });
  const back = await waitLog(rt, 'DynamoDB Local is back', 60_000);
  const retried = await post('/api/contact', contact(pausedKey), pausedKey);
  faults.push({
    fault: 'DynamoDB Local killed: same POST, then the retry with the same key',
    observed: `${dead.status} in ${dead.ms} ms; restarted by npm start in ${back} ms (${Date.now() - killedAt} ms after the kill); retry ${retried.status}`,
  });

  // 3. s3rver killed.
  const s3Key = randomUUID();
  process.kill(rt.s3Pid(), 'SIGKILL');
  const form = new FormData();
  for (const [k, v] of Object.entries({
    feedbackType: 'bug_report',
    description: 'The fault run sends this feedback with a screenshot.',
    email: 'fault@example.com',
    rating: '4',
    website: '',
  }))
    form.set(k, v);
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
  form.set('screenshot', new Blob([png], { type: 'image/png' }), 'shot.png');
  const s3Started = performance.now();
  const s3Down = await fetch(`${base}/api/Feedback`, { method: 'POST', headers: { 'idempotency-key': s3Key }, body: form });
  const s3Ms = Math.round(performance.now() - s3Started);
  downAnswers.push({ what: 'feedback (s3rver killed)', status: s3Down.status, ms: s3Ms });
  const s3Back = await waitLog(rt, 's3rver is back', 60_000);
  faults.push({
    fault: 's3rver killed: POST /api/Feedback with a screenshot',
    observed: `${s3Down.status} in ${s3Ms} ms; restarted by npm start in ${s3Back} ms`,
  });

  // 4. The preview renderer stopped mid-job.
  const victim = newJob();
  const accepted = await post('/api/generate', victim);
  if (accepted.status === 202) {
    jobs.push({ jobId: String(accepted.json.jobId), userId: victim.userId });
    const deadline = Date.now() + 20_000;
    while ((await jobStatus(String(accepted.json.jobId))) !== 'generating' && Date.now() < deadline) await sleep(50);
    await fetch(`${base}/__local/faults/renderer-stop`, { method: 'POST' });
    const end = await waitTerminal([String(accepted.json.jobId)], TERMINAL_WITHIN_MS);
    faults.push({ fault: 'preview renderer stopped mid-job', observed: `job ${JSON.stringify(end.statuses)} after ${end.ms} ms` });
  } else faults.push({ fault: 'preview renderer stopped mid-job', observed: `could not start a job: ${accepted.status}` });

  // 5. A clean restart, then the invariants once the seed (interrupted by the kill) has finished:
  // it stores objects before records, so a seed in progress is not an orphan.
  await stopTree(rt);
  rt = await startRuntime();
  const seeded = Date.now();
  while (!rt.log.some((l) => /seed: (stored|already seeded)/.test(l)) && Date.now() - seeded < 180_000) await sleep(250);
} catch (err) {
  say(`fault run aborted: ${(err as Error).stack}`);
  process.exitCode = 1;
}

const invariants: { invariant: string; ok: boolean; detail: string }[] = [];
try {
  invariants.push({
    invariant: `a store that is down: 503 within ${FAIL_FAST_MS / 1000} s`,
    ok: downAnswers.length === 4 && downAnswers.every((a) => a.status === 503 && a.ms < FAIL_FAST_MS),
    detail: downAnswers.map((a) => `${a.what} ${a.status} ${a.ms} ms`).join('; '),
  });
  const all = await waitTerminal(
    jobs.map((j) => j.jobId),
    TERMINAL_WITHIN_MS,
  );
  invariants.push({
    invariant: `every job terminal within ${TERMINAL_WITHIN_MS / 1000} s`,
    ok: all.open.length === 0,
    detail: `${jobs.length} jobs: ${JSON.stringify(all.statuses)} in ${all.ms} ms`,
  });

  const ddb = DynamoDBDocumentClient.from(
    new DynamoDBClient({ region: LOCAL_REGION, endpoint: rt.dynamoEndpoint, credentials: LOCAL_CREDENTIALS }),
  );
  const s3 = new S3Client({ region: LOCAL_REGION, endpoint: rt.s3Endpoint, forcePathStyle: true, credentials: LOCAL_CREDENTIALS });
  const scan = async (table: string) => {
    const items: Record<string, unknown>[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const out = await ddb.send(new ScanCommand({ TableName: table, ExclusiveStartKey: start }));
      items.push(...(out.Items ?? []));
      start = out.LastEvaluatedKey;
    } while (start);
    return items;
  };
  const listKeys = async (prefix: string) => {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const out = await s3.send(new ListObjectsV2Command({ Bucket: 'artloom-images', Prefix: prefix, ContinuationToken: token }));
      keys.push(...(out.Contents ?? []).map((o) => o.Key ?? ''));
      token = out.IsTruncated ? out.NextContinuationToken : undefined;
    } while (token);
    return keys;
  };

  const images = (await scan('artloom-images')).filter((i) => String(i.pk).startsWith('img#'));
  const missing: string[] = [];
  for (const image of images) {
    for (const key of [`files/images/${image.id}.png`, `files/thumbs/${image.id}.webp`]) {
      await s3.send(new HeadObjectCommand({ Bucket: 'artloom-images', Key: key })).catch(() => missing.push(key));
    }
  }
  invariants.push({
    invariant: "every image record's objects present",
    ok: missing.length === 0,
    detail: `${images.length} records, ${missing.length} missing`,
  });

  const ids = new Set(images.map((i) => String(i.id)));
  const objects = [...(await listKeys('files/images/')), ...(await listKeys('files/thumbs/'))];
  const orphans = objects.filter((k) => !ids.has(k.replace(/^files\/(images|thumbs)\//, '').replace(/\.(png|webp)$/, '')));
  const jobItems = (await scan('artloom-jobs')).filter((i) => String(i.pk).startsWith('job#'));
  const staging = (await listKeys('staging/')).filter((k) => {
    const job = jobItems.find((j) => `staging/${j.jobId}.png` === k);
    return !job || TERMINAL.has(String(job.status));
  });
  invariants.push({
    invariant: 'no orphan objects',
    ok: orphans.length === 0 && staging.length <= 0,
    detail: `${objects.length} image objects, ${orphans.length} without a record${orphans.length ? ` (${orphans.slice(0, 3).join(', ')})` : ''}; ${staging.length} staging objects of ended jobs`,
  });

  const messages = (await scan('artloom-messages')).filter((m) => m.type === 'contact');
  const perMarker = markers.map((mk) => messages.filter((m) => String((m.fields as { message?: string })?.message).includes(mk)).length);
  const perRequest = new Map<string, number>();
  for (const j of jobItems) perRequest.set(`${j.userId}#${j.requestId}`, (perRequest.get(`${j.userId}#${j.requestId}`) ?? 0) + 1);
  const dupJobs = [...perRequest.values()].filter((n) => n > 1).length;
  invariants.push({
    invariant: 'no duplicate records',
    ok: perMarker.every((n) => n <= 1) && dupJobs === 0,
    detail: `contact retried across the outage stored ${perMarker.join(', ')} time(s); ${dupJobs} requestIds with two jobs`,
  });

  const locks = (await scan('artloom-jobs')).filter((i) => String(i.pk).startsWith('inflight#'));
  const staleLocks = locks.filter((l) => {
    const job = jobItems.find((j) => j.jobId === l.jobId);
    return !job || TERMINAL.has(String(job.status));
  });
  const slots = Number((await scan('artloom-jobs')).find((i) => i.pk === 'queue')?.count ?? 0);
  const first = jobs[0];
  const again = first ? await post('/api/generate', newJob(first.userId)) : { status: 0, ms: 0, json: {} as Record<string, unknown> };
  const againEnd = again.status === 202 ? await waitTerminal([String(again.json.jobId)], TERMINAL_WITHIN_MS) : undefined;
  invariants.push({
    invariant: 'no visitor locked out',
    ok: staleLocks.length === 0 && slots === 0 && again.status === 202 && againEnd?.open.length === 0,
    detail: `${staleLocks.length} locks of ended jobs, queue slots taken ${slots}; a crashed job's owner posts again: ${again.status}, ${JSON.stringify(againEnd?.statuses ?? {})}`,
  });
  ddb.destroy();
  s3.destroy();
} catch (err) {
  invariants.push({ invariant: 'invariant check ran', ok: false, detail: (err as Error).message });
} finally {
  await stopTree(rt).catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
}

const pad = (s: string, n: number) => s.padEnd(n);
console.info('\n| Fault | Observed |\n|---|---|');
for (const f of faults) console.info(`| ${f.fault} | ${f.observed} |`);
console.info('\n| Invariant | Result | Detail |\n|---|---|---|');
for (const i of invariants) console.info(`| ${pad(i.invariant, 40)} | ${i.ok ? 'PASS' : 'FAIL'} | ${i.detail} |`);
const failed = invariants.filter((i) => !i.ok).length;
if (failed || process.exitCode) {
  console.info(`\n${failed} invariant(s) broken`);
  process.exit(1);
}
console.info('\nall invariants hold');
process.exit(0);
