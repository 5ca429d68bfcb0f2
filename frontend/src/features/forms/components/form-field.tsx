import type { ReactNode } from 'react';

export interface FormFieldProps {
  id: string;
  label: string;
  /** Shown after the label, e.g. '(optional)'. */
  hint?: string;
  error?: string;
  errorId: string;
  children: ReactNode;
}

/** A label, its control and the control's message (tied by aria-describedby in `bind`). */
export function FormField({ id, label, hint, error, errorId, children }: FormFieldProps) {
  return (
    <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
      <label htmlFor={id} className="form-field__label">
        {label}
        {hint && <span className="form-field__hint"> {hint}</span>}
      </label>
      {children}
      {error && (
        <p id={errorId} className="form-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
