import { adminHandler } from '../../lib/admin-handler';
import { newsletterCsv } from '../../services/inbox';

/** GET /api/admin/inbox/newsletter.csv: every newsletter signup. */
export const handler = adminHandler({}, async () => ({
  statusCode: 200,
  headers: {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': 'attachment; filename="newsletter-signups.csv"',
    'cache-control': 'no-store',
  },
  body: await newsletterCsv(),
}));
