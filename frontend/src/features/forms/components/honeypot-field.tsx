import { HONEYPOT_FIELD } from '@shared/form-fields';

/**
 * The honeypot: off screen, out of the tab order and hidden from assistive technology, so only a
 * bot fills it. The server answers such a submission with an ordinary success and stores nothing.
 */
export function HoneypotField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="form-honeypot" aria-hidden="true">
      <label>
        Website
        <input
          type="text"
          name={HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
    </div>
  );
}
