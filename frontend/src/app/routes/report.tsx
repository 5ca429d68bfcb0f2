import { ISSUE_MESSAGES, ISSUE_TYPE_LABELS, ISSUE_TYPES, issueReportFieldsSchema } from '@shared/schemas/forms';
import { type FormEvent, useState } from 'react';
import { PageHero } from '../../components/ui/page-hero';
import { Seo } from '../../components/ui/seo';
import { AttachmentFormEnd } from '../../features/forms/components/attachment-form-end';
import { FormField } from '../../features/forms/components/form-field';
import { TypeSelect } from '../../features/forms/components/type-select';
import { IMAGE_TYPES, VIDEO_TYPES } from '../../features/forms/hooks/use-attachment';
import { useAttachmentForm } from '../../features/forms/hooks/use-attachment-form';
import { useSchemaForm } from '../../features/forms/hooks/use-schema-form';
import '../../features/forms/forms.css';

const INITIAL = { reporterEmail: '', issueType: '', issueUrl: '', description: '' };
const ORDER = ['reporterEmail', 'issueType', 'issueUrl', 'description'] as const;
const ACCEPTED = [...IMAGE_TYPES, ...VIDEO_TYPES];

export default function ReportPage() {
  const form = useSchemaForm(issueReportFieldsSchema, INITIAL, 'issue');
  const sender = useAttachmentForm(
    '/IssueReport',
    ISSUE_MESSAGES,
    ACCEPTED,
    'The file must be a PNG, JPEG, WebP or GIF image, or an MP4, WebM or MOV video.',
  );
  const [invalidAlert, setInvalidAlert] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sender.blocked()) return;
    const valid = form.checkAll(ORDER);
    setInvalidAlert(!valid);
    if (!valid || !form.data) return;
    await sender.submit(form.data, form.reset);
  }

  return (
    <div className="container narrow form-page">
      <Seo title="Report an Issue" description="Something broken? Tell us what happened and where, and we will look into it." />
      <PageHero title="Report an Issue" tagline="Something broken? Tell us what happened and where." />
      <form className="card form-card" onSubmit={onSubmit} noValidate aria-busy={sender.busy}>
        {invalidAlert && !form.valid && (
          <p className="form-alert" role="alert">
            {ISSUE_MESSAGES.invalidForm}
          </p>
        )}
        <FormField label="Your email" {...form.fieldOf('reporterEmail')}>
          <input className="input" type="email" autoComplete="email" required {...form.bind('reporterEmail')} />
        </FormField>

        <FormField label="Issue type" {...form.fieldOf('issueType')}>
          <TypeSelect types={ISSUE_TYPES} labels={ISSUE_TYPE_LABELS} {...form.bind('issueType')} />
        </FormField>

        <FormField label="Page URL" hint="(optional)" {...form.fieldOf('issueUrl')}>
          <input className="input" type="url" inputMode="url" placeholder="https://" {...form.bind('issueUrl')} />
        </FormField>

        <FormField label="Description" {...form.fieldOf('description')}>
          <textarea className="input form-textarea" rows={6} required maxLength={5000} {...form.bind('description')} />
        </FormField>

        <AttachmentFormEnd state={sender} id="issue-screenshot" label="Screenshot or video" accept={ACCEPTED} submitLabel="Submit Report" />
      </form>
    </div>
  );
}
