import { INBOX_KIND_LABELS, INBOX_KINDS, INBOX_STATES, type InboxKind } from '@shared/admin';
import type { InboxItem } from '@shared/schemas/admin';
import { useCallback, useId, useState } from 'react';
import { notify } from '../../../lib/notify';
import { useCursorList } from '../hooks/use-cursor-list';
import { fieldLabel, fieldValue } from '../readable';
import { ListFooter } from './list-footer';
import type { SectionProps } from './section';

/** Visitors' messages by kind (the kinds come from shared/admin.ts), newest first, open or handled. */
export function Inbox({ api, onError }: SectionProps) {
  const id = useId();
  const [kind, setKind] = useState<InboxKind>(INBOX_KINDS[0]);
  const [state, setState] = useState<string>('open');
  const fetchPage = useCallback((from?: string) => api.inbox(kind, state, from), [api, kind, state]);
  const list = useCursorList<InboxItem>(fetchPage, onError);

  const toggle = async (item: InboxItem) => {
    try {
      await api.markHandled(item.ref, !item.handled);
      list.setItems((prev) => prev.map((i) => (i.ref === item.ref ? { ...i, handled: !i.handled } : i)));
    } catch (err) {
      onError(err);
    }
  };
  const openAttachment = async (item: InboxItem) => {
    try {
      const { url } = await api.attachment(item.ref);
      window.open(url, '_blank', 'noopener');
    } catch (err) {
      onError(err);
    }
  };
  const exportCsv = async () => {
    try {
      const blob = await api.newsletterCsv();
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = 'newsletter-signups.csv';
      link.click();
      URL.revokeObjectURL(link.href);
      notify.success('Newsletter signups exported.');
    } catch (err) {
      onError(err);
    }
  };

  return (
    <section aria-label="Inbox">
      <h2>Inbox</h2>
      <div className="admin-bar">
        <div className="admin-field">
          <label htmlFor={`${id}-kind`}>Kind</label>
          <select id={`${id}-kind`} className="input" value={kind} onChange={(e) => setKind(e.target.value as InboxKind)}>
            {INBOX_KINDS.map((k) => (
              <option key={k} value={k}>
                {INBOX_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-state`}>State</label>
          <select id={`${id}-state`} className="input" value={state} onChange={(e) => setState(e.target.value)}>
            {[...INBOX_STATES, 'all'].map((s) => (
              <option key={s} value={s}>
                {s[0]?.toUpperCase()}
                {s.slice(1)}
              </option>
            ))}
          </select>
        </div>
        {kind === 'newsletter' && (
          <button type="button" className="btn" onClick={() => void exportCsv()}>
            Export CSV
          </button>
        )}
      </div>
      {list.items.map((item) => (
        <article
          key={item.ref}
          className="admin-message"
          aria-label={`${INBOX_KIND_LABELS[kind]} of ${new Date(item.createdAt).toLocaleString()}`}
        >
          <strong>{new Date(item.createdAt).toLocaleString()}</strong> {item.handled && <span className="badge">Handled</span>}
          <dl>
            {Object.entries(item.fields).map(([name, value]) => (
              <div key={name} style={{ display: 'contents' }}>
                <dt>{fieldLabel(name)}</dt>
                <dd>{fieldValue(value, name)}</dd>
              </div>
            ))}
          </dl>
          <div className="admin-card__actions">
            {item.attachment && (
              <button type="button" className="btn btn--small" onClick={() => void openAttachment(item)}>
                Open attachment ({item.attachment.contentType}, {Math.ceil(item.attachment.size / 1024)} kB)
              </button>
            )}
            <button type="button" className="btn btn--small" onClick={() => void toggle(item)}>
              {item.handled ? 'Reopen' : 'Mark handled'}
            </button>
          </div>
        </article>
      ))}
      <ListFooter list={list} loadingLabel="Loading the inbox…" emptyText="Nothing here." />
    </section>
  );
}
