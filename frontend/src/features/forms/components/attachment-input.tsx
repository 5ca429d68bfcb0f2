import type { useAttachment } from '../hooks/use-attachment';

export interface AttachmentInputProps {
  id: string;
  label: string;
  accept: readonly string[];
  state: ReturnType<typeof useAttachment>;
  disabled?: boolean;
}

/** The optional file input with its inline size/type message and the 'Uploading screenshot...' note. */
export function AttachmentInput({ id, label, accept, state, disabled }: AttachmentInputProps) {
  const errorId = `${id}-error`;
  return (
    <div className={`form-field${state.error ? ' form-field--invalid' : ''}`}>
      <label htmlFor={id} className="form-field__label">
        {label} <span className="form-field__hint">(optional, max 2MB)</span>
      </label>
      <input
        ref={state.input}
        id={id}
        type="file"
        name="screenshot"
        accept={accept.join(',')}
        onChange={state.onChange}
        disabled={disabled}
        className="input form-file"
        aria-invalid={state.error ? true : undefined}
        aria-describedby={state.error ? errorId : undefined}
      />
      {state.error && (
        <p id={errorId} className="form-field__error">
          {state.error}
        </p>
      )}
      {state.uploading && (
        <p className="form-note" role="status">
          Uploading screenshot...
        </p>
      )}
    </div>
  );
}
