import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generationRuntime } from '../../../local/plugins/generation';
import { startTestApp, type TestApp } from '../../support/local-app';

/** 30 fresh visitor ids from one address cannot start 30 warm-ups: the address has its own cap. */
describe('warm-up per network address', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ plugins: ['generation'], env: { GEN_WARM_PER_MINUTE: '6', GEN_WARM_IP_PER_MINUTE: '10' } });
    await Promise.all(
      generationRuntime()
        .workers.splice(0)
        .map((w) => w.stop()),
    );
  });
  afterAll(async () => app?.stop());

  it('admits GEN_WARM_IP_PER_MINUTE warm-ups from one address and answers the rest 429', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        app.api('/api/generate/warm', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ userId: randomUUID() }),
        }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    expect(answers.find((r) => r.status === 429)?.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
