import { readRecoveryCode, toRecoveryCode } from '@shared/recovery-code';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { DocPage } from '../../components/layouts/doc-page';
import { paths } from '../../config/paths';
import { CodeBox } from '../../features/recovery/code-box';
import { SwitchConfirm } from '../../features/recovery/switch-confirm';
import { notify } from '../../lib/notify';
import { getVisitor, restoreVisitor } from '../../lib/visitor';
import '../../features/recovery/keep-gallery.css';

/**
 * 'Keep my gallery': the visitor's recovery code (their anonymous id, written for people, with a QR
 * code that opens this page on a phone with the code filled in) and the form that continues a
 * gallery from another browser. The code travels in the URL's fragment (#code=…), which browsers
 * never send to a server, so it is in no access log.
 */
export default function KeepGalleryPage() {
  const navigate = useNavigate();
  const code = toRecoveryCode(getVisitor().userId);
  const link = `${window.location.origin}${paths.restore}#code=${code}`;
  const [qr, setQr] = useState<string>();
  const [typed, setTyped] = useState(() => new URLSearchParams(window.location.hash.slice(1)).get('code') ?? '');
  const [error, setError] = useState<string>();
  /** The gallery a valid code stands for, while the switch waits for a yes. */
  const [pending, setPending] = useState<string>();
  const inputId = useId();
  const errorId = useId();

  useEffect(() => {
    let live = true;
    void import('qrcode').then((q) =>
      q.toDataURL(link, { margin: 1, width: 184, color: { dark: '#0b0d12', light: '#ffffff' } }).then((url) => {
        if (live) setQr(url);
      }),
    );
    return () => {
      live = false;
    };
  }, [link]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      notify.success('Recovery code copied.');
    } catch {
      notify.info('Select the code and copy it.');
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setPending(undefined);
    const reading = readRecoveryCode(typed);
    if ('error' in reading) {
      setError(
        reading.error === 'typo'
          ? 'That code has a typo: one character is wrong, missing or swapped. Check it against the code you kept.'
          : 'That is not a recovery code. It has 28 letters and digits in groups of 4, like ABCD-EFGH-…',
      );
      return;
    }
    setError(undefined);
    if (reading.userId === getVisitor().userId) {
      notify.info('This browser already shows that gallery.');
      return;
    }
    setPending(reading.userId);
  };

  const switchGallery = () => {
    if (!pending) return;
    restoreVisitor(pending);
    notify.success('Your gallery is here now.');
    navigate(paths.generate);
  };

  return (
    <DocPage
      title="Keep Your Gallery"
      tagline="Your creations, on any browser: no account needed."
      description="See your gallery's recovery code and continue your gallery on another browser or device."
    >
      <h2>Your recovery code</h2>
      <p>
        My AI Creations belongs to this browser's anonymous id. This code is that id: enter it on another browser (or scan the QR code with
        your phone) to see and add to the same gallery there. Anyone who has the code can see your creations, so keep it like a password.
      </p>
      <CodeBox code={code} label="Your recovery code" copyText="Copy code" onCopy={copy} />
      {qr ? (
        <img className="keep-gallery__qr" src={qr} width={184} height={184} alt="QR code that opens this page with your recovery code" />
      ) : (
        <span className="keep-gallery__qr" aria-hidden="true" />
      )}

      <h2>Continue a gallery from another browser</h2>
      <form className="keep-gallery__form" onSubmit={onSubmit} noValidate>
        <label htmlFor={inputId}>Recovery code</label>
        <input
          id={inputId}
          className="keep-gallery__input"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          placeholder="ABCD-EFGH-…"
        />
        {error && (
          <p id={errorId} className="keep-gallery__error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn--primary">
          Continue this gallery
        </button>
      </form>
      {pending && <SwitchConfirm currentCode={code} onCopy={copy} onConfirm={switchGallery} onCancel={() => setPending(undefined)} />}
      <p>
        This browser then shows that gallery instead of its own; keep this browser's code above first if you want to come back to it. To
        start over with an empty gallery, clear this site's data in your browser.
      </p>
    </DocPage>
  );
}
