import { imageIdParamSchema } from '../../../shared/schemas/gallery';
import { config } from '../../lib/config';
import { header, httpHandler } from '../../lib/http';
import { picturePage } from '../../services/share';

// GET /i/{id}: the picture's page with its link-preview tags in the HTML (no JavaScript needed to read them).
export const handler = httpHandler({ path: imageIdParamSchema }, async ({ path, event }) => {
  const { status, html } = await picturePage(path.id, siteOrigin(event));
  return {
    statusCode: status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': status === 200 ? 'public, max-age=60' : 'no-store' },
    body: html,
  };
});

/** The site's own origin: PUBLIC_BASE_URL, else the viewer's host (CloudFront's function passes it on as x-forwarded-host). */
function siteOrigin(event: Parameters<typeof header>[0]): string {
  const base = config().PUBLIC_BASE_URL.replace(/\/+$/, '');
  if (base) return base;
  const host = header(event, 'x-forwarded-host') ?? header(event, 'host') ?? 'localhost';
  const local = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/i.test(host);
  return `${local ? 'http' : 'https'}://${host}`;
}
