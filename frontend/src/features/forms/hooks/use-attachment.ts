import { MAX_UPLOAD_BYTES, TIMINGS } from '@shared/constants';
import { FEEDBACK_MESSAGES } from '@shared/schemas/forms';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { notify } from '../../../lib/notify';

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
export const VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/quicktime'];

/**
 * The optional screenshot (or video) of the feedback and issue forms: at most 2 MB (otherwise
 * the file is cleared, with the spec's toast and inline message), and the spec's 'Uploading
 * screenshot...' note for about a second after a valid pick. The server decides the real type by
 * the file's bytes; the type check here only spares the visitor a refused upload.
 */
export function useAttachment(accepted: readonly string[], typeMessage: string) {
  const [file, setFile] = useState<File | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [tooLarge, setTooLarge] = useState(false);
  const [uploading, setUploading] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  function clear() {
    if (input.current) input.current.value = '';
    setFile(undefined);
  }

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0];
    clearTimeout(timer.current);
    setUploading(false);
    if (!picked) {
      setFile(undefined);
      setError(undefined);
      setTooLarge(false);
      return;
    }
    if (picked.size > MAX_UPLOAD_BYTES) {
      clear();
      setTooLarge(true);
      setError(FEEDBACK_MESSAGES.screenshotInline);
      notify.error(FEEDBACK_MESSAGES.screenshotToast);
      return;
    }
    setTooLarge(false);
    if (!accepted.includes(picked.type)) {
      clear();
      setError(typeMessage);
      return;
    }
    setError(undefined);
    setFile(picked);
    setUploading(true);
    timer.current = setTimeout(() => setUploading(false), TIMINGS.fakeUploadMs);
  }

  function reset() {
    clearTimeout(timer.current);
    clear();
    setError(undefined);
    setTooLarge(false);
    setUploading(false);
  }

  return { file, error, tooLarge, uploading, onChange, reset, input };
}
