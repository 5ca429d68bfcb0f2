import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bodySizeRules, CRS_BODY_SIZE_LABEL, integersAbove, pathPattern } from '../../../infra/lib/waf-rules';
import { MAX_UPLOAD_BYTES } from '../../../shared/constants';

describe('WAF body-size rules', () => {
  it('matches exactly the integers above the limit (Content-Length as text)', () => {
    for (const limit of [0, 9, 10, 99, 1000, 2_162_688, MAX_UPLOAD_BYTES, 2_813_952]) {
      const re = new RegExp(integersAbove(limit));
      expect(re.source.length).toBeLessThan(200); // AWS WAF's limit for a regex string
      fc.assert(
        fc.property(fc.nat({ max: limit * 3 + 100 }), (n) => re.test(String(n)) === n > limit),
        { numRuns: 500 },
      );
      expect(re.test(String(limit))).toBe(false);
      expect(re.test(String(limit + 1))).toBe(true);
      expect(re.test(`000${limit + 1}`)).toBe(true);
      expect(re.test('')).toBe(false);
      expect(re.test('12a')).toBe(false);
    }
  });

  it('blocks 8 KB+ bodies only outside the upload routes and caps each upload route at its own limit', () => {
    const rules = bodySizeRules(
      [
        { path: '/api/Feedback', maxBodyBytes: 100 },
        { path: '/api/IssueReport', maxBodyBytes: 100 },
        { path: '/api/gallery/save', maxBodyBytes: 300 },
      ],
      2,
    );
    expect(rules.map((r) => [r.name, r.priority])).toEqual([
      ['body-over-8kb-outside-uploads', 2],
      ['upload-over-100-bytes', 3],
      ['upload-over-300-bytes', 4],
    ]);
    expect(JSON.stringify(rules[0])).toContain(CRS_BODY_SIZE_LABEL);
    expect(JSON.stringify(rules[1])).toContain(integersAbove(100).replaceAll('\\', '\\\\'));
    expect(JSON.stringify(rules[2])).toContain('/api/gallery/save');
  });

  it('matches a route with {param} segments by pattern: one segment per parameter, the rest literal', () => {
    const re = new RegExp(pathPattern('/api/admin/ads/{id}'));
    expect(pathPattern('/api/admin/ads/{id}')).toBe('^/api/admin/ads/[^/]+$');
    expect(re.test('/api/admin/ads/ad-1')).toBe(true);
    for (const other of ['/api/admin/ads', '/api/admin/ads/', '/api/admin/ads/a/b', '/x/api/admin/ads/a'])
      expect(re.test(other)).toBe(false);
    expect(new RegExp(pathPattern('/api/inbox/newsletter.csv')).test('/api/inbox/newsletterXcsv')).toBe(false);
    const [, cap] = bodySizeRules(
      [
        { path: '/api/admin/ads', maxBodyBytes: 500 },
        { path: '/api/admin/ads/{id}', maxBodyBytes: 500 },
      ],
      2,
    );
    expect(JSON.stringify(cap)).toContain('"regexString":"^/api/admin/ads/[^/]+$"');
    expect(JSON.stringify(cap)).toContain('"searchString":"/api/admin/ads"');
  });
});
