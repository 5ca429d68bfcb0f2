import type { AuditEntry } from '@shared/schemas/admin';
import { useCallback } from 'react';
import { useCursorList } from '../hooks/use-cursor-list';
import { AdminTable } from './admin-table';
import { ListFooter } from './list-footer';
import type { SectionProps } from './section';

const show = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value));
const COLUMNS = ['When', 'Who', 'What', 'Target', 'Before', 'After'];

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
      </AdminTable>
      <ListFooter list={list} loadingLabel="Loading the audit log…" emptyText="No operator actions yet." />
    </section>
  );
}
