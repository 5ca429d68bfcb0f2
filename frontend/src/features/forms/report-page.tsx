import type { FormEvent } from 'react';
import { toast } from 'react-toastify';
import { ISSUE_MESSAGES } from '../../../../shared/schemas/forms';
import { api } from '../../lib/api-client';

export default function ReportPage() {
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      await api.postForm('/IssueReport', new FormData(event.currentTarget));
      toast.success(ISSUE_MESSAGES.success);
    } catch {
      toast.error(ISSUE_MESSAGES.failure);
    }
  }
  return (
    <section>
      <h1>Report an Issue</h1>
      <form onSubmit={onSubmit}>
        <label>
          Email <input name="reporterEmail" type="email" />
        </label>
        <label>
          Issue type{' '}
          <select name="issueType">
            <option value="other">Other</option>
          </select>
        </label>
        <label>
          Page URL <input name="issueUrl" type="url" />
        </label>
        <label>
          Description <textarea name="description" />
        </label>
        <button type="submit">Submit Report</button>
      </form>
    </section>
  );
}
