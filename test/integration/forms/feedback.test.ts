import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../../shared/constants';
import { FEEDBACK_MESSAGES } from '../../../shared/schemas/forms';
import {
  errorOf,
  form,
  formsAppForFile,
  mp4Head,
  pngOfSize,
  rawMultipart,
  svgWithScript,
  tinyGif,
  tinyJpeg,
  tinyPng,
  tinyWebp,
  validFeedback,
} from './support';

const app = formsAppForFile();

async function recordOf(id: string) {
  return (await app.messages()).find((m) => m.id === id);
}

describe('feedback form API', () => {
  it('stores a feedback without attachment and answers 201 with its id', async () => {
    // Act
    const res = await app.postForm('/api/Feedback', form(validFeedback));
    // Assess
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const record = await recordOf(id);
    expect(record).toMatchObject({
      type: 'feedback',
      fields: { feedbackType: 'bug_report', description: validFeedback.description, email: 'ann@example.com', rating: 4 },
      sourceIp: '127.0.0.1',
      gsi1pk: 'type#feedback',
    });
    expect(record?.attachment).toBeUndefined();
    expect(typeof record?.createdAt).toBe('string');
    expect(record?.userAgent).toBeTypeOf('string');
  });

  it('accepts the UserFeedback spelling and an empty email', async () => {
    const res = await app.postForm('/api/UserFeedback', form({ ...validFeedback, email: '' }));
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect((await recordOf(id))?.fields).toMatchObject({ email: '' });
  });

  it('treats an untouched file input (empty part, empty file name) as no attachment', async () => {
    const data = form(validFeedback);
    data.append('screenshot', new File([], ''), '');
    const res = await app.postForm('/api/Feedback', data);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect((await recordOf(id))?.attachment).toBeUndefined();
  });

  it.each([
    ['PNG', tinyPng, 'image/png'],
    ['JPEG', tinyJpeg, 'image/jpeg'],
    ['WebP', tinyWebp, 'image/webp'],
    ['GIF', tinyGif, 'image/gif'],
  ])('stores a %s screenshot privately under a random key with the detected type', async (_name, make, mime) => {
    // Prepare
    const content = await make();
    // Act
    const res = await app.postForm('/api/Feedback', form(validFeedback, { content, name: 'shot.bin', type: 'application/octet-stream' }));
    // Assess
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const record = await recordOf(id);
    const attachment = record?.attachment as { key: string; contentType: string; size: number; filename: string };
    expect(attachment).toMatchObject({ contentType: mime, size: content.length, filename: 'shot.bin' });
    expect(attachment.key).toMatch(new RegExp(`^attachments/feedback/\\d{4}/\\d{2}/${id}\\.\\w+$`));
    const stored = await app.attachment(attachment.key);
    expect(stored.contentType).toBe(mime);
    expect(stored.body.equals(content)).toBe(true);
    // Never public: the /files/ route serves only the images bucket's public prefix.
    expect((await app.api(`/files/${attachment.key}`)).status).toBe(404);
  });

  it('accepts a PNG renamed .txt with a text content type, as PNG', async () => {
    const res = await app.postForm(
      '/api/Feedback',
      form(validFeedback, { content: await tinyPng(), name: 'notes.txt', type: 'text/plain' }),
    );
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect((await recordOf(id))?.attachment).toMatchObject({ contentType: 'image/png' });
  });

  it('refuses a text file renamed .png with 415 and stores nothing', async () => {
    const before = await app.messages();
    const res = await app.postForm(
      '/api/Feedback',
      form(validFeedback, { content: Buffer.from('just some text, honestly'), name: 'shot.png', type: 'image/png' }),
    );
    expect(res.status).toBe(415);
    expect((await errorOf(res)).code).toBe('unsupported_media_type');
    expect(await app.messages()).toHaveLength(before.length);
  });

  it('refuses an SVG carrying a script with 415', async () => {
    const res = await app.postForm(
      '/api/Feedback',
      form(validFeedback, { content: svgWithScript(), name: 'shot.svg', type: 'image/svg+xml' }),
    );
    expect(res.status).toBe(415);
  });

  it('refuses a video on the feedback form (images only)', async () => {
    const res = await app.postForm('/api/Feedback', form(validFeedback, { content: mp4Head(), name: 'clip.mp4', type: 'video/mp4' }));
    expect(res.status).toBe(415);
    expect((await errorOf(res)).message).toMatch(/PNG, JPEG, WebP or GIF image\.$/);
  });

  it('accepts a screenshot of exactly 2 MB', async () => {
    const res = await app.postForm(
      '/api/Feedback',
      form(validFeedback, { content: await pngOfSize(MAX_UPLOAD_BYTES), name: 'big.png', type: 'image/png' }),
    );
    expect(res.status).toBe(201);
  });

  it('refuses 2 MB + 1 byte with 413 and a JSON error, storing nothing', async () => {
    const [messages, objects] = [(await app.messages()).length, (await app.attachments()).length];
    const res = await app.postForm(
      '/api/Feedback',
      form(validFeedback, { content: await pngOfSize(MAX_UPLOAD_BYTES + 1), name: 'big.png', type: 'image/png' }),
    );
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toMatchObject({ code: 'payload_too_large' });
    expect(await app.messages()).toHaveLength(messages);
    expect(await app.attachments()).toHaveLength(objects);
  });

  it('refuses a truncated multipart body with 400', async () => {
    const body = rawMultipart('XyZ', [
      { name: 'feedbackType', value: 'bug_report' },
      { name: 'description', value: 'Truncated upload' },
      { name: 'rating', value: '3' },
      { name: 'screenshot', value: await tinyPng(), filename: 'a.png', type: 'image/png' },
    ]);
    const res = await app.postRaw('/api/Feedback', body.subarray(0, body.length - 60), 'multipart/form-data; boundary=XyZ');
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe('malformed_multipart');
  });

  it('refuses a JSON body with 415', async () => {
    const res = await app.postJson('/api/Feedback', validFeedback);
    expect(res.status).toBe(415);
  });

  it('refuses a multipart content type without a boundary with 400', async () => {
    const res = await app.postRaw('/api/Feedback', 'x', 'multipart/form-data');
    expect(res.status).toBe(400);
  });

  it('refuses a file sent in a field other than screenshot', async () => {
    const data = form(validFeedback);
    data.append('avatar', new File([new Uint8Array(await tinyPng())], 'a.png', { type: 'image/png' }));
    const res = await app.postForm('/api/Feedback', data);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe('unexpected_file');
  });

  it.each([
    ['feedbackType missing', { feedbackType: '' }, 'feedbackType', 'Please choose a feedback type.'],
    ['feedbackType unknown', { feedbackType: 'praise' }, 'feedbackType', 'Please choose a feedback type.'],
    ['description blank', { description: '   ' }, 'description', 'Description is required.'],
    ['email invalid', { email: 'not-an-email' }, 'email', FEEDBACK_MESSAGES.email],
    ['email local part over 64', { email: `${'a'.repeat(65)}@example.com` }, 'email', FEEDBACK_MESSAGES.email],
    ['email over 254', { email: `a@${'b'.repeat(250)}.com` }, 'email', FEEDBACK_MESSAGES.email],
    ['rating 0', { rating: '0' }, 'rating', FEEDBACK_MESSAGES.rating],
    ['rating 6', { rating: '6' }, 'rating', FEEDBACK_MESSAGES.rating],
    ['rating 2.5', { rating: '2.5' }, 'rating', FEEDBACK_MESSAGES.rating],
  ])('refuses %s with 400 and the message', async (_name, change, field, message) => {
    const res = await app.postForm('/api/Feedback', form({ ...validFeedback, ...change }));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields?.[field]).toBe(message);
  });

  it('refuses a description over 5000 characters', async () => {
    const res = await app.postForm('/api/Feedback', form({ ...validFeedback, description: 'x'.repeat(5001) }));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toHaveProperty('description');
  });

  it('stores text exactly as sent (no escaping at rest)', async () => {
    const description = `<script>alert("hi")</script> & 'quotes' — ünïcödé 🎨`;
    const res = await app.postForm('/api/Feedback', form({ ...validFeedback, description }));
    const { id } = (await res.json()) as { id: string };
    expect((await recordOf(id))?.fields).toMatchObject({ description });
  });

  it('answers a filled honeypot with the ordinary 201 and stores nothing', async () => {
    const [messages, objects] = [(await app.messages()).length, (await app.attachments()).length];
    const res = await app.postForm(
      '/api/Feedback',
      form({ ...validFeedback, website: 'http://spam.example' }, { content: await tinyPng(), name: 'a.png', type: 'image/png' }),
    );
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ received: true });
    expect(await app.messages()).toHaveLength(messages);
    expect(await app.attachments()).toHaveLength(objects);
  });
});
