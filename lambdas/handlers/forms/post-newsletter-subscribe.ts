import { newsletterRequestSchema } from '../../../shared/schemas/forms';
import { httpHandler, json } from '../../lib/http';
import { subscribeNewsletter } from '../../services/forms';
import { idempotent } from '../../services/idempotency';

// POST /api/newsletter/subscribe (JSON { email }): stored once per address; a repeat signup is the
// same 200, so the answer never tells whether an address was already subscribed.
export const handler = httpHandler({ body: newsletterRequestSchema }, async ({ body, sourceIp, userAgent, event, context }) =>
  idempotent(event, context, 'newsletter', async () => {
    await subscribeNewsletter(body, { sourceIp, userAgent });
    return json(200, { subscribed: true });
  }),
);
