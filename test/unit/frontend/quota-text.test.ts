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

  it('names the network when its cap binds, and has no reset time while nothing is used', () => {
    expect(quotaText({ scope: 'network', limit: 60, remaining: 60, resetsAt, enforced: true }, 'en-GB')).toBe(
      '60 of 60 left this hour from your network',
    );
  });

  it('says when more come once none are left', () => {
    expect(quotaText({ scope: 'visitor', limit: 30, remaining: 0, resetsAt, enforced: true }, 'en-GB')).toBe(
      `No images left this hour. More at ${at}.`,
    );
  });
});
