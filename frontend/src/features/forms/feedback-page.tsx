import { FEEDBACK_MESSAGES, FEEDBACK_TYPE_LABELS, FEEDBACK_TYPES, feedbackFieldsSchema } from '@shared/schemas/forms';
import { type FormEvent, useState } from 'react';
import { PageHero } from '../../components/ui/page-hero';
import { Seo } from '../../components/ui/seo';
import { notify } from '../../lib/notify';
import { AttachmentInput } from './components/attachment-input';
import { FormField } from './components/form-field';
import { HoneypotField } from './components/honeypot-field';
import { StarRating } from './components/star-rating';
import { SubmitButton } from './components/submit-button';
import { IMAGE_TYPES, useAttachment } from './hooks/use-attachment';
import { useMultipartSend } from './hooks/use-multipart-send';
import { useSchemaForm } from './hooks/use-schema-form';
import './forms.css';

const INITIAL = { feedbackType: '', rating: '0', description: '', email: '' };
const ORDER = ['feedbackType', 'rating', 'description', 'email'] as const;

export default function FeedbackPage() {
  const form = useSchemaForm(feedbackFieldsSchema, INITIAL, 'feedback');
  const screenshot = useAttachment(IMAGE_TYPES, 'The screenshot must be a PNG, JPEG, WebP or GIF image.');
  const [honeypot, setHoneypot] = useState('');
  const { busy, sending, send } = useMultipartSend('/Feedback', FEEDBACK_MESSAGES);
  const rating = Number(form.values.rating);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending() || screenshot.uploading || screenshot.tooLarge) return;
    if (rating === 0) notify.error(FEEDBACK_MESSAGES.missingRating);
    if (!form.checkAll(ORDER) || !form.data) return;
    await send(form.data, honeypot, screenshot.file, () => {
      form.reset();
      screenshot.reset();
    });
  }

  const ratingHintId = form.errorIdOf('rating');
  return (
    <div className="container narrow form-page">
      <Seo title="Submit Feedback" description="Tell us what works, what does not and what you would like to see next." />
      <PageHero title="Submit Feedback" tagline="Tell us what works, what does not, and what you would like to see next." />
      <form className="card form-card" onSubmit={onSubmit} noValidate aria-busy={busy}>
        <FormField
          id={form.idOf('feedbackType')}
          label="Feedback type"
          error={form.errorOf('feedbackType')}
          errorId={form.errorIdOf('feedbackType')}
        >
          <select className="input" required {...form.bind('feedbackType')}>
            <option value="">Choose a type…</option>
            {FEEDBACK_TYPES.map((type) => (
              <option key={type} value={type}>
                {FEEDBACK_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </FormField>

        <div className={`form-field${rating === 0 && form.errorOf('rating') ? ' form-field--invalid' : ''}`}>
          <StarRating
            name="rating"
            value={rating}
            onChange={(value) => form.set('rating', String(value))}
            onBlur={() => form.touch('rating')}
            describedBy={rating === 0 ? ratingHintId : undefined}
            invalid={rating === 0 && Boolean(form.errorOf('rating'))}
            firstRef={form.register('rating')}
          />
          {rating === 0 && (
            <p id={ratingHintId} className={form.errorOf('rating') ? 'form-field__error' : 'form-field__hint'}>
              {FEEDBACK_MESSAGES.rating}
            </p>
          )}
        </div>

        <FormField
          id={form.idOf('description')}
          label="Description"
          error={form.errorOf('description')}
          errorId={form.errorIdOf('description')}
        >
          <textarea className="input form-textarea" rows={6} required maxLength={5000} {...form.bind('description')} />
        </FormField>

        <FormField id={form.idOf('email')} label="Email" hint="(optional)" error={form.errorOf('email')} errorId={form.errorIdOf('email')}>
          <input className="input" type="email" autoComplete="email" {...form.bind('email')} />
        </FormField>

        <AttachmentInput id="feedback-screenshot" label="Screenshot" accept={IMAGE_TYPES} state={screenshot} disabled={busy} />
        <HoneypotField value={honeypot} onChange={setHoneypot} />

        <div className="form-actions">
          <SubmitButton
            label="Submit Feedback"
            busyLabel="Submitting..."
            busy={busy}
            disabled={screenshot.uploading || screenshot.tooLarge}
            inactive={!form.valid}
          />
        </div>
      </form>

      <section className="card form-next" aria-labelledby="feedback-next">
        <h2 id="feedback-next">What Happens Next?</h2>
        <p>
          Every message is read by a person. We use your feedback to decide what to fix and build next; if you left an email address and we
          need more detail, we will write to you. We never share your address.
        </p>
      </section>
    </div>
  );
}
