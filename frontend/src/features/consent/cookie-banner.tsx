import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { CONSENT_PURPOSES, type ConsentPurpose, readConsent, saveConsent } from '../../lib/consent';

const LABELS: Record<ConsentPurpose, { name: string; text: string }> = {
  functionality: { name: 'Functionality', text: 'Remembers gallery lists on this browser so pages open faster.' },
  analytics: { name: 'Analytics', text: 'Aggregate usage to improve the site. We set none today.' },
  advertising: { name: 'Advertising', text: 'Measurement of sponsored content. We set none today.' },
};

/**
 * The consent banner the Cookie Policy describes: accept all, decline non-essential, or customize per category.
 * Not a modal: the page stays usable. Shown until the visitor decides, and again from the footer's 'Cookie settings'.
 */
/**
 * `untilDecided`: the copy in home's prerendered HTML, hidden by the stylesheet when src/boot.ts
 * found a stored choice (html[data-consent-decided]) before the first paint.
 */
export function CookieBanner({ onDone, untilDecided = false }: { onDone: () => void; untilDecided?: boolean }) {
  const current = readConsent();
  const [customizing, setCustomizing] = useState(false);
  const [choice, setChoice] = useState<Record<ConsentPurpose, boolean>>({
    functionality: current?.functionality ?? false,
    analytics: current?.analytics ?? false,
    advertising: current?.advertising ?? false,
  });
  const titleId = useId();
  const section = useRef<HTMLElement>(null);
  // Reopened from the footer's 'Cookie settings': the focus moves to the banner (it is far above in the page's order).
  useEffect(() => {
    if (document.activeElement?.hasAttribute('data-opens-consent')) section.current?.focus();
  }, []);
  const decide = (values: Record<ConsentPurpose, boolean>) => {
    saveConsent(values);
    // The banner is first in the page's order (root-layout.tsx): a keyboard visitor goes on where it leaves off, at the
    // navbar's first link, rather than from <body>.
    const hadFocus = section.current?.contains(document.activeElement) ?? false;
    onDone();
    if (hadFocus) document.querySelector<HTMLElement>('.navbar a[href]')?.focus();
  };
  const all = (value: boolean) => ({ functionality: value, analytics: value, advertising: value });

  return (
    <section ref={section} tabIndex={-1} className={untilDecided ? 'consent consent--until-decided' : 'consent'} aria-labelledby={titleId}>
      <h2 id={titleId} className="consent__title">
        Cookies and storage
      </h2>
      <p className="consent__text">
        We keep your anonymous visitor id so My AI Creations stays on this browser; that one is strictly necessary. With your consent we
        also cache gallery lists. Details in the <Link to={paths.cookies}>Cookie Policy</Link>.
      </p>
      {customizing && (
        <fieldset className="consent__choices">
          <legend className="visually-hidden">Cookie categories</legend>
          <label className="consent__choice">
            <input type="checkbox" checked disabled />
            <span>
              <strong>Strictly necessary</strong> Your visitor id and this choice. Always on.
            </span>
          </label>
          {CONSENT_PURPOSES.map((purpose) => (
            <label key={purpose} className="consent__choice">
              <input
                type="checkbox"
                checked={choice[purpose]}
                onChange={(e) => setChoice((prev) => ({ ...prev, [purpose]: e.target.checked }))}
              />
              <span>
                <strong>{LABELS[purpose].name}</strong> {LABELS[purpose].text}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <div className="consent__actions">
        <button type="button" className="btn btn--primary" onClick={() => decide(all(true))}>
          Accept all
        </button>
        <button type="button" className="btn" onClick={() => decide(all(false))}>
          Decline non-essential
        </button>
        {customizing ? (
          <button type="button" className="btn" onClick={() => decide(choice)}>
            Save choices
          </button>
        ) : (
          <button type="button" className="btn" aria-expanded={false} onClick={() => setCustomizing(true)}>
            Customize
          </button>
        )}
      </div>
    </section>
  );
}
