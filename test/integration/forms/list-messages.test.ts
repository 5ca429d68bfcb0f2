import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { form, formsAppForFile, validContact, validFeedback } from './support';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../../..');
const app = formsAppForFile();

describe('messages:list script', () => {
  it('lists one type newest first from the configured table', async () => {
    // Prepare
    const ids: string[] = [];
    for (const description of ['first message', 'second message', 'third message']) {
      const res = await app.postForm('/api/Feedback', form({ ...validFeedback, description }));
      ids.push(((await res.json()) as { id: string }).id);
    }
    await app.postJson('/api/contact', validContact);
    // Act
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/list-messages.ts', 'feedback', '--json'], {
      cwd: ROOT,
      env: { ...process.env, DYNAMODB_ENDPOINT: app.env.DYNAMODB_ENDPOINT, MESSAGES_TABLE: `${app.prefix}-messages` },
    });
    // Assess
    const listed = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: string; type: string });
    expect(listed.map((m) => m.id)).toEqual(ids.reverse());
    expect(listed.every((m) => m.type === 'feedback')).toBe(true);
  });
});
