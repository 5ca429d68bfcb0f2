import { TIMINGS } from '@shared/constants';
import { CONTACT_SUCCESS, contactMessageSchema, formReceiptSchema, HONEYPOT_FIELD } from '@shared/schemas/forms';
import { type FormEvent, useRef, useState } from 'react';
import { PageHero } from '../../components/ui/page-hero';
import { Seo } from '../../components/ui/seo';
import { FormField } from '../../features/forms/components/form-field';
import { HoneypotField } from '../../features/forms/components/honeypot-field';
import { SubmitButton } from '../../features/forms/components/submit-button';
import { useSchemaForm } from '../../features/forms/hooks/use-schema-form';
import { api, newIdempotencyKey } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import '../../features/forms/forms.css';

const INITIAL = { firstName: '', lastName: '', email: '', subject: '', message: '' };
const ORDER = ['firstName', 'lastName', 'email', 'subject', 'message'] as const;

export default function ContactPage() {
  const form = useSchemaForm(contactMessageSchema, INITIAL, 'contact');
  const [honeypot, setHoneypot] = useState('');
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current || !form.checkAll(ORDER) || !form.data) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await api.post('/contact', { ...form.data, [HONEYPOT_FIELD]: honeypot }, formReceiptSchema, { idempotencyKey: newIdempotencyKey() });
      form.reset();
      notify.success(CONTACT_SUCCESS, { autoClose: TIMINGS.contactToastMs });
    } catch {
      // Spec section 8: a contact failure is silently ignored; sending ends and the text stays for a retry.
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  return (
    <div className="container narrow form-page">
      <Seo title="Contact Us" description="Questions, ideas or partnership requests: write to the team." />
      <PageHero title="Contact Us" tagline="Questions, ideas or partnership requests: we read every message." />
      <form className="card form-card" onSubmit={onSubmit} noValidate aria-busy={busy}>
        <div className="form-row">
          <FormField label="First Name" {...form.fieldOf('firstName')}>
            <input className="input" autoComplete="given-name" required {...form.bind('firstName')} />
          </FormField>
          <FormField label="Last Name" {...form.fieldOf('lastName')}>
            <input className="input" autoComplete="family-name" required {...form.bind('lastName')} />
          </FormField>
        </div>
        <FormField label="Email" {...form.fieldOf('email')}>
          <input className="input" type="email" autoComplete="email" required {...form.bind('email')} />
        </FormField>
        <FormField label="Subject" {...form.fieldOf('subject')}>
          <input className="input" required maxLength={200} {...form.bind('subject')} />
        </FormField>
        <FormField label="Message" {...form.fieldOf('message')}>
          <textarea className="input form-textarea" rows={7} required maxLength={5000} {...form.bind('message')} />
        </FormField>
        <HoneypotField value={honeypot} onChange={setHoneypot} />
        <div className="form-actions">
          <SubmitButton label="Send Message" busyLabel="Sending…" busy={busy} inactive={!form.valid} />
        </div>
      </form>
    </div>
  );
}
