import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBlockedTerms } from '../../../lambdas/adapters/blocked-terms';
import { addReport } from '../../../lambdas/adapters/image-reports';
import { getImage } from '../../../lambdas/adapters/images-table';
import { storeImage } from '../../../lambdas/services/image-store';
import { DEFAULT_BLOCKED_TERMS } from '../../../lambdas/services/prompt-screening';
import { newImage } from '../../fixtures/images';
import { startTestApp, type TestApp } from '../../support/local-app';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../../..');

describe('safety:terms and safety:moderation scripts', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => app?.stop());

  const script =
    (file: string) =>
    async (...args: string[]) =>
      (
        await run(process.execPath, ['--import', 'tsx', file, ...args], {
          cwd: ROOT,
          env: {
            ...process.env,
            DYNAMODB_ENDPOINT: app.env.DYNAMODB_ENDPOINT,
            MESSAGES_TABLE: `${app.prefix}-messages`,
            IMAGES_TABLE: `${app.prefix}-images`,
          },
        })
      ).stdout;
  const terms = script('scripts/safety-terms.ts');
  const moderation = script('scripts/moderation.ts');

  it('lists the defaults, adds to them, removes from them, in the table the handlers read', async () => {
    expect((await terms('list')).split('\n').slice(1, -1)).toEqual([...DEFAULT_BLOCKED_TERMS]);
    await terms('add', 'Red  Dragon', 'NSFW');
    expect((await getBlockedTerms())?.terms).toEqual([...DEFAULT_BLOCKED_TERMS, 'red dragon']);
    await terms('remove', 'nude', 'red dragon');
    expect((await getBlockedTerms())?.terms).toEqual(DEFAULT_BLOCKED_TERMS.filter((t) => t !== 'nude'));
  });

  it('lists the moderation queue with counts, hides and keeps a picture', async () => {
    const image = await storeImage(await newImage({ prompt: 'A quiet harbour' }));
    await addReport(image.id, new Date().toISOString(), new Date(Date.now() - 3600_000).toISOString());
    const listed = (await moderation('list', '--json'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: string; reportCount: number; prompt: string });
    expect(listed.find((i) => i.id === image.id)).toMatchObject({ reportCount: 1, prompt: 'A quiet harbour' });
    await moderation('hide', image.id);
    expect((await getImage(image.id, true))?.hidden).toBe(true);
    await moderation('keep', image.id);
    expect((await getImage(image.id, true))?.hidden).toBeUndefined();
  });
});
