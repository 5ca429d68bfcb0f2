import { describe, expect, it } from 'vitest';
import { freshWindow } from '../../support/windows';
import { errorOf, form, formsAppForFile, validContact, validFeedback } from './support';

// The functions' clock starts one second into a minute: the case cannot straddle two (no wait for the wall clock).
const app = formsAppForFile({ ...freshWindow().env, FORMS_RATE_LIMIT_PER_MINUTE: '2', FORMS_RATE_LIMIT_PER_HOUR: '30' });

describe('forms rate limit', () => {
  it('answers 429 with Retry-After after the per-minute limit, per form, and stores nothing more', async () => {
    // Prepare: refused input costs no quota.
    expect((await app.postJson('/api/contact', { ...validContact, message: 'short' })).status).toBe(400);
    // Act
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await app.postJson('/api/contact', validContact)).status);
    const limited = await app.postJson('/api/contact', validContact);
    // Assess
    expect(statuses).toEqual([201, 201, 429]);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await errorOf(limited)).code).toBe('rate_limited');
    expect((await app.messages()).filter((m) => m.type === 'contact')).toHaveLength(2);
    // Another form has its own quota; both feedback spellings share one.
    expect((await app.postForm('/api/Feedback', form(validFeedback))).status).toBe(201);
    expect((await app.postForm('/api/UserFeedback', form(validFeedback))).status).toBe(201);
    expect((await app.postForm('/api/Feedback', form(validFeedback))).status).toBe(429);
  });
});
