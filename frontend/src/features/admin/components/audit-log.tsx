import type { AuditEntry } from '@shared/schemas/admin';
import { useCallback } from 'react';
import { useCursorList } from '../hooks/use-cursor-list';
import { ListFooter } from './list-footer';
import type { SectionProps } from './section';

const show = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value));

/** Every operator action, newest first: who, what, when, before and after. */
export function AuditLog({ api, onError }: SectionProps) {
  const fetchPage = useCallback((from?: string) => api.audit(from), [api]);
  const { items, loading, hasMore, more } = useCursorList<AuditEntry>(fetchPage, onError);
  return (
    <section aria-label="Audit log">
      <h2>Audit log</h2>
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
            <th scope="col">Target</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {items.map((e) => (
            <tr key={e.id}>
              <td>{new Date(e.at).toLocaleString()}</td>
              <td>{e.actor}</td>
              <td>{e.action}</td>
              <td>
                <code>{e.target}</code>
              </td>
              <td>
                <code>{show(e.before)}</code>
              </td>
              <td>
                <code>{show(e.after)}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ListFooter
        loading={loading}
        empty={items.length === 0}
        hasMore={hasMore}
        loadingLabel="Loading the audit log…"
        emptyText="No operator actions yet."
        onMore={more}
      />
    </section>
  );
}
