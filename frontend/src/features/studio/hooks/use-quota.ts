import type { QuotaResponse } from '@shared/schemas/safety';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getVisitor } from '../../../lib/visitor';
import { getQuota } from '../api/quota-api';

/**
 * The visitor's hourly quota as the server counts it (GET /api/generate/quota): read on mount and
 * again whenever `refresh` is called (a job accepted, a generation settled, a 429). Never computed
 * in the browser, so it cannot disagree with the server. Undefined until read, or when it cannot be.
 */
export function useQuota(): { quota: QuotaResponse | undefined; refresh: () => void } {
  const [quota, setQuota] = useState<QuotaResponse>();
  const latest = useRef<AbortController | null>(null);

  const refresh = useCallback(() => {
    latest.current?.abort();
    const controller = new AbortController();
    latest.current = controller;
    getQuota(getVisitor().userId, controller.signal)
      .then((q) => !controller.signal.aborted && setQuota(q))
      .catch((err: unknown) => {
        // A missing meter is not worth an error toast; the 429 itself still explains.
        if ((err as Error).name !== 'AbortError') console.warn('quota unavailable', err);
      });
  }, []);

  useEffect(() => {
    refresh();
    return () => latest.current?.abort();
  }, [refresh]);

  return { quota, refresh };
}

/**
 * '4 of 30 left this hour', with when the used ones free up (fixed hourly windows: all at once).
 * The server sends the cap that binds (the visitor's own unless the network's has fewer left); the
 * network is named only then, with why: the count a new visitor sees is their own unless others on
 * the same address have used the shared cap down below it.
 */
export function quotaText(quota: QuotaResponse, locale?: string): string {
  const at = new Date(quota.resetsAt).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
  const network = quota.scope === 'network';
  const used = quota.limit - quota.remaining;
  const why = `your network (a shared address) has used ${used} of its ${quota.limit}`;
  if (quota.remaining === 0)
    return network ? `No images left this hour: ${why}. More at ${at}.` : `No images left this hour. More at ${at}.`;
  const left = network ? `${quota.remaining} left this hour: ${why}` : `${quota.remaining} of ${quota.limit} left this hour`;
  return quota.remaining < quota.limit ? `${left} · the next one frees up at ${at}` : left;
}
