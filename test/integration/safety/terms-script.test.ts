import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBlockedTerms } from '../../../lambdas/adapters/blocked-terms';
import { DEFAULT_BLOCKED_TERMS } from '../../../lambdas/services/prompt-screening';
import { startTestApp, type TestApp } from '../../support/local-app';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../../..');

describe('safety:terms script', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => app?.stop());

  const terms = async (...args: string[]) =>
    (
      await run(process.execPath, ['--import', 'tsx', 'scripts/safety-terms.ts', ...args], {
        cwd: ROOT,
        env: { ...process.env, DYNAMODB_ENDPOINT: app.env.DYNAMODB_ENDPOINT, MESSAGES_TABLE: `${app.prefix}-messages` },
      })
    ).stdout;

  it('lists the defaults, adds to them, removes from them, in the table the handlers read', async () => {
    expect((await terms('list')).split('\n').slice(1, -1)).toEqual([...DEFAULT_BLOCKED_TERMS]);
    await terms('add', 'Red  Dragon', 'NSFW');
    expect((await getBlockedTerms())?.terms).toEqual([...DEFAULT_BLOCKED_TERMS, 'red dragon']);
    await terms('remove', 'nude', 'red dragon');
    expect((await getBlockedTerms())?.terms).toEqual(DEFAULT_BLOCKED_TERMS.filter((t) => t !== 'nude'));
  });
});
