import { describe, expect, it } from 'vitest';
import { errorOf, form, formsAppForFile, mp4Head, svgWithScript, tinyPng, validIssue, webmHead } from './support';

const app = formsAppForFile();

async function recordOf(res: Response) {
  const { id } = (await res.json()) as { id: string };
  return (await app.messages()).find((m) => m.id === id);
}

describe('issue report API', () => {
  it('stores a report without attachment', async () => {
    const res = await app.postForm('/api/IssueReport', form(validIssue));
    expect(res.status).toBe(201);
    expect(await recordOf(res)).toMatchObject({ type: 'issue', fields: validIssue, gsi1pk: 'type#issue' });
  });

  it('stores a report with an empty page URL', async () => {
    const res = await app.postForm('/api/IssueReport', form({ ...validIssue, issueUrl: '' }));
    expect(res.status).toBe(201);
    expect((await recordOf(res))?.fields).toMatchObject({ issueUrl: '' });
  });

  it('stores a PNG screenshot', async () => {
    const res = await app.postForm('/api/IssueReport', form(validIssue, { content: await tinyPng(), name: 'x.png', type: 'image/png' }));
    expect(res.status).toBe(201);
    expect((await recordOf(res))?.attachment).toMatchObject({ contentType: 'image/png' });
  });

  it.each([
    ['MP4', mp4Head('isom'), 'video/mp4', 'mp4'],
    ['MOV', mp4Head('qt  '), 'video/quicktime', 'mov'],
    ['WebM', webmHead(), 'video/webm', 'webm'],
  ])('stores a %s video with the type its bytes show', async (_name, content, mime, ext) => {
    const res = await app.postForm('/api/IssueReport', form(validIssue, { content, name: 'clip.dat', type: 'application/octet-stream' }));
    expect(res.status).toBe(201);
    const record = await recordOf(res);
    const attachment = record?.attachment as { key: string; contentType: string };
    expect(attachment.contentType).toBe(mime);
    expect(attachment.key).toMatch(new RegExp(`^attachments/issue/.+\\.${ext}$`));
    expect((await app.attachment(attachment.key)).contentType).toBe(mime);
  });

  it.each([
    ['SVG with script', svgWithScript()],
    ['HEIC (an ftyp image brand)', mp4Head('heic')],
    ['Matroska (EBML without webm)', Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.from('matroska'), Buffer.alloc(64)])],
    ['HTML', Buffer.from('<!doctype html><script>alert(1)</script>')],
  ])('refuses %s with 415', async (_name, content) => {
    const res = await app.postForm('/api/IssueReport', form(validIssue, { content, name: 'x.png', type: 'image/png' }));
    expect(res.status).toBe(415);
  });

  it.each([
    ['reporterEmail missing', { reporterEmail: '' }, 'reporterEmail', 'Email is required.'],
    ['reporterEmail invalid', { reporterEmail: 'bob@' }, 'reporterEmail', 'Please enter a valid email address.'],
    ['issueType unknown', { issueType: 'billing' }, 'issueType', 'Please choose an issue type.'],
    ['issueUrl javascript:', { issueUrl: 'javascript:alert(1)' }, 'issueUrl', 'Page URL must be an http(s) address.'],
    ['issueUrl ftp', { issueUrl: 'ftp://example.com/x' }, 'issueUrl', 'Page URL must be an http(s) address.'],
    ['issueUrl not a URL', { issueUrl: 'my page' }, 'issueUrl', 'Page URL must be an http(s) address.'],
    ['description blank', { description: '' }, 'description', 'Description is required.'],
  ])('refuses %s with 400 and the message', async (_name, change, field, message) => {
    const res = await app.postForm('/api/IssueReport', form({ ...validIssue, ...change }));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields?.[field]).toBe(message);
  });

  it('refuses a missing reporterEmail field entirely with 400', async () => {
    const { reporterEmail: _omit, ...rest } = validIssue;
    const res = await app.postForm('/api/IssueReport', form(rest));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toHaveProperty('reporterEmail');
  });

  it('refuses two files with 400', async () => {
    const data = form(validIssue, { content: await tinyPng(), name: 'a.png', type: 'image/png' });
    data.append('screenshot', new File([new Uint8Array(await tinyPng())], 'b.png', { type: 'image/png' }));
    const res = await app.postForm('/api/IssueReport', data);
    expect(res.status).toBe(400);
  });

  it('refuses a field sent twice with 400', async () => {
    const data = form(validIssue);
    data.append('description', 'again');
    const res = await app.postForm('/api/IssueReport', data);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe('duplicate_field');
  });
});
