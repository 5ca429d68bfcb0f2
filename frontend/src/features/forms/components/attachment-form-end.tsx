import type { useAttachmentForm } from '../hooks/use-attachment-form';
import { AttachmentInput } from './attachment-input';
import { HoneypotField } from './honeypot-field';
import { SubmitButton } from './submit-button';

export interface AttachmentFormEndProps {
  state: ReturnType<typeof useAttachmentForm>;
  /** The file input's id and label. */
  id: string;
  label: string;
  accept: readonly string[];
  submitLabel: string;
  /** Invalid form: see SubmitButton's `inactive`. */
  inactive?: boolean;
}

/** After the feedback and issue report fields: the file input, the honeypot and the submit button. */
export function AttachmentFormEnd({ state, id, label, accept, submitLabel, inactive }: AttachmentFormEndProps) {
  const { attachment, busy } = state;
  return (
    <>
      <AttachmentInput id={id} label={label} accept={accept} state={attachment} disabled={busy} />
      <HoneypotField value={state.honeypot} onChange={state.setHoneypot} />

      <div className="form-actions">
        <SubmitButton
          label={submitLabel}
          busyLabel="Submitting..."
          busy={busy}
          disabled={attachment.uploading || attachment.tooLarge}
          inactive={inactive}
        />
      </div>
    </>
  );
}
