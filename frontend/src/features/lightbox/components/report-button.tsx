import { REPORT_DETAILS_MAX, REPORT_REASON_LABELS, REPORT_REASONS, REPORT_SUCCESS, type ReportReason } from '@shared/safety';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { notify } from '../../../lib/notify';
import { toastApiError } from '../../../lib/toast-api-error';
import { reportImage } from '../api/report-api';
import './report-button.css';

/**
 * 'Report' for the picture on show (docs/safety.md): a small form with the reasons and optional
 * details. Self-contained so the viewer mounts it with one line; keyed by image id there, so moving
 * to another picture starts a fresh form. Keys typed here stay here (the viewer's arrows and Escape
 * do not fire); Escape closes the form only.
 */
export function ReportButton({ imageId }: { imageId: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState('');
  const id = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const first = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (open) first.current?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setError('Please choose a reason.');
      return;
    }
    setState('sending');
    try {
      await reportImage({ imageId, reason, details });
      setState('sent');
      setOpen(false);
      notify.success(REPORT_SUCCESS);
    } catch (err) {
      setState('idle');
      toastApiError(err, 'Could not send the report. Please try again.');
    }
  };

  const keepKeys = (event: KeyboardEvent) => {
    event.stopPropagation();
    if (event.key === 'Escape') close();
  };

  return (
    <div className="report">
      <button
        ref={toggle}
        type="button"
        className="btn"
        aria-expanded={open}
        aria-controls={`${id}-form`}
        disabled={state === 'sent'}
        onClick={() => (open ? close() : setOpen(true))}
      >
        {state === 'sent' ? 'Reported' : 'Report'}
      </button>
      {open && (
        <form id={`${id}-form`} className="report__form" aria-labelledby={`${id}-title`} onSubmit={submit} onKeyDown={keepKeys} noValidate>
          <fieldset className="report__reasons" aria-describedby={error ? `${id}-error` : undefined}>
            <legend id={`${id}-title`}>Why are you reporting this picture?</legend>
            {REPORT_REASONS.map((value, i) => (
              <label key={value} className="report__reason">
                <input
                  ref={i === 0 ? first : undefined}
                  type="radio"
                  name={`${id}-reason`}
                  value={value}
                  checked={reason === value}
                  onChange={() => {
                    setReason(value);
                    setError('');
                  }}
                />
                {REPORT_REASON_LABELS[value]}
              </label>
            ))}
          </fieldset>
          {error && (
            <p id={`${id}-error`} className="report__error" role="alert">
              {error}
            </p>
          )}
          <label className="report__details">
            Details (optional)
            <textarea rows={2} maxLength={REPORT_DETAILS_MAX} value={details} onChange={(e) => setDetails(e.target.value)} />
          </label>
          <div className="report__actions">
            <button type="button" className="btn btn--ghost btn--small" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="btn btn--primary btn--small" disabled={state === 'sending'}>
              {state === 'sending' ? 'Sending…' : 'Send report'}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
