import type { AuditEntry } from '@shared/schemas/admin';
import { useCallback } from 'react';
import { useCursorList } from '../hooks/use-cursor-list';
import { changes, fieldLabel } from '../readable';
import { AdminTable } from './admin-table';
import { ListFooter } from './list-footer';
import type { SectionProps } from './section';

const COLUMNS = ['When', 'Who', 'What', 'Target', 'Changes'];

/** Every operator action, newest first: who, what, when, before and after. */
export function AuditLog({ api, onError }: SectionProps) {
  const fetchPage = useCallback((from?: string) => api.audit(from), [api]);
  const list = useCursorList<AuditEntry>(fetchPage, onError);
  return (
    <section aria-label="Audit log">
      <h2>Audit log</h2>
      <AdminTable columns={COLUMNS}>
        {list.items.map((e) => (
          <tr key={e.id}>
            <td data-label="When">{new Date(e.at).toLocaleString()}</td>
            <td data-label="Who">{e.actor}</td>
            <td data-label="What">{fieldLabel(e.action)}</td>
            <td data-label="Target">
              <code>{e.target}</code>
            </td>
            <td data-label="Changes">
              <AuditChanges before={e.before} after={e.after} />
            </td>
          </tr>
        ))}
      </AdminTable>
      <ListFooter list={list} loadingLabel="Loading the audit log…" emptyText="No operator actions yet." />
    </section>
  );
}

/** Before → after, one line per changed field (a readable diff instead of two JSON blobs). */
function AuditChanges({ before, after }: { before: unknown; after: unknown }) {
  const list = changes(before, after);
  if (list.length === 0) return <span>—</span>;
  return (
    <ul className="admin-diff">
      {list.map((c) => (
        <li key={c.label}>
          {c.label}: <del>{c.before}</del> → <ins>{c.after}</ins>
        </li>
      ))}
    </ul>
  );
}
