import { useState } from 'react';
import { useAttachment } from './use-attachment';
import { useMultipartSend } from './use-multipart-send';

/**
 * What the feedback and issue report pages share around their fields: the optional attachment, the
 * honeypot and the multipart send. The page validates its own fields, then calls `submit`.
 */
export function useAttachmentForm(
  path: string,
  messages: { success: string; failure: string },
  accepted: readonly string[],
  typeMessage: string,
) {
  const attachment = useAttachment(accepted, typeMessage);
  const [honeypot, setHoneypot] = useState('');
  const { busy, sending, send } = useMultipartSend(path, messages);
  return {
    attachment,
    honeypot,
    setHoneypot,
    busy,
    /** A submit, an upload or a too-large file stops a submit before validation (a double click sends once). */
    blocked: () => sending() || attachment.uploading || attachment.tooLarge,
    /** Sends the valid fields with the attachment; `onSent` clears the page's fields, then the attachment is cleared. */
    submit: (fields: object, onSent: () => void) =>
      send(fields, honeypot, attachment.file, () => {
        onSent();
        attachment.reset();
      }),
  };
}
