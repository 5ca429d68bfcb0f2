import { downloadQuerySchema } from '../../../shared/schemas/gallery';
import { config } from '../../lib/config';
import { header, httpHandler, redirect } from '../../lib/http';
import { downloadUrl } from '../../services/download';

// GET /api/download?path=<image url>[&userId=<visitor>]: 302 to a presigned S3 url (a few minutes) that saves the
// original as artloom-<prompt>-<id>.png. Only our own stored originals; anything else 400/404.
export const handler = httpHandler({ query: downloadQuerySchema }, async ({ query, event }) => {
  const hosts = [header(event, 'host'), hostOf(config().PUBLIC_BASE_URL)].filter((h): h is string => !!h).map((h) => h.toLowerCase());
  return redirect(await downloadUrl(query.path, hosts, query.userId));
});

function hostOf(base: string): string | undefined {
  try {
    return base ? new URL(base).host : undefined;
  } catch {
    return undefined;
  }
}
