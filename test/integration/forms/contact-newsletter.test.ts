import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '../../../shared/schemas/forms';
import { forbiddenCharacterMessage } from '../../../shared/text-rule';
import { errorOf, formsAppForFile, validContact } from './support';

const app = formsAppForFile();

describe('contact API', () => {
  it('stores a contact message with client IP and user agent', async () => {
    const res = await app.api('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'ContactTest/1.0' },
      body: JSON.stringify(validContact),
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const record = (await app.messages()).find((m) => m.id === id);
    expect(record).toMatchObject({ type: 'contact', fields: validContact, sourceIp: '127.0.0.1', userAgent: 'ContactTest/1.0' });
  });

  it.each([
    ['firstName short', { firstName: 'A' }, 'firstName', CONTACT_MESSAGES.firstName],
    ['firstName blank', { firstName: '   ' }, 'firstName', CONTACT_MESSAGES.firstName],
    ['lastName short', { lastName: 'B' }, 'lastName', CONTACT_MESSAGES.lastName],
    ['email empty', { email: '' }, 'email', CONTACT_MESSAGES.emailRequired],
    ['email invalid', { email: 'ann.example.com' }, 'email', CONTACT_MESSAGES.emailInvalid],
    ['email local part of 65', { email: `${'a'.repeat(65)}@example.com` }, 'email', CONTACT_MESSAGES.emailInvalid],
    ['email of 255 characters', { email: `${'a'.repeat(60)}@${'b'.repeat(190)}.com` }, 'email', CONTACT_MESSAGES.emailInvalid],
    ['subject empty', { subject: '' }, 'subject', CONTACT_MESSAGES.subject],
    ['message short', { message: 'too short' }, 'message', CONTACT_MESSAGES.message],
  ])('refuses %s with 400 and the spec message', async (_name, change, field, message) => {
    const res = await app.postJson('/api/contact', { ...validContact, ...change });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields?.[field]).toBe(message);
  });

  it.each([
    ['a NUL in the email', { email: 'ann\u0000@example.com' }, 'email', 'U+0000'],
    ['a bidi override in the email', { email: 'ann\u202E@example.com' }, 'email', 'U+202E'],
    ['a bidi override in the name', { firstName: 'Ann\u202Eelif.exe' }, 'firstName', 'U+202E'],
    ['an escape character in the subject', { subject: 'Hi \u001b[31m' }, 'subject', 'U+001B'],
    ['an unpaired surrogate in the message', { message: 'A long enough message \uD800 here' }, 'message', 'U+D800'],
  ])('refuses %s with 400 naming the character', async (_name, change, field, code) => {
    const before = (await app.messages()).length;
    const res = await app.postJson('/api/contact', { ...validContact, ...change });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields?.[field]).toBe(forbiddenCharacterMessage(code));
    expect(await app.messages()).toHaveLength(before);
  });

  it('keeps line breaks in the message and emoji joined with a zero-width joiner', async () => {
    const res = await app.postJson('/api/contact', { ...validContact, message: 'Line one\r\nline two 👩\u200d💻 done' });
    expect(res.status).toBe(201);
  });

  it('accepts an email of exactly 64 before the @', async () => {
    const res = await app.postJson('/api/contact', { ...validContact, email: `${'a'.repeat(64)}@example.com` });
    expect(res.status).toBe(201);
  });

  it('refuses a missing field, a non-JSON body and invalid JSON with 400', async () => {
    const { message: _m, ...rest } = validContact;
    expect((await app.postJson('/api/contact', rest)).status).toBe(400);
    expect((await app.postRaw('/api/contact', '{"firstName":', 'application/json')).status).toBe(400);
    expect((await app.postRaw('/api/contact', 'firstName=Ann', 'application/x-www-form-urlencoded')).status).toBe(400);
  });

  it('drops a filled honeypot silently', async () => {
    const before = (await app.messages()).length;
    const res = await app.postJson('/api/contact', { ...validContact, website: 'spam' });
    expect(res.status).toBe(201);
    expect(await app.messages()).toHaveLength(before);
  });
});

describe('newsletter API', () => {
  it('stores an address once, with an unsubscribe token; a repeat signup is the same success', async () => {
    // Act
    const first = await app.postJson('/api/newsletter/subscribe', { email: 'Reader@Example.com' });
    const second = await app.postJson('/api/newsletter/subscribe', { email: 'reader@example.com' });
    // Assess
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual(await first.json());
    const subs = (await app.messages()).filter((m) => m.type === 'newsletter');
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ pk: 'newsletter#reader@example.com', fields: { email: 'Reader@Example.com' } });
    expect(subs[0]?.unsubscribeToken).toMatch(/^[\w-]{32}$/);
  });

  it('keeps one row under concurrent signups of the same address', async () => {
    await Promise.all(Array.from({ length: 5 }, () => app.postJson('/api/newsletter/subscribe', { email: 'race@example.com' })));
    expect((await app.messages()).filter((m) => m.pk === 'newsletter#race@example.com')).toHaveLength(1);
  });

  it.each([
    ['empty', ''],
    ['no at', 'reader.example.com'],
    ['too long', `${'a'.repeat(65)}@example.com`],
    ['NUL-carrying', 'reader\u0000@example.com'],
    ['right-to-left-overridden', '\u202Ereader@example.com'],
  ])('refuses an %s address with 400', async (_name, email) => {
    const res = await app.postJson('/api/newsletter/subscribe', { email });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toHaveProperty('email');
  });
});
