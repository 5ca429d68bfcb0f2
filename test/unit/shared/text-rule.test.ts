import { describe, expect, it } from 'vitest';
import { imageIdPathSchema } from '../../../shared/schemas/admin';
import { fieldErrors } from '../../../shared/schemas/common';
import { contactRequestSchema, newsletterRequestSchema } from '../../../shared/schemas/forms';
import { imageIdParamSchema } from '../../../shared/schemas/gallery';
import { generateRequestSchema } from '../../../shared/schemas/generation';
import { imageReportRequestSchema } from '../../../shared/schemas/safety';
import { forbiddenCharacter, forbiddenCharacterMessage, pathProblem } from '../../../shared/text-rule';
import { itAnswers } from '../../support/answers';

const contact = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', subject: 'Hello', message: 'A message long enough.' };

describe('text rule: control, format and unpaired-surrogate characters', () => {
  itAnswers('finds %s', (_name: string, value: string) => forbiddenCharacter(value, { emoji: true }), [
    ['NUL', 'a\u0000b', 'U+0000'],
    ['escape', '\u001b[2J', 'U+001B'],
    ['DEL', 'a\u007f', 'U+007F'],
    ['right-to-left override', 'invoice\u202Efdp.exe', 'U+202E'],
    ['zero-width space', 'a\u200bb', 'U+200B'],
    ['soft hyphen', 'a\u00adb', 'U+00AD'],
    ['byte-order mark', '\ufeffabc', 'U+FEFF'],
    ['a tag character', 'a\u{E0041}', 'U+E0041'],
    ['a lone high surrogate', 'a\uD800b', 'U+D800'],
    ['a lone low surrogate', 'a\uDC00', 'U+DC00'],
    ['a line break in a single-line field', 'a\nb', 'U+000A'],
    ['a zero-width joiner between letters', 'a\u200db', 'U+200D'],
  ]);

  it('keeps tab and line breaks in multi-line text, emoji sequences, accents and astral characters', () => {
    expect(forbiddenCharacter('one\r\ntwo\tthree', { multiline: true })).toBeUndefined();
    expect(forbiddenCharacter('👩\u200d💻 and 👨‍👩‍👧 🏳️‍🌈 café 𝒜 😀', { emoji: true })).toBeUndefined();
    expect(forbiddenCharacter('👩\u200d💻')).toBe('U+200D');
  });

  it('refuses them in emails and text fields with a field error naming the character', () => {
    const res = contactRequestSchema.safeParse({ ...contact, email: 'ann\u0000@example.com', firstName: 'Ann\u202E' });
    expect(res.success).toBe(false);
    expect(fieldErrors(res.error as never)).toMatchObject({
      email: forbiddenCharacterMessage('U+0000'),
      firstName: forbiddenCharacterMessage('U+202E'),
    });
    expect(newsletterRequestSchema.safeParse({ email: '\u202Eann@example.com' }).success).toBe(false);
    const report = imageReportRequestSchema.safeParse({ imageId: 'abc', reason: 'spam', details: 'bad \uDBFF' });
    expect(fieldErrors(report.error as never)).toEqual({ details: forbiddenCharacterMessage('U+DBFF') });
    const prompt = generateRequestSchema.safeParse({
      prompt: 'a fox \u202Ein the snow',
      aspectRatio: '1:1',
      userId: '3f1c2b5e-8a4d-4c6e-9f10-1a2b3c4d5e6f',
      requestId: 'abcdefgh',
    });
    expect(fieldErrors(prompt.error as never).prompt).toBe(forbiddenCharacterMessage('U+202E'));
  });

  it('refuses a control character in a path id with its own message', () => {
    for (const schema of [imageIdParamSchema, imageIdPathSchema]) {
      const res = schema.safeParse({ id: '\u0000' });
      expect(fieldErrors(res.error as never).id).toBe(forbiddenCharacterMessage('U+0000'));
    }
  });

  it('tells a file route why a raw path is refused (for the local /files server)', () => {
    expect(pathProblem('/files/%00')).toMatch(/U\+0000/);
    expect(pathProblem('/files/a%E2%80%AEb.png')).toMatch(/U\+202E/);
    expect(pathProblem('/files/%E0%A4%A')).toBe('The path is not valid percent-encoding.');
    expect(pathProblem('/files/images/caf%C3%A9%20one.png')).toBeUndefined();
  });
});
