import { useEffect, useId, useRef } from 'react';
import { CodeBox } from './code-box';

interface SwitchConfirmProps {
  /** This browser's own code, shown first so it can be kept before the switch. */
  currentCode: string;
  onCopy: () => void;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The step before a recovery code replaces this browser's gallery: it shows the gallery's own code
 * first (the only way back to it) and switches only on an explicit yes. Inline, not modal: the
 * code stays selectable and the page around it readable.
 */
export function SwitchConfirm({ currentCode, onCopy, onConfirm, onCancel }: SwitchConfirmProps) {
  const titleId = useId();
  const textId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <div className="keep-gallery__confirm" role="alertdialog" aria-labelledby={titleId} aria-describedby={textId}>
      <h3 id={titleId} ref={heading} tabIndex={-1}>
        Replace this browser's gallery?
      </h3>
      <p id={textId}>
        This browser will show the gallery of the code you entered instead of its own. Keep this browser's code first: it is the only way
        back to its pictures.
      </p>
      <CodeBox code={currentCode} label="This browser's current code" copyText="Copy current code" onCopy={onCopy} />
      <div className="keep-gallery__confirm-actions">
        <button type="button" className="btn btn--primary" onClick={onConfirm}>
          Switch to that gallery
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
