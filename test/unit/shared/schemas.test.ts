import { describe, expect, it } from 'vitest';
import { adLinkSchema } from '../../../shared/schemas/admin';
import { adListSchema } from '../../../shared/schemas/ads';
import { fieldErrors, intParam, isValidEmail } from '../../../shared/schemas/common';
import {
  CONTACT_MESSAGES,
  contactMessageSchema,
  feedbackFieldsSchema,
  issueReportFieldsSchema,
  newsletterSignupSchema,
} from '../../../shared/schemas/forms';
import { galleryListQuerySchema } from '../../../shared/schemas/gallery';
import { generateRequestSchema } from '../../../shared/schemas/generation';

describe('email rule (contact table)', () => {
  const local64 = 'a'.repeat(64);
  it.each([
    ['ada@example.com', true],
    ['ada.lovelace+art@mail.example.co.uk', true],
    [`${local64}@example.com`, true],
    [`${local64}a@example.com`, false],
    [`${'a'.repeat(64)}@${'b'.repeat(180)}.com`, true],
    [`${'a'.repeat(64)}@${'b'.repeat(186)}.com`, false],
    ['ada@example', false],
    ['ada example.com', false],
    ['@example.com', false],
    ['ada@@example.com', false],
    ['ada@example..com', false],
    ['', false],
  ])('%s → %s', (email, ok) => {
    expect(isValidEmail(email)).toBe(ok);
  });
});

describe('contact message schema', () => {
  const valid = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', subject: 'Hello', message: 'A message of length.' };
  it('accepts a valid message', () => {
    expect(contactMessageSchema.parse(valid)).toEqual(valid);
  });
  it.each([
    ['firstName', 'A', CONTACT_MESSAGES.firstName],
    ['lastName', ' ', CONTACT_MESSAGES.lastName],
    ['email', '', CONTACT_MESSAGES.emailRequired],
    ['email', 'nope', CONTACT_MESSAGES.emailInvalid],
    ['subject', '', CONTACT_MESSAGES.subject],
    ['message', 'too short', CONTACT_MESSAGES.message],
  ])('%s=%j gives the spec message', (field, value, message) => {
    const result = contactMessageSchema.safeParse({ ...valid, [field]: value });
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrors(result.error)[field]).toBe(message);
  });
});

describe('form schemas', () => {
  it('feedback: rating 1-5 as sent by multipart, email optional', () => {
    expect(feedbackFieldsSchema.parse({ feedbackType: 'bug_report', description: 'Broken', rating: '5' })).toEqual({
      feedbackType: 'bug_report',
      description: 'Broken',
      email: '',
      rating: 5,
    });
    for (const rating of ['0', '6', '', 'x', '2.5'])
      expect(feedbackFieldsSchema.safeParse({ feedbackType: 'bug_report', description: 'd', rating }).success).toBe(false);
    expect(feedbackFieldsSchema.safeParse({ feedbackType: 'praise', description: 'd', rating: '3' }).success).toBe(false);
  });
  it('issue report: http(s) url only, optional', () => {
    const base = { reporterEmail: 'a@b.co', issueType: 'other', description: 'd' };
    expect(issueReportFieldsSchema.safeParse({ ...base, issueUrl: 'https://artloom.example/generate' }).success).toBe(true);
    expect(issueReportFieldsSchema.safeParse({ ...base, issueUrl: '' }).success).toBe(true);
    expect(issueReportFieldsSchema.safeParse({ ...base, issueUrl: 'javascript:alert(1)' }).success).toBe(false);
  });
  it('newsletter needs an address', () => {
    expect(newsletterSignupSchema.safeParse({ email: '' }).success).toBe(false);
    expect(newsletterSignupSchema.parse({ email: ' a@b.co ' })).toEqual({ email: 'a@b.co' });
  });
  it('ad links: https only, absolute', () => {
    expect(adLinkSchema.safeParse('https://shop.example/shoes').success).toBe(true);
    for (const link of ['http://shop.example/shoes', 'HTTP://shop.example', 'javascript:alert(1)', '/relative', 'ftp://x.example/a', ''])
      expect(adLinkSchema.safeParse(link).success, link).toBe(false);
  });
  it('ads default their alternate text', () => {
    expect(adListSchema.parse([{ navigateUrl: 'https://x.example', imageUrl: '/files/ads/a.png' }])[0]?.alternateText).toBe('Sponsored Ad');
  });
});

describe('query parameters', () => {
  const take = intParam('take', { min: 1, max: 100, default: 25 });
  it.each([
    [undefined, 25],
    ['0', null],
    ['1', 1],
    ['100', 100],
    ['101', null],
    ['', null],
    ['-1', null],
    ['1e2', null],
    ['2.5', null],
    [' 3', null],
  ])('take=%j → %j', (value, expected) => {
    const result = take.safeParse(value);
    expect(result.success ? result.data : null).toBe(expected);
  });
  it('gallery list needs a UUID userId', () => {
    expect(galleryListQuerySchema.safeParse({ userId: 'not-a-uuid' }).success).toBe(false);
    expect(galleryListQuerySchema.parse({ userId: '0b9e4f6c-3a5d-4c1e-9f2a-7d8e6b5a4c3d', model: 'flux_schnell' })).toEqual({
      userId: '0b9e4f6c-3a5d-4c1e-9f2a-7d8e6b5a4c3d',
      model: 'flux_schnell',
      skip: 0,
      take: 25,
    });
  });
  it('generate request applies the prompt rule and the six ratios', () => {
    const base = {
      prompt: 'A colorful sunset over the ocean',
      aspectRatio: '16:9',
      userId: '0b9e4f6c-3a5d-4c1e-9f2a-7d8e6b5a4c3d',
      requestId: 'req-12345678',
    };
    expect(generateRequestSchema.safeParse(base).success).toBe(true);
    expect(generateRequestSchema.safeParse({ ...base, prompt: 'sunset' }).success).toBe(false);
    expect(generateRequestSchema.safeParse({ ...base, aspectRatio: '3:1' }).success).toBe(false);
    expect(generateRequestSchema.safeParse({ ...base, prompt: `a ${'long '.repeat(300)}` }).success).toBe(false);
  });
});
