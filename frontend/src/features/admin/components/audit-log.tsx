import { useCallback, useEffect, useState } from 'react';
import type { AuditEntry } from '../../../../../shared/schemas/admin';
import { Spinner } from '../../../components/ui/spinner';
import type { SectionProps } from './section';

const show = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value));

/** Every operator action, newest first: who, what, when, before and after. */
export function AuditLog({ api, onError }: SectionProps) {
  const [items, setItems] = useState<AuditEntry[]>([]);
  const [cursor, setCursor] = useState<string | undefined>();
  const [loading, setLoading] = useState(false);
  const load = useCallback(
    async (from?: string) => {
      setLoading(true);
      try {
        const page = await api.audit(from);
        setItems((prev) => (from ? [...prev, ...page.items] : page.items));
        setCursor(page.cursor);
      } catch (err) {
        onError(err);
      } finally {
        setLoading(false);
      }
    },
    [api, onError],
  );
  useEffect(() => {
    void load();
  }, [load]);
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
      {loading && <Spinner label="Loading the audit log…" />}
      {!loading && items.length === 0 && <p className="empty">No operator actions yet.</p>}
      {!loading && cursor && (
        <div className="load-more">
          <button type="button" className="btn" onClick={() => void load(cursor)}>
            Load More
          </button>
        </div>
      )}
    </section>
  );
}
