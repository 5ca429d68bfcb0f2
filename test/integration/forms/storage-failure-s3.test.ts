import { beforeAll, describe, expect, it } from 'vitest';
import { bucketGone } from '../../support/store-faults';
import { errorOf, form, formsAppForFile, tinyPng, validFeedback, validIssue } from './support';

// The attachments bucket is gone (the gateway answers NoSuchBucket), so every S3 PUT fails mid-request.
const app = formsAppForFile();
beforeAll(() => {
  bucketGone(app, 'attachments');
});

describe('forms API when S3 fails', () => {
  it.each([
    ['/api/Feedback', validFeedback],
    ['/api/IssueReport', validIssue],
  ])('%s answers 503 with Retry-After and writes no record', async (path, fields) => {
    const res = await app.postForm(path, form(fields, { content: await tinyPng(), name: 'a.png', type: 'image/png' }));
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect((await errorOf(res)).code).toBe('storage_unavailable');
    expect(await app.messages()).toHaveLength(0);
  });

  it('still stores a message without attachment (S3 is not involved)', async () => {
    const res = await app.postForm('/api/Feedback', form(validFeedback));
    expect(res.status).toBe(201);
    expect(await app.messages()).toHaveLength(1);
  });
});
