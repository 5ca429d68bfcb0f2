import type { QuotaResponse } from '@shared/schemas/safety';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getVisitor } from '../../../lib/visitor';
import { getQuota } from '../api/quota-api';

/**
 * The visitor's hourly quota as the server counts it (GET /api/generate/quota): read on mount and
 * again whenever `refresh` is called (a job accepted, a generation settled, a 429). Never computed
 * in the browser, so it cannot disagree with the server. Undefined until read, or when it cannot be, or when
 * `metered` is false (the operator's generator: charged to no cap, lambdas/services/generation.ts).
 */
export function useQuota(metered = true): { quota: QuotaResponse | undefined; refresh: () => void } {
  const [quota, setQuota] = useState<QuotaResponse>();
  const latest = useRef<AbortController | null>(null);

  const refresh = useCallback(() => {
    if (!metered) return;
    latest.current?.abort();
    const controller = new AbortController();
    latest.current = controller;
    getQuota(getVisitor().userId, controller.signal)
      .then((q) => !controller.signal.aborted && setQuota(q))
      .catch((err: unknown) => {
        // A missing meter is not worth an error toast; the 429 itself still explains.
        if ((err as Error).name !== 'AbortError') console.warn('quota unavailable', err);
      });
  }, [metered]);

  useEffect(() => {
    refresh();
    return () => latest.current?.abort();
  }, [refresh]);
  // Spent: read again once the window has ended (Generate comes back by itself, at the time the studio gave).
  const spentUntil = quota?.enforced && quota.remaining === 0 ? Date.parse(quota.resetsAt) : undefined;
  useEffect(() => {
    if (spentUntil === undefined) return;
    const timer = window.setTimeout(refresh, Math.max(1000, spentUntil - Date.now() + 1000));
    return () => window.clearTimeout(timer);
  }, [spentUntil, refresh]);

  return { quota, refresh };
}

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
  const at = quotaResetTime(quota, locale);
  const shared = quota.scope === 'network';
  if (quota.remaining === 0) {
    return shared
      ? `This connection's shared hourly limit is reached. You can make more pictures at ${at}.`
      : `You have made your ${pictures(quota.limit)} for this hour. You can make more at ${at}.`;
  }
  const allowance = `You can make ${pictures(quota.remaining).replace(' ', ' more ')} this hour${shared ? ' (a limit this connection shares)' : ''}.`;
  return quota.remaining < quota.limit ? `${allowance} All ${quota.limit} are back at ${at}.` : allowance;
}
