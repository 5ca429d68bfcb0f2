import type { ReactNode } from 'react';

/** A console table: a header row of column names, then the caller's rows. */
export function AdminTable({ columns, children }: { columns: readonly string[]; children: ReactNode }) {
  return (
    <table className="admin-table">
      <thead>
        <tr>
          {columns.map((name) => (
            <th key={name} scope="col">
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
