import { describe, expect, it } from 'vitest';
import { quotaText } from '../../../frontend/src/features/studio/hooks/use-quota';

describe('studio quota line', () => {
  const resetsAt = '2026-11-23T21:00:00.000Z';
  const at = new Date(resetsAt).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });

  it('says how many are left of the visitor’s cap and when the next one frees up', () => {
    expect(quotaText({ scope: 'visitor', limit: 30, remaining: 4, resetsAt, enforced: true }, 'en-GB')).toBe(
      `4 of 30 left this hour · the next one frees up at ${at}`,
    );
  });

  it('names the network only when its cap binds, and says why', () => {
    // A brand-new visitor on an address where others generated: the network's count, explained.
    expect(quotaText({ scope: 'network', limit: 60, remaining: 9, resetsAt, enforced: true }, 'en-GB')).toBe(
      `9 left this hour: your network (a shared address) has used 51 of its 60 · the next one frees up at ${at}`,
    );
    expect(quotaText({ scope: 'network', limit: 60, remaining: 0, resetsAt, enforced: true }, 'en-GB')).toBe(
      `No images left this hour: your network (a shared address) has used 60 of its 60. More at ${at}.`,
    );
    // The visitor's own cap never mentions the network.
    expect(quotaText({ scope: 'visitor', limit: 30, remaining: 30, resetsAt, enforced: true }, 'en-GB')).toBe('30 of 30 left this hour');
    expect(quotaText({ scope: 'visitor', limit: 30, remaining: 30, resetsAt, enforced: true }, 'en-GB')).not.toMatch(/network/);
  });

  it('says when more come once none are left', () => {
    expect(quotaText({ scope: 'visitor', limit: 30, remaining: 0, resetsAt, enforced: true }, 'en-GB')).toBe(
      `No images left this hour. More at ${at}.`,
    );
  });
});
