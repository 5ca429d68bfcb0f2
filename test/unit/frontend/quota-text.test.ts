import { describe, expect, it } from 'vitest';
import { quotaText } from '../../../frontend/src/features/studio/quota-text';

describe('studio quota line', () => {
  const resetsAt = '2026-11-23T21:00:00.000Z';
  const at = new Date(resetsAt).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });

  it('gives the visitor their own allowance, and when the used ones are back', () => {
    expect(quotaText({ scope: 'visitor', limit: 30, remaining: 30, resetsAt, enforced: true }, 'en-GB')).toBe(
      'You can make 30 more pictures this hour.',
    );
    expect(quotaText({ scope: 'visitor', limit: 30, remaining: 4, resetsAt, enforced: true }, 'en-GB')).toBe(
      `You can make 4 more pictures this hour. All 30 are back at ${at}.`,
    );
    expect(quotaText({ scope: 'visitor', limit: 30, remaining: 1, resetsAt, enforced: true }, 'en-GB')).toMatch(
      /^You can make 1 more picture this hour\./,
    );
  });

  it('names the connection only when its shared cap binds, neutrally, without counting what others made', () => {
    // A brand-new visitor on an address where others generated (issue 32: it read 'your network has used 45 of its 60').
    const text = quotaText({ scope: 'network', limit: 60, remaining: 15, resetsAt, enforced: true }, 'en-GB');
    expect(text).toBe(`You can make 15 more pictures this hour (a limit this connection shares). All 60 are back at ${at}.`);
    expect(text).not.toMatch(/your network|has used|45/);
    expect(quotaText({ scope: 'network', limit: 60, remaining: 0, resetsAt, enforced: true }, 'en-GB')).toBe(
      `This connection's shared hourly limit is reached. You can make more pictures at ${at}.`,
    );
    // The visitor's own cap never mentions the connection.
    expect(quotaText({ scope: 'visitor', limit: 30, remaining: 12, resetsAt, enforced: true }, 'en-GB')).not.toMatch(/connection|network/);
  });

  it('says when more come once none are left', () => {
    expect(quotaText({ scope: 'visitor', limit: 30, remaining: 0, resetsAt, enforced: true }, 'en-GB')).toBe(
      `You have made your 30 pictures for this hour. You can make more at ${at}.`,
    );
    expect(quotaText({ scope: 'visitor', limit: 1, remaining: 0, resetsAt, enforced: true }, 'en-GB')).toBe(
      `You have made your 1 picture for this hour. You can make more at ${at}.`,
    );
  });
});
