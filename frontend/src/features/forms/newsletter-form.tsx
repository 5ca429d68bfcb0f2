import { type FormEvent, useState } from 'react';
import { NEWSLETTER_MESSAGES } from '../../../../shared/schemas/forms';
import { api } from '../../lib/api-client';

export function NewsletterForm() {
  const [status, setStatus] = useState('');
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      await api.post('/newsletter/subscribe', { email: new FormData(event.currentTarget).get('email') });
      setStatus(NEWSLETTER_MESSAGES.success);
    } catch {
      setStatus(NEWSLETTER_MESSAGES.failure);
    }
  }
  return (
    <form onSubmit={onSubmit}>
      <label>
        Email <input name="email" type="email" />
      </label>
      <button type="submit">Subscribe</button>
      <p role="status">{status}</p>
    </form>
  );
}
