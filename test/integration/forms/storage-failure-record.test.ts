import { beforeAll, describe, expect, it } from 'vitest';
import { tableGone } from '../../support/store-faults';
import { errorOf, form, formsAppForFile, tinyPng, validContact, validFeedback } from './support';

// The messages table is gone (the gateway answers ResourceNotFoundException): the attachment is
// stored, the record write fails, and the attachment must be removed again so no half message remains.
const app = formsAppForFile();
beforeAll(() => {
  tableGone(app, 'messages');
});

describe('forms API when the record write fails', () => {
  it('answers 503 and deletes the attachment it had stored', async () => {
    const res = await app.postForm('/api/Feedback', form(validFeedback, { content: await tinyPng(), name: 'a.png', type: 'image/png' }));
    expect(res.status).toBe(503);
    expect((await errorOf(res)).code).toBe('storage_unavailable');
    expect(await app.attachments()).toEqual([]);
  });

  it('answers 503 (not 4xx, not 500) for JSON forms too', async () => {
    expect((await app.postJson('/api/contact', validContact)).status).toBe(503);
    expect((await app.postJson('/api/newsletter/subscribe', { email: 'x@example.com' })).status).toBe(503);
  });
});
