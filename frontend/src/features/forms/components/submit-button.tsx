export interface SubmitButtonProps {
  label: string;
  busyLabel: string;
  busy: boolean;
  /** Blocked by an upload in progress or a too-large file: truly disabled. */
  disabled?: boolean;
  /**
   * Invalid form: announced as disabled (aria-disabled) but still focusable and clickable, so a
   * click shows the messages and moves focus to the first invalid field instead of doing nothing.
   */
  inactive?: boolean;
}

export function SubmitButton({ label, busyLabel, busy, disabled, inactive }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className={`btn btn--primary btn--large${inactive ? ' is-inactive' : ''}`}
      disabled={busy || disabled}
      aria-disabled={inactive || undefined}
    >
      {busy && <span className="btn-spinner" aria-hidden="true" />}
      {busy ? busyLabel : label}
    </button>
  );
}
