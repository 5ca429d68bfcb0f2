import type { ComponentProps } from 'react';

export interface TypeSelectProps<T extends string> extends ComponentProps<'select'> {
  types: readonly T[];
  labels: Record<T, string>;
}

/** A required choice among fixed types (feedback, issue), empty until chosen; the rest goes to the <select>. */
export function TypeSelect<T extends string>({ types, labels, ...control }: TypeSelectProps<T>) {
  return (
    <select className="input" required {...control}>
      <option value="">Choose a type…</option>
      {types.map((type) => (
        <option key={type} value={type}>
          {labels[type]}
        </option>
      ))}
    </select>
  );
}
