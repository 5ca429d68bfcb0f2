/**
 * Startup of the local site as `npm start` runs it (without the SPA build step): time until
 * GET /api/health answers 200 with every dependency up, memory of the whole process tree, and
 * shutdown time. Cold = empty data folder; warm = the same folder again (tables exist, data kept).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

async function startOnce(dataDir: string): Promise<{ readyMs: number; rssMb: number; stopMs: number }> {
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'local/start.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_REQUESTS: '0' },
    stdio: 'ignore',
  });
  let readyMs = Number.NaN;
  for (let i = 0; i < 600; i++) {
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
  // Let background seeding settle before measuring memory.
  await new Promise((r) => setTimeout(r, 3000));
  const rssMb = treeRssMb(child.pid ?? 0);
  const stopStarted = performance.now();
  await new Promise<void>((r) => {
    child.once('exit', () => r());
    child.kill('SIGINT');
  });
  return { readyMs, rssMb, stopMs: performance.now() - stopStarted };
}

export async function run(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'artloom-bench-start-'));
  try {
    const cold = await startOnce(dataDir);
    const warm = await startOnce(dataDir);
    console.info('| start | health 200 after | process-tree RSS | Ctrl-C to exit |');
    console.info('|---|---|---|---|');
    for (const [name, r] of [
      ['cold (empty DATA_DIR)', cold],
      ['warm (same DATA_DIR)', warm],
    ] as const) {
      console.info(`| ${name} | ${(r.readyMs / 1000).toFixed(2)} s | ${r.rssMb.toFixed(0)} MB | ${(r.stopMs / 1000).toFixed(2)} s |`);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
