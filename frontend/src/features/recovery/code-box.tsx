/** A recovery code shown for keeping, with its copy button (the page's own code, and the one a switch would replace). */
export function CodeBox({ code, label, copyText, onCopy }: { code: string; label: string; copyText: string; onCopy: () => void }) {
  return (
    <div className="keep-gallery__code">
      <output className="keep-gallery__value" aria-label={label}>
        {code}
      </output>
      <button type="button" className="btn" onClick={onCopy}>
        {copyText}
      </button>
    </div>
  );
}
