import type { QuotaResponse } from '@shared/schemas/safety';

/*
 * The quota's words, loaded with the quota's answer (hooks/use-quota.ts), off the studio's first chunk (home's first
 * visit's JS budget, docs/frontend.md 'Budgets').
 */

/** The time the hourly window frees up, as the visitor's clock shows it ('14:00'). */
export function quotaResetTime(quota: QuotaResponse, locale?: string): string {
  return new Date(quota.resetsAt).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
}

const pictures = (n: number) => `${n} ${n === 1 ? 'picture' : 'pictures'}`;

/**
 * The visitor's own allowance, in their terms (issue 32): 'You can make 3 more pictures this hour.' The server sends
 * the cap that binds (the visitor's own unless the connection's shared one has fewer left); the connection is named
 * only then, neutrally, without counting what others on it made (a newcomer had read 'your network has used 45 of its
 * 60'). Fixed hourly windows: every used picture frees up at once, at the time given.
 */
export function quotaText(quota: QuotaResponse, locale?: string): string {
  // The time only where the words name it: formatting it loads the locale's date data (Intl) on first use, which a
  // newcomer's first render (a whole allowance) need not pay.
  const at = () => quotaResetTime(quota, locale);
  const shared = quota.scope === 'network';
  if (quota.remaining === 0) {
    return shared
      ? `This connection's shared hourly limit is reached. You can make more pictures at ${at()}.`
      : `You have made your ${pictures(quota.limit)} for this hour. You can make more at ${at()}.`;
  }
  const allowance = `You can make ${pictures(quota.remaining).replace(' ', ' more ')} this hour${shared ? ' (a limit this connection shares)' : ''}.`;
  return quota.remaining < quota.limit ? `${allowance} All ${quota.limit} are back at ${at()}.` : allowance;
}
