import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom as prng } from '../../fixtures/prng';
import { type FormsTestApp, rawMultipart, startFormsApp, tinyPng, validContact, validFeedback, validIssue } from './support';

/**
 * 200 generated malformed bodies per route: none may produce a 5xx, and every refusal is the JSON
 * error shape. A seeded generator keeps failures reproducible.
 */
const PER_ROUTE = 200;

let app: FormsTestApp;
let png: Buffer;

beforeAll(async () => {
  app = await startFormsApp();
  png = await tinyPng();
});
afterAll(async () => {
  await app.close();
});

type Rand = ReturnType<typeof prng>;
const pick = <T>(r: Rand, list: readonly T[]): T => list[Math.floor(r() * list.length)] as T;
const bytes = (r: Rand, n: number) => Buffer.from(Array.from({ length: n }, () => Math.floor(r() * 256)));
const WEIRD = [
  '',
  ' ',
  '\u0000',
  '💥'.repeat(3000),
  'a'.repeat(70_000),
  '--',
  '\r\n\r\n',
  '"; filename="x',
  '<svg onload=alert(1)>',
  '-1',
  '1e3',
  'NaN',
  '%00',
];

function mutate(r: Rand, body: Buffer): Buffer {
  const copy = Buffer.from(body);
  switch (Math.floor(r() * 4)) {
    case 0:
      return copy.subarray(0, Math.floor(r() * copy.length));
    case 1:
      for (let i = 0; i < 1 + r() * 20; i++) copy[Math.floor(r() * copy.length)] = Math.floor(r() * 256);
      return copy;
    case 2:
      return Buffer.concat([copy.subarray(0, Math.floor(r() * copy.length)), bytes(r, Math.floor(r() * 500))]);
    default:
      return bytes(r, Math.floor(r() * 2000));
  }
}

function multipartCase(r: Rand, fields: Record<string, string>): { body: Buffer; type: string } {
  const boundary = pick(r, ['b0undary', 'x', `----${Math.floor(r() * 1e9)}`]);
  const parts = Object.entries(fields)
    .filter(() => r() > 0.2)
    .map(([name, value]) => ({ name: r() < 0.1 ? pick(r, WEIRD) : name, value: r() < 0.4 ? pick(r, WEIRD) : value }));
  if (r() < 0.5)
    parts.push({
      name: pick(r, ['screenshot', 'file', '']),
      value: r() < 0.5 ? png : bytes(r, 300),
      filename: pick(r, WEIRD) || 'x',
      type: pick(r, ['image/png', 'text/plain']),
    } as never);
  let body = rawMultipart(boundary, parts);
  if (r() < 0.7) body = mutate(r, body);
  const type = pick(r, [
    `multipart/form-data; boundary=${boundary}`,
    `multipart/form-data; boundary=${boundary}`,
    `multipart/form-data; boundary=other`,
    'multipart/form-data',
    'multipart/mixed; boundary=x',
    'application/json',
    'text/plain',
  ]);
  return { body, type };
}

function jsonCase(r: Rand, valid: Record<string, unknown>): { body: Buffer; type: string } {
  const values: unknown[] = [null, 0, -1, true, [], {}, 'x', 'a'.repeat(20_000), { nested: { deep: [1, 2] } }, ...WEIRD];
  let value: unknown;
  switch (Math.floor(r() * 4)) {
    case 0:
      value = pick(r, values);
      break;
    case 1:
      value = Object.fromEntries(Object.entries(valid).map(([k, v]) => [k, r() < 0.5 ? pick(r, values) : v]));
      break;
    case 2:
      value = { ...valid, __proto__: { polluted: true }, constructor: { prototype: {} } };
      break;
    default:
      value = Object.fromEntries(
        Object.keys(valid)
          .filter(() => r() > 0.5)
          .map((k) => [k, pick(r, values)]),
      );
  }
  let body: Buffer = Buffer.from(JSON.stringify(value) ?? 'null');
  if (r() < 0.4) body = mutate(r, body);
  return {
    body,
    type: pick(r, [
      'application/json',
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'application/x-www-form-urlencoded',
    ]),
  };
}

const ROUTES = [
  { path: '/api/Feedback', make: (r: Rand) => multipartCase(r, validFeedback) },
  { path: '/api/UserFeedback', make: (r: Rand) => multipartCase(r, validFeedback) },
  { path: '/api/IssueReport', make: (r: Rand) => multipartCase(r, validIssue) },
  { path: '/api/contact', make: (r: Rand) => jsonCase(r, validContact) },
  { path: '/api/newsletter/subscribe', make: (r: Rand) => jsonCase(r, { email: 'fuzz@example.com' }) },
];

describe('forms API under malformed bodies', () => {
  it.each(ROUTES)('$path never answers 5xx to 200 generated bodies', async ({ path, make }) => {
    const r = prng(path.length * 7919);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (let i = 0; i < PER_ROUTE; i++) {
      const { body, type } = make(r);
      const res = await app.postRaw(path, body, type);
      const text = await res.text();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status >= 500) failures.push(`#${i} ${type} → ${res.status} ${text.slice(0, 200)}`);
      else if (res.status >= 400 && !/^\{"error":\{"code":/.test(text)) failures.push(`#${i} → ${res.status} not the JSON error shape`);
    }
    expect(failures).toEqual([]);
    // The generator must reach past the first check: at least two distinct answers, not one refusal.
    expect(statuses.size, JSON.stringify(Object.fromEntries(statuses))).toBeGreaterThanOrEqual(2);
    console.info(path, JSON.stringify(Object.fromEntries(statuses)));
  });
});
