import { HONEYPOT_FIELD, NEWSLETTER_MESSAGES } from '@shared/form-fields';
import { type FormEvent, useRef, useState } from 'react';
import { ApiClientError, api, newIdempotencyKey } from '../../lib/api-client';
import { HoneypotField } from './components/honeypot-field';
import './forms.css';

/**
 * The footer's newsletter signup. The spec posts to an external host and answers with
 * window.alert; here it posts to our own API and answers in an inline status (role=status).
 * It validates with the shared schema, loaded when the form is sent.
 */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [honeypot, setHoneypot] = useState('');
  const [status, setStatus] = useState<{ text: string; ok: boolean } | undefined>();
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Spec section 5: nothing happens if the email is empty.
    if (inFlight.current || !email.trim()) return;
    inFlight.current = true;
    setBusy(true);
    try {
      // The shared schema (and zod with it) loads on the first send, not with every page's footer.
      const { newsletterReceiptSchema, newsletterSignupSchema } = await import('@shared/schemas/forms');
      const parsed = newsletterSignupSchema.safeParse({ email });
      if (!parsed.success) {
        setStatus({ text: parsed.error.issues[0]?.message ?? NEWSLETTER_MESSAGES.failure, ok: false });
        return;
      }
      await api.post('/newsletter/subscribe', { ...parsed.data, [HONEYPOT_FIELD]: honeypot }, newsletterReceiptSchema, {
        idempotencyKey: newIdempotencyKey(),
      });
      setStatus({ text: NEWSLETTER_MESSAGES.success, ok: true });
      setEmail('');
    } catch (err) {
      const network = err instanceof ApiClientError && err.code === 'network_error';
      setStatus({ text: network ? NEWSLETTER_MESSAGES.network : NEWSLETTER_MESSAGES.failure, ok: false });
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  return (
    <form className="newsletter" onSubmit={onSubmit} noValidate aria-busy={busy}>
      <h2 className="newsletter__title">Get new collections in your inbox</h2>
      <div className="newsletter__row">
        <label htmlFor="newsletter-email" className="visually-hidden">
          Email address
        </label>
        <input
          id="newsletter-email"
          className="input newsletter__input"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-describedby="newsletter-status"
        />
        <button type="submit" className="btn btn--primary" disabled={busy}>
          Subscribe
        </button>
      </div>
      <HoneypotField value={honeypot} onChange={setHoneypot} />
      <p id="newsletter-status" role="status" className={`newsletter__status${status && !status.ok ? ' is-error' : ''}`}>
        {status?.text}
      </p>
    </form>
  );
}
