import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { answerSchema, type JsonSchema } from '../../../frontend/src/lib/answer-check';
import * as compiled from '../../../frontend/src/lib/answer-schemas';
import { collectionOverviewListSchema, galleryImageListSchema, galleryImageSchema } from '../../../shared/schemas/gallery';
import { jobStatusResponseSchema } from '../../../shared/schemas/generation';
import { quotaResponseSchema } from '../../../shared/schemas/safety';
import { galleryImage } from '../../fixtures/gallery-images';

/** A value near a valid one: a field dropped, retyped, set out of range or to an unknown value, or one added. */
function mutated(valid: Record<string, unknown>) {
  const keys = Object.keys(valid);
  const odd = fc.oneof(
    fc.constant(undefined),
    fc.constant(null),
    fc.integer({ min: -3, max: 3 }),
    fc.double({ min: -2, max: 2, noNaN: true }),
    fc.string({ maxLength: 3 }),
    fc.boolean(),
    fc.constant('preview'),
    fc.constant('done'),
    fc.constant([]),
    fc.constant([{ url: '/t.webp', width: 256 }]),
    fc.constant([{ url: '/t.webp', width: 0 }]),
    fc.constant({}),
  );
  return fc.array(fc.tuple(fc.oneof(fc.constantFrom(...keys), fc.constant('extra')), odd), { maxLength: 3 }).map((changes) => {
    const out: Record<string, unknown> = { ...valid };
    for (const [key, value] of changes) {
      if (value === undefined) delete out[key];
      else out[key] = value;
    }
    return out;
  });
}

const jsonOf = (schema: z.ZodType) => {
  const { $schema: _, ...json } = (schema as unknown as { toJSONSchema: (o: object) => JsonSchema & { $schema?: string } }).toJSONSchema({
    io: 'output',
    unrepresentable: 'throw',
  });
  return json;
};

describe('answer checks compiled from the shared zod schemas', () => {
  const image = { ...galleryImage('a'), renderer: 'preview', thumbnails: [{ url: '/files/thumbs/256/a.webp', width: 256 }] };
  const cases: [string, z.ZodType, Record<string, unknown>][] = [
    ['a gallery image', galleryImageSchema, image],
    ['a job status', jobStatusResponseSchema, { jobId: 'j', status: 'queued', percent: 10, message: 'm', queuePosition: 2, image }],
    ['a quota', quotaResponseSchema, { scope: 'visitor', limit: 3, remaining: 1, resetsAt: '2026-01-01T00:00:00.000Z', enforced: true }],
  ];

  it.each(cases)('accepts and outputs what zod does for %s and values near it', (_name, schema, valid) => {
    const checker = answerSchema(jsonOf(schema));
    fc.assert(
      fc.property(mutated(valid), (value) => {
        const expected = schema.safeParse(value);
        const actual = checker.safeParse(value);
        expect(actual.success).toBe(expected.success);
        if (expected.success && actual.success) expect(actual.data).toEqual(expected.data);
      }),
      { numRuns: 300 },
    );
  });

  it('checks the items of lists and nested lists', () => {
    const list = answerSchema(jsonOf(galleryImageListSchema));
    expect(list.parse([image, image])).toEqual(galleryImageListSchema.parse([image, image]));
    expect(() => list.parse([image, { ...image, width: -1 }])).toThrow('[1].width: out of range');
    const collections = answerSchema(jsonOf(collectionOverviewListSchema));
    expect(() => collectionOverviewListSchema.parse([{ category: 'c', count: 1, samples: [{ ...image, seed: 1.5 }] }])).toThrow();
    expect(() => collections.parse([{ category: 'c', count: 1, samples: [{ ...image, seed: 1.5 }] }])).toThrow('[0].samples[0].seed');
  });

  it('refuses to compile a keyword it does not implement', () => {
    expect(() => answerSchema({ type: 'string', pattern: '^a' } as JsonSchema)).toThrow("uses 'pattern'");
  });

  it('is what the build gives the browser (virtual:answer-schemas from the same schemas)', () => {
    expect(compiled.galleryImageListSchema.parse([image])).toEqual(galleryImageListSchema.parse([image]));
    expect(compiled.jobStatusResponseSchema.safeParse({ jobId: 'j', status: 'nope', percent: 0, message: '' }).success).toBe(false);
  });
});
