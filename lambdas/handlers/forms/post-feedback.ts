import { MAX_UPLOAD_BYTES } from '../../../shared/constants';
import { feedbackRequestSchema, SCREENSHOT_FIELD } from '../../../shared/schemas/forms';
import { validated } from '../../lib/errors';
import { httpHandler, json } from '../../lib/http';
import { checkAttachment, receiveFeedback } from '../../services/forms';
import { idempotencyKeyOf, idempotent } from '../../services/idempotency';
import { parseMultipart } from '../../services/multipart';

// POST /api/Feedback and POST /api/UserFeedback (multipart): feedbackType, description, email,
// rating, optional screenshot (image only). 201 with the message id once it is stored.
export const handler = httpHandler({}, async ({ event, context, sourceIp, userAgent }) =>
  idempotent(event, context, 'feedback', async () => {
    const form = await parseMultipart(event, { fileField: SCREENSHOT_FIELD, maxFileBytes: MAX_UPLOAD_BYTES });
    const fields = validated(feedbackRequestSchema, form.fields);
    const file = form.file ? checkAttachment(form.file, false) : undefined;
    return json(201, await receiveFeedback(fields, file, { sourceIp, userAgent, idempotencyKey: idempotencyKeyOf(event) }));
  }),
);
