import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FunctionHost, LAMBDA_MAX_EVENT_BYTES, LAMBDA_MAX_RESULT_BYTES } from '../../../local/functions/host';

/**
 * The local function runner holds a function to Lambda's limits: a bundle (a real ES module in a
 * folder of its own, run in its own process by local/functions/runtime.mjs) that sleeps past its
 * timeout, answers more than 6 MB, is sent more than 6 MB, or writes beside its code fails as on Lambda.
 */
const BUNDLE = `
import { writeFileSync } from 'node:fs';
export const handler = async (event) => {
  if (event.sleepMs) await new Promise((resolve) => setTimeout(resolve, event.sleepMs));
  if (event.answerBytes) return 'x'.repeat(event.answerBytes);
  if (event.writeBeside) writeFileSync(new URL('./cache.json', import.meta.url), '{}');
  if (event.writeTmp) writeFileSync('/tmp/artloom-host-test-' + process.pid, '{}');
  return { ok: true, pid: process.pid };
};
`;

describe('local function host: Lambda limits', () => {
  const assetsRoot = mkdtempSync(join(tmpdir(), 'artloom-host-test-'));
  const hosts: FunctionHost[] = [];
  const host = (timeoutSeconds = 30) => {
    // Its own asset folder name per host: the host copies it to a folder named after it.
    const assetDir = join(assetsRoot, `asset.${randomUUID()}`);
    rmSync(assetDir, { recursive: true, force: true });
    mkdirSync(assetDir);
    writeFileSync(join(assetDir, 'index.mjs'), BUNDLE);
    const h = new FunctionHost({
      name: 'artloom-test',
      assetDir,
      env: () => ({ PATH: process.env.PATH ?? '' }),
      memoryMb: 128,
      timeoutSeconds,
    });
    hosts.push(h);
    return h;
  };
  afterAll(async () => {
    await Promise.all(hosts.map((h) => h.stop()));
    rmSync(assetsRoot, { recursive: true, force: true });
  });

  it('answers within the limits', async () => {
    await expect(host().invoke({})).resolves.toMatchObject({ ok: true });
  });

  it('ends an invocation at the function timeout with Sandbox.Timedout, and the next one runs in a fresh process', async () => {
    const h = host(1);
    const first = (await h.invoke({})) as { pid: number };
    const started = Date.now();
    await expect(h.invoke({ sleepMs: 5000 })).rejects.toMatchObject({
      name: 'Sandbox.Timedout',
      message: 'Task timed out after 1.00 seconds',
    });
    expect(Date.now() - started).toBeLessThan(3000);
    const next = (await h.invoke({})) as { pid: number };
    expect(next.pid).not.toBe(first.pid);
  });

  it('refuses an event over 6 MB before the function sees it', async () => {
    await expect(host().invoke({ pad: 'x'.repeat(LAMBDA_MAX_EVENT_BYTES) })).rejects.toMatchObject({
      name: 'RequestEntityTooLargeException',
    });
  });

  it('refuses a result over 6 MB', async () => {
    const h = host();
    await expect(h.invoke({ answerBytes: LAMBDA_MAX_RESULT_BYTES })).rejects.toMatchObject({ name: 'Function.ResponseSizeTooLarge' });
    // Just under the limit (the JSON string's quotes count) is answered.
    await expect(h.invoke({ answerBytes: LAMBDA_MAX_RESULT_BYTES - 2 })).resolves.toHaveLength(LAMBDA_MAX_RESULT_BYTES - 2);
  });

  it('loads the code from a read-only folder: a write beside it fails, a write to /tmp works', async () => {
    const h = host();
    await expect(h.invoke({ writeBeside: true })).rejects.toMatchObject({
      message: expect.stringMatching(/EACCES|EROFS|permission denied/i),
    });
    await expect(h.invoke({ writeTmp: true })).resolves.toMatchObject({ ok: true });
  });
});
