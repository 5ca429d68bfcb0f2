import { type FormEvent, useState } from 'react';
import { toast } from 'react-toastify';
import { CONTACT_SUCCESS, contactMessageSchema } from '../../../../shared/schemas/forms';
import { api } from '../../lib/api-client';

export default function ContactPage() {
  const [status, setStatus] = useState('');
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = contactMessageSchema.safeParse(Object.fromEntries(new FormData(form)));
    if (!parsed.success) {
      setStatus(parsed.error.issues[0]?.message ?? 'Invalid input.');
      return;
    }
    await api.post('/contact', parsed.data);
    toast.success(CONTACT_SUCCESS);
    form.reset();
  }
  return (
    <section>
      <h1>Contact Us</h1>
      <form onSubmit={onSubmit} noValidate>
        <label>
          First Name <input name="firstName" />
        </label>
        <label>
          Last Name <input name="lastName" />
        </label>
        <label>
          Email <input name="email" type="email" />
        </label>
        <label>
          Subject <input name="subject" />
        </label>
        <label>
          Message <textarea name="message" />
        </label>
        <p role="alert">{status}</p>
        <button type="submit">Send Message</button>
      </form>
    </section>
  );
}
