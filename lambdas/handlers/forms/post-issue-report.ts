import { MAX_UPLOAD_BYTES } from '../../../shared/constants';
import { issueReportRequestSchema, SCREENSHOT_FIELD } from '../../../shared/schemas/forms';
import { validated } from '../../lib/errors';
import { httpHandler, json } from '../../lib/http';
import { checkAttachment, receiveIssueReport } from '../../services/forms';
import { idempotencyKeyOf, idempotent } from '../../services/idempotency';
import { parseMultipart } from '../../services/multipart';

// POST /api/IssueReport (multipart): reporterEmail, issueType, issueUrl, description, optional
// screenshot (image or video). 201 with the message id once it is stored.
export const handler = httpHandler({}, async ({ event, context, sourceIp, userAgent }) =>
  idempotent(event, context, 'issue', async () => {
    const form = await parseMultipart(event, { fileField: SCREENSHOT_FIELD, maxFileBytes: MAX_UPLOAD_BYTES });
    const fields = validated(issueReportRequestSchema, form.fields);
    const file = form.file ? checkAttachment(form.file, true) : undefined;
    return json(201, await receiveIssueReport(fields, file, { sourceIp, userAgent, idempotencyKey: idempotencyKeyOf(event) }));
  }),
);
