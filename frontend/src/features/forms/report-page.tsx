import { ISSUE_MESSAGES, ISSUE_TYPE_LABELS, ISSUE_TYPES, issueReportFieldsSchema } from '@shared/schemas/forms';
import { type FormEvent, useState } from 'react';
import { PageHero } from '../../components/ui/page-hero';
import { Seo } from '../../components/ui/seo';
import { AttachmentInput } from './components/attachment-input';
import { FormField } from './components/form-field';
import { HoneypotField } from './components/honeypot-field';
import { SubmitButton } from './components/submit-button';
import { IMAGE_TYPES, useAttachment, VIDEO_TYPES } from './hooks/use-attachment';
import { useMultipartSend } from './hooks/use-multipart-send';
import { useSchemaForm } from './hooks/use-schema-form';
import './forms.css';

const INITIAL = { reporterEmail: '', issueType: '', issueUrl: '', description: '' };
const ORDER = ['reporterEmail', 'issueType', 'issueUrl', 'description'] as const;
const ACCEPTED = [...IMAGE_TYPES, ...VIDEO_TYPES];

export default function ReportPage() {
  const form = useSchemaForm(issueReportFieldsSchema, INITIAL, 'issue');
  const attachment = useAttachment(ACCEPTED, 'The file must be a PNG, JPEG, WebP or GIF image, or an MP4, WebM or MOV video.');
  const [honeypot, setHoneypot] = useState('');
  const { busy, sending, send } = useMultipartSend('/IssueReport', ISSUE_MESSAGES);
  const [invalidAlert, setInvalidAlert] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending() || attachment.uploading || attachment.tooLarge) return;
    const valid = form.checkAll(ORDER);
    setInvalidAlert(!valid);
    if (!valid || !form.data) return;
    await send(form.data, honeypot, attachment.file, () => {
      form.reset();
      attachment.reset();
    });
  }

  return (
    <div className="container narrow form-page">
      <Seo title="Report an Issue" description="Something broken? Tell us what happened and where, and we will look into it." />
      <PageHero title="Report an Issue" tagline="Something broken? Tell us what happened and where." />
      <form className="card form-card" onSubmit={onSubmit} noValidate aria-busy={busy}>
        {invalidAlert && !form.valid && (
          <p className="form-alert" role="alert">
            {ISSUE_MESSAGES.invalidForm}
          </p>
        )}
        <FormField
          id={form.idOf('reporterEmail')}
          label="Your email"
          error={form.errorOf('reporterEmail')}
          errorId={form.errorIdOf('reporterEmail')}
        >
          <input className="input" type="email" autoComplete="email" required {...form.bind('reporterEmail')} />
        </FormField>

        <FormField id={form.idOf('issueType')} label="Issue type" error={form.errorOf('issueType')} errorId={form.errorIdOf('issueType')}>
          <select className="input" required {...form.bind('issueType')}>
            <option value="">Choose a type…</option>
            {ISSUE_TYPES.map((type) => (
              <option key={type} value={type}>
                {ISSUE_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </FormField>

        <FormField
          id={form.idOf('issueUrl')}
          label="Page URL"
          hint="(optional)"
          error={form.errorOf('issueUrl')}
          errorId={form.errorIdOf('issueUrl')}
        >
          <input className="input" type="url" inputMode="url" placeholder="https://" {...form.bind('issueUrl')} />
        </FormField>

        <FormField
          id={form.idOf('description')}
          label="Description"
          error={form.errorOf('description')}
          errorId={form.errorIdOf('description')}
        >
          <textarea className="input form-textarea" rows={6} required maxLength={5000} {...form.bind('description')} />
        </FormField>

        <AttachmentInput id="issue-screenshot" label="Screenshot or video" accept={ACCEPTED} state={attachment} disabled={busy} />
        <HoneypotField value={honeypot} onChange={setHoneypot} />

        <div className="form-actions">
          <SubmitButton
            label="Submit Report"
            busyLabel="Submitting..."
            busy={busy}
            disabled={attachment.uploading || attachment.tooLarge}
          />
        </div>
      </form>
    </div>
  );
}
