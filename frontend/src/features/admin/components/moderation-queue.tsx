import { IMAGE_CHECK_REASON } from '@shared/image-check';
import { IMAGE_REPORT_TYPE, REPORT_REASON_LABELS, type ReportReason } from '@shared/safety';
import type { InboxItem } from '@shared/schemas/admin';
import { resolveThumbnailUrl } from '@shared/url-rule';
import { useCallback, useEffect, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { FILES_HOST } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import type { SectionProps } from './section';

/** At most this many pages of open reports are read (a queue longer than that is worked down first). */
const MAX_PAGES = 5;

/** One reported picture: its open reports grouped (the operator's and the visitors' shared pictures alike). */
interface Case {
  imageId: string;
  prompt: string;
  owner: string;
  thumb: string;
  refs: string[];
  reasons: [string, number][];
  details: string[];
  last: string;
}

function cases(items: InboxItem[]): Case[] {
  const byImage = new Map<string, InboxItem[]>();
  for (const item of items) {
    const id = String(item.fields.imageId ?? '');
    if (id) byImage.set(id, [...(byImage.get(id) ?? []), item]);
  }
  return [...byImage].map(([imageId, reports]) => {
    const first = reports[0]?.fields ?? {};
    const counts = new Map<string, number>();
    for (const r of reports) {
      const reason = String(r.fields.reason ?? 'other');
      counts.set(reason, (counts.get(reason) ?? 0) + 1);
    }
    return {
      imageId,
      prompt: String(first.prompt ?? ''),
      owner: String(first.owner ?? ''),
      thumb: resolveThumbnailUrl(String(first.thumbnailUrl ?? ''), `/files/images/${imageId}.png`, FILES_HOST),
      refs: reports.map((r) => r.ref),
      reasons: [...counts].sort((a, b) => b[1] - a[1]),
      details: reports.map((r) => String(r.fields.details ?? '')).filter(Boolean),
      last:
        reports
          .map((r) => r.createdAt)
          .sort()
          .at(-1) ?? '',
    };
  });
}

/**
 * The moderation queue: every picture with open reports, most reported first, with the picture, the reasons and
 * their counts. Hide takes it off every public list; Keep leaves it (or puts it back) public. Either way its reports
 * are marked handled, so it leaves the queue until someone reports it again.
 */
export function ModerationQueue({ api, onError }: SectionProps) {
  const [queue, setQueue] = useState<Case[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const items: InboxItem[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const res = await api.inbox(IMAGE_REPORT_TYPE, 'open', cursor);
        items.push(...res.items);
        cursor = res.cursor;
        if (!cursor) break;
      }
      setQueue(cases(items).sort((a, b) => b.refs.length - a.refs.length || b.last.localeCompare(a.last)));
    } catch (err) {
      onError(err);
      setQueue([]);
    }
  }, [api, onError]);
  useEffect(() => {
    void load();
  }, [load]);

  const decide = async (c: Case, hide: boolean) => {
    setBusy(c.imageId);
    try {
      // Keep also resets the report count, and reports never hide it by themselves again: they only queue it (docs/safety.md).
      await api.patchImage(c.imageId, hide ? { hidden: true } : { keep: true });
      await Promise.all(c.refs.map((ref) => api.markHandled(ref, true)));
      notify.success(hide ? 'Picture hidden.' : 'Picture kept.');
      setQueue((q) => q?.filter((x) => x.imageId !== c.imageId) ?? null);
    } catch (err) {
      onError(err);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-label="Moderation queue">
      <h2>Moderation queue</h2>
      {!queue && <Spinner label="Loading reports…" />}
      {queue && queue.length === 0 && <p className="empty">No reported pictures waiting.</p>}
      {queue && queue.length > 0 && (
        <ul className="admin-grid admin-queue">
          {queue.map((c) => (
            <li key={c.imageId} className="admin-card" aria-label={`Reported picture: ${c.prompt}`}>
              <img src={c.thumb} alt={c.prompt} loading="lazy" />
              <p className="admin-card__prompt">{c.prompt}</p>
              <p className="admin-card__meta">
                {c.refs.length} {c.refs.length === 1 ? 'report' : 'reports'} ·{' '}
                {c.owner === 'admin' ? "operator's picture" : "a visitor's shared picture"}
              </p>
              <ul className="admin-queue__reasons">
                {c.reasons.map(([reason, count]) => (
                  <li key={reason}>
                    {reason === IMAGE_CHECK_REASON
                      ? 'Held back by the image check'
                      : (REPORT_REASON_LABELS[reason as ReportReason] ?? reason)}{' '}
                    × {count}
                  </li>
                ))}
              </ul>
              {c.details.length > 0 && (
                <ul className="admin-queue__details">
                  {c.details.map((d, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: details are free text and may repeat
                    <li key={i}>“{d}”</li>
                  ))}
                </ul>
              )}
              <div className="admin-card__actions">
                <button
                  type="button"
                  className="btn btn--small btn--danger"
                  disabled={busy === c.imageId}
                  onClick={() => void decide(c, true)}
                >
                  Hide
                </button>
                <button type="button" className="btn btn--small" disabled={busy === c.imageId} onClick={() => void decide(c, false)}>
                  Keep
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
