import type { QuotaResponse } from '@shared/schemas/safety';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { getVisitor } from '../../../lib/visitor';
import { getQuota } from '../api/quota-api';

/**
 * The quota with its words: the allowance line, and, once none are left, the time the window frees up ('14:00'; the
 * studio shows it beside the disabled button). Formatted only then: the time's first formatting loads the locale's
 * date data (Intl), a long task a newcomer's first render need not run.
 */
export type MeteredQuota = QuotaResponse & { text: string; again?: string };

/**
 * The visitor's hourly quota as the server counts it (GET /api/generate/quota): read on mount and
 * again whenever `refresh` is called (a job accepted, a generation settled, a 429). Never computed
 * in the browser, so it cannot disagree with the server. Undefined until read, or when it cannot be, or when
 * `metered` is false (the operator's generator: charged to no cap, lambdas/services/generation.ts).
 */
export function useQuota(metered = true): { quota: MeteredQuota | undefined; refresh: () => void } {
  const [quota, setQuota] = useState<MeteredQuota>();
  const latest = useRef<AbortController | null>(null);

  const refresh = useCallback(() => {
    if (!metered) return;
    latest.current?.abort();
    const controller = new AbortController();
    latest.current = controller;
    Promise.all([getQuota(getVisitor().userId, controller.signal), import('../quota-text')])
      .then(
        ([q, words]) =>
          !controller.signal.aborted &&
          startTransition(() =>
            setQuota({ ...q, text: words.quotaText(q), again: q.remaining === 0 ? words.quotaResetTime(q) : undefined }),
          ),
      )
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
