// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportImage } from '../../../frontend/src/features/lightbox/api/report-api';
import { getVisitor } from '../../../frontend/src/lib/visitor';
import { withCleanStorage } from './clean-storage';

withCleanStorage();
afterEach(() => vi.unstubAllGlobals());

describe('the lightbox’s report request', () => {
  it('carries the visitor id, so one browser over IPv4 and IPv6 is one reporter', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        bodies.push(JSON.parse(String(init?.body)));
        return new Response(JSON.stringify({ id: 'r-1', received: true }), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    expect(await reportImage({ imageId: 'pic-1', reason: 'minor', details: '' })).toBe('r-1');
    expect(bodies).toEqual([{ imageId: 'pic-1', reason: 'minor', details: '', userId: getVisitor().userId }]);
    expect(getVisitor().userId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
