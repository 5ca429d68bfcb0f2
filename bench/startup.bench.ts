/**
 * Startup of the local site: time until GET /api/health answers 200 with every dependency up, until
 * the galleries are full (the seed plugin's "seed: stored N images" line), memory of the whole process
 * tree, and shutdown time. First = `npm start` itself as on a fresh clone (SPA build, Lambda bundles
 * and synth afresh: the cloud assembly's stamp is removed first; empty data folder); cold = local/start.ts
 * with an empty data folder (bundles reused); warm = the same folder again (tables exist, data kept).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../local/ports';

const root = resolve(import.meta.dirname, '..');

function treeRssMb(pid: number): number {
  const out = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,rss='], { encoding: 'utf8' });
  const rows = out
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/).map(Number) as [number, number, number]);
  const pids = new Set([pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [p, pp] of rows) {
      if (pids.has(pp) && !pids.has(p)) {
        pids.add(p);
        grew = true;
      }
    }
  }
  return rows.filter(([p]) => pids.has(p)).reduce((sum, [, , rss]) => sum + rss, 0) / 1024;
}

interface Start {
  readyMs: number;
  /** NaN when the galleries were already full (a warm start seeds nothing). */
  seededMs: number;
  rssMb: number;
  stopMs: number;
}

async function startOnce(dataDir: string, first = false): Promise<Start> {
  const port = await freePort();
  if (first) rmSync(join(root, 'cdk.out', 'artloom-inputs.json'), { force: true });
  const started = performance.now();
  // `npm start` (its prestart check, the SPA build, then local/start.ts) in a group of its own, so Ctrl-C reaches all of it.
  const child: ChildProcess = first
    ? spawn('npm', ['start', '--silent'], {
        cwd: root,
        env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_REQUESTS: '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      })
    : spawn(process.execPath, ['--import', 'tsx', 'local/start.ts'], {
        cwd: root,
        env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_REQUESTS: '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
  let seededMs = Number.NaN;
  let alreadySeeded = false;
  const seeded = new Promise<void>((done) => {
    const read = (chunk: Buffer) => {
      const text = chunk.toString();
      if (/seed: stored \d+ images/.test(text)) {
        seededMs = performance.now() - started;
        done();
      } else if (/seed: already seeded|seed failed|seed: interrupted/.test(text)) {
        alreadySeeded = true;
        done();
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
  });
  let readyMs = Number.NaN;
  for (let i = 0; i < 6000; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.status === 200) {
        readyMs = performance.now() - started;
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  await Promise.race([seeded, new Promise((r) => setTimeout(r, 600_000))]);
  if (alreadySeeded) seededMs = Number.NaN;
  // Let background work settle before measuring memory.
  await new Promise((r) => setTimeout(r, 3000));
  const rssMb = treeRssMb(child.pid ?? 0);
  const stopStarted = performance.now();
  await new Promise<void>((r) => {
    child.once('exit', () => r());
    if (first && child.pid) process.kill(-child.pid, 'SIGINT');
    else child.kill('SIGINT');
  });
  return { readyMs, seededMs, rssMb, stopMs: performance.now() - stopStarted };
}

export async function run(): Promise<void> {
  const firstDir = mkdtempSync(join(tmpdir(), 'artloom-bench-first-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'artloom-bench-start-'));
  try {
    const load = loadavg()[0]?.toFixed(2);
    const first = await startOnce(firstDir, true);
    const cold = await startOnce(dataDir);
    const warm = await startOnce(dataDir);
    console.info(`load average at the start: ${load}; now ${loadavg()[0]?.toFixed(2)} (os.loadavg, 1 min)`);
    console.info('| start | health 200 after | galleries full after | process-tree RSS | Ctrl-C to exit |');
    console.info('|---|---|---|---|---|');
    const sec = (ms: number) => (Number.isNaN(ms) ? '— (already seeded)' : `${(ms / 1000).toFixed(1)} s`);
    for (const [name, r] of [
      ['first `npm start` (SPA build, bundles + synth afresh, empty DATA_DIR)', first],
      ['cold (bundles reused, empty DATA_DIR)', cold],
      ['warm (same DATA_DIR)', warm],
    ] as const) {
      console.info(`| ${name} | ${sec(r.readyMs)} | ${sec(r.seededMs)} | ${r.rssMb.toFixed(0)} MB | ${(r.stopMs / 1000).toFixed(2)} s |`);
    }
  } finally {
    rmSync(firstDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}
