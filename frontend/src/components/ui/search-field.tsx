import { type InputHTMLAttributes, useId } from 'react';

type SearchFieldProps = { label: string; value: string; onChange: (value: string) => void } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'type' | 'value' | 'onChange'
>;

/** A search box with its label for screen readers only (the page's heading and placeholder say it to the eye). */
export function SearchField({ label, value, onChange, ...input }: SearchFieldProps) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input id={id} type="search" value={value} onChange={(event) => onChange(event.target.value)} {...input} />
    </>
  );
}
