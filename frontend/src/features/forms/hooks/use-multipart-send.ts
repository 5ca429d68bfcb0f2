import { TIMINGS } from '@shared/constants';
import { formReceiptSchema, HONEYPOT_FIELD, SCREENSHOT_FIELD } from '@shared/schemas/forms';
import { useRef, useState } from 'react';
import { api, newIdempotencyKey } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';

/**
 * Sends a validated form with its optional attachment as multipart/form-data (the feedback and issue
 * report pages): one request at a time, an idempotency key per submit, the form's success or failure
 * toast; `onSent` clears the form only once the server has it.
 */
export function useMultipartSend(path: string, messages: { success: string; failure: string }) {
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  async function send(fields: object, honeypot: string, file: File | undefined, onSent: () => void): Promise<void> {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.append(key, String(value));
    body.append(HONEYPOT_FIELD, honeypot);
    if (file) body.append(SCREENSHOT_FIELD, file, file.name);
    try {
      await api.postForm(path, body, formReceiptSchema, { idempotencyKey: newIdempotencyKey() });
      notify.success(messages.success, { autoClose: TIMINGS.formToastMs });
      onSent();
    } catch {
      notify.error(messages.failure, { autoClose: TIMINGS.formToastMs });
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  /** True while a submit is on its way (checked before validating, so a double click sends once). */
  const sending = () => inFlight.current;
  return { busy, sending, send };
}
