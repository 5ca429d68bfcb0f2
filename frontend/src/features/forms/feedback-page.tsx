import type { FormEvent } from 'react';
import { toast } from 'react-toastify';
import { FEEDBACK_MESSAGES } from '../../../../shared/schemas/forms';
import { api } from '../../lib/api-client';

export default function FeedbackPage() {
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      await api.postForm('/Feedback', new FormData(event.currentTarget));
      toast.success(FEEDBACK_MESSAGES.success);
    } catch {
      toast.error(FEEDBACK_MESSAGES.failure);
    }
  }
  return (
    <section>
      <h1>Feedback</h1>
      <form onSubmit={onSubmit}>
        <label>
          Feedback type{' '}
          <select name="feedbackType">
            <option value="general_comment">General comment</option>
          </select>
        </label>
        <label>
          Description <textarea name="description" />
        </label>
        <label>
          Email <input name="email" type="email" />
        </label>
        <label>
          Rating <input name="rating" type="number" min={1} max={5} />
        </label>
        <button type="submit">Submit Feedback</button>
      </form>
    </section>
  );
}
