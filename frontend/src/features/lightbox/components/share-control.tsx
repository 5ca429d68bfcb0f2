import type { ClientImage } from '@shared/client-image';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { toastApiError } from '../../../lib/toast-api-error';
import { getVisitor } from '../../../lib/visitor';
import '../lightbox.css';

/**
 * 'Share' on the visitor's own pictures (My AI Creations): makes this one picture public at
 * /i/<id> (then reports and the operator's moderation apply to it) and shows its link; 'Stop
 * sharing' makes it private again. The share API is loaded on first use.
 */
export function ShareControl({ image }: { image: ClientImage }) {
  const [link, setLink] = useState<string>();
  const [busy, setBusy] = useState(false);

  const change = async (shared: boolean) => {
    setBusy(true);
    try {
      const { setShared } = await import('../api/share-api');
      const pageUrl = await setShared(image.id, getVisitor().userId, shared);
      setLink(shared ? `${window.location.origin}${pageUrl}` : undefined);
      notify.success(shared ? 'Anyone with the link can see this picture now.' : 'This picture is private again.');
    } catch (err) {
      toastApiError(err, 'Could not change sharing. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  if (!link) {
    return (
      <button type="button" className="btn" disabled={busy} onClick={() => void change(true)}>
        Share
      </button>
    );
  }
  return (
    <div className="lightbox__share">
      <label className="visually-hidden" htmlFor={`share-${image.id}`}>
        Link to this picture
      </label>
      <input id={`share-${image.id}`} className="lightbox__share-link" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
      <a className="btn btn--small" href={link} target="_blank" rel="noopener">
        Open page
      </a>
      <button
        type="button"
        className="btn btn--small"
        onClick={() =>
          void navigator.clipboard.writeText(link).then(
            () => notify.success('Link copied.'),
            () => notify.info('Select the link and copy it.'),
          )
        }
      >
        Copy link
      </button>
      <button type="button" className="btn btn--small" disabled={busy} onClick={() => void change(false)}>
        Stop sharing
      </button>
    </div>
  );
}
