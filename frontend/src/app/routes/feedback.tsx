import { FEEDBACK_MESSAGES, FEEDBACK_TYPE_LABELS, FEEDBACK_TYPES, feedbackFieldsSchema } from '@shared/schemas/forms';
import type { FormEvent } from 'react';
import { PageHero } from '../../components/ui/page-hero';
import { Seo } from '../../components/ui/seo';
import { AttachmentFormEnd } from '../../features/forms/components/attachment-form-end';
import { FormField } from '../../features/forms/components/form-field';
import { StarRating } from '../../features/forms/components/star-rating';
import { TypeSelect } from '../../features/forms/components/type-select';
import { IMAGE_TYPES } from '../../features/forms/hooks/use-attachment';
import { useAttachmentForm } from '../../features/forms/hooks/use-attachment-form';
import { useSchemaForm } from '../../features/forms/hooks/use-schema-form';
import { notify } from '../../lib/notify';
import '../../features/forms/forms.css';

const INITIAL = { feedbackType: '', rating: '0', description: '', email: '' };
const ORDER = ['feedbackType', 'rating', 'description', 'email'] as const;

export default function FeedbackPage() {
  const form = useSchemaForm(feedbackFieldsSchema, INITIAL, 'feedback');
  const sender = useAttachmentForm('/Feedback', FEEDBACK_MESSAGES, IMAGE_TYPES, 'The screenshot must be a PNG, JPEG, WebP or GIF image.');
  const rating = Number(form.values.rating);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sender.blocked()) return;
    if (rating === 0) notify.error(FEEDBACK_MESSAGES.missingRating);
    if (!form.checkAll(ORDER) || !form.data) return;
    await sender.submit(form.data, form.reset);
  }

  const ratingHintId = form.errorIdOf('rating');
  return (
    <div className="container narrow form-page">
      <Seo title="Submit Feedback" description="Tell us what works, what does not and what you would like to see next." />
      <PageHero title="Submit Feedback" tagline="Tell us what works, what does not, and what you would like to see next." />
      <form className="card form-card" onSubmit={onSubmit} noValidate aria-busy={sender.busy}>
        <FormField label="Feedback type" {...form.fieldOf('feedbackType')}>
          <TypeSelect types={FEEDBACK_TYPES} labels={FEEDBACK_TYPE_LABELS} {...form.bind('feedbackType')} />
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

        <FormField label="Description" {...form.fieldOf('description')}>
          <textarea className="input form-textarea" rows={6} required maxLength={5000} {...form.bind('description')} />
        </FormField>

        <FormField label="Email" hint="(optional)" {...form.fieldOf('email')}>
          <input className="input" type="email" autoComplete="email" {...form.bind('email')} />
        </FormField>

        <AttachmentFormEnd
          state={sender}
          id="feedback-screenshot"
          label="Screenshot"
          accept={IMAGE_TYPES}
          submitLabel="Submit Feedback"
          inactive={!form.valid}
        />
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
