import { describe, expect, it } from 'vitest';
import { parseMultipart } from '../../../lambdas/services/multipart';
import { apiEvent } from '../../fixtures/api-event';
import { pngLike, rawMultipart } from './multipart-body';

const TYPE = 'multipart/form-data; boundary=----b';
const limits = { fileField: 'screenshot', maxFileBytes: 1024 };

function event(body: Buffer, contentType = TYPE, base64 = true) {
  return apiEvent({
    method: 'POST',
    route: '/api/Feedback',
    headers: { 'content-type': contentType },
    body: base64 ? body : body.toString('utf8'),
  });
}

describe('parseMultipart', () => {
  it('reads fields and the file from a base64-encoded API Gateway body', async () => {
    const png = pngLike(300);
    const body = rawMultipart('----b', [
      { name: 'description', value: 'Hello ünïcödé' },
      { name: 'screenshot', value: png, filename: 'a.txt', type: 'text/plain' },
    ]);
    const form = await parseMultipart(event(body), limits);
    expect(form.fields).toEqual({ description: 'Hello ünïcödé' });
    expect(form.file).toMatchObject({ field: 'screenshot', filename: 'a.txt', declaredType: 'text/plain' });
    expect(form.file?.content.equals(png)).toBe(true);
  });

  it('reads a plain-text (not base64) body', async () => {
    const form = await parseMultipart(event(rawMultipart('----b', [{ name: 'a', value: 'b' }]), TYPE, false), limits);
    expect(form.fields).toEqual({ a: 'b' });
  });

  it('accepts a file of exactly the limit and refuses one byte more with 413', async () => {
    const ok = rawMultipart('----b', [{ name: 'screenshot', value: pngLike(1024), filename: 'a.png' }]);
    expect((await parseMultipart(event(ok), limits)).file?.content.length).toBe(1024);
    const big = rawMultipart('----b', [{ name: 'screenshot', value: pngLike(1025), filename: 'a.png' }]);
    await expect(parseMultipart(event(big), limits)).rejects.toMatchObject({ status: 413, code: 'payload_too_large' });
  });

  it('refuses with 413 when the file goes on megabytes beyond the limit', async () => {
    const huge = rawMultipart('----b', [{ name: 'screenshot', value: pngLike(5 * 1024 * 1024), filename: 'a.png' }]);
    await expect(parseMultipart(event(huge), limits)).rejects.toMatchObject({ status: 413 });
  });

  it('refuses a truncated body with 400', async () => {
    const body = rawMultipart('----b', [{ name: 'description', value: 'x'.repeat(100) }]);
    await expect(parseMultipart(event(body.subarray(0, 60)), limits)).rejects.toMatchObject({ status: 400, code: 'malformed_multipart' });
  });

  it('refuses a part without a name with 400, field or file (found by the fuzz test: it was a 500)', async () => {
    const part = (disposition: string) =>
      Buffer.from(`------b\r\nContent-Disposition: ${disposition}\r\n\r\nvalue\r\n------b--\r\n`, 'latin1');
    await expect(parseMultipart(event(part('form-data')), limits)).rejects.toMatchObject({ status: 400, code: 'malformed_multipart' });
    await expect(parseMultipart(event(part('form-data; filename="a.png"')), limits)).rejects.toMatchObject({
      status: 400,
      code: 'malformed_multipart',
    });
  });

  it('refuses a nameless file part that is still streaming, without an uncaught error from the stopped parser', async () => {
    const head = Buffer.from('------b\r\nContent-Disposition: form-data; filename="a.png"\r\n\r\n', 'latin1');
    const body = Buffer.concat([head, pngLike(200 * 1024)]);
    const uncaught: unknown[] = [];
    const onUncaught = (err: unknown) => uncaught.push(err);
    process.on('uncaughtException', onUncaught);
    try {
      await expect(parseMultipart(event(body), { ...limits, maxFileBytes: 1024 * 1024 })).rejects.toMatchObject({ status: 400 });
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      process.off('uncaughtException', onUncaught);
    }
    expect(uncaught).toEqual([]);
  });

  it('refuses an empty body with 400', async () => {
    await expect(parseMultipart(event(Buffer.alloc(0)), limits)).rejects.toMatchObject({ status: 400 });
  });

  it('refuses a body that is not multipart with 415', async () => {
    await expect(parseMultipart(event(Buffer.from('{}'), 'application/json'), limits)).rejects.toMatchObject({ status: 415 });
  });

  it('refuses a multipart type without boundary with 400', async () => {
    await expect(parseMultipart(event(Buffer.from('x'), 'multipart/form-data'), limits)).rejects.toMatchObject({ status: 400 });
  });

  it('ignores an empty file part with an empty name (an untouched file input)', async () => {
    const body = rawMultipart('----b', [
      { name: 'a', value: 'b' },
      { name: 'screenshot', value: Buffer.alloc(0), filename: '', type: 'application/octet-stream' },
    ]);
    expect(await parseMultipart(event(body), limits)).toEqual({ fields: { a: 'b' } });
  });

  it.each([
    ['a file in another field', [{ name: 'other', value: pngLike(), filename: 'a.png' }], 'unexpected_file'],
    [
      'two files',
      [
        { name: 'screenshot', value: pngLike(), filename: 'a.png' },
        { name: 'screenshot', value: pngLike(), filename: 'b.png' },
      ],
      'too_many_files',
    ],
    [
      'a field twice',
      [
        { name: 'a', value: '1' },
        { name: 'a', value: '2' },
      ],
      'duplicate_field',
    ],
    ['an over-long field', [{ name: 'a', value: 'x'.repeat(70_000) }], 'field_too_long'],
    ['too many fields', Array.from({ length: 30 }, (_, i) => ({ name: `f${i}`, value: 'v' })), 'too_many_fields'],
  ])('refuses %s with 400', async (_name, parts, code) => {
    await expect(parseMultipart(event(rawMultipart('----b', parts)), limits)).rejects.toMatchObject({ status: 400, code });
  });
});
