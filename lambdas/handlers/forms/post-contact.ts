import { contactRequestSchema } from '../../../shared/schemas/forms';
import { httpHandler, json } from '../../lib/http';
import { receiveContact } from '../../services/forms';
import { idempotencyKeyOf, idempotent } from '../../services/idempotency';

// POST /api/contact (JSON): firstName, lastName, email, subject, message with the contact table's
// rules. 201 with the message id once it is stored.
export const handler = httpHandler({ body: contactRequestSchema }, async ({ body, sourceIp, userAgent, event, context }) =>
  idempotent(event, context, 'contact', async () =>
    json(201, await receiveContact(body, { sourceIp, userAgent, idempotencyKey: idempotencyKeyOf(event) })),
  ),
);
