import { drawnBy, PRODUCT_NAME } from '../../shared/constants';
import { escapeHtml } from '../../shared/html';
import { IMAGE_CHECK_REFUSED, isHeldBack } from '../../shared/image-check';
import { type GalleryImage, picturePagePath, type ShareResponse } from '../../shared/schemas/gallery';
import { getImage, setShared } from '../adapters/images-table';
import { siteShell } from '../adapters/site-shell';
import { ConflictError, DomainError, NotFoundError } from '../lib/errors';
import { HIDDEN_MESSAGE, publishCopies, readerView, withdrawCopies } from './private-images';

/**
 * One picture's public page and the visitor's 'Share'. Featured and collection pictures are public;
 * a visitor's own picture is private until its author shares it (then reports and the operator's
 * moderation apply to it like any public picture); a hidden picture is public nowhere.
 */

/**
 * One picture as this reader may have it (readerAccess, docs/privacy.md): a public one to anyone, a visitor's unshared
 * one to its author only (`readerId`, the id the studio sends), with presigned urls of its private objects, so an
 * address naming the visitor's own picture opens it whichever page of their gallery holds it. 404 otherwise (403
 * image_hidden to the author of a hidden one).
 */
export async function readableImage(id: string, readerId?: string): Promise<GalleryImage> {
  const item = await getImage(id);
  const view = item ? await readerView(item, readerId) : {};
  // Its author is told it is hidden, as the download tells them (403 image_hidden); anyone else gets the 404.
  if (view.hidden && readerId !== undefined && item?.userId === readerId) throw new DomainError(403, 'image_hidden', HIDDEN_MESSAGE);
  if (!view.image) throw new NotFoundError('No such picture, or it is not shared.', 'image_not_found');
  return view.image;
}

/**
 * The flag first (only the author's own picture passes its condition), then the objects: sharing
 * copies the private original and thumbnail to the public keys the record's urls name; stopping
 * deletes those copies, so the old url answers 404 (after at most the copy's short cache). Either
 * half failing fails the request, and trying again does both again.
 */
export async function shareImage(id: string, userId: string, shared: boolean): Promise<ShareResponse> {
  if (shared) await refuseUnshareable(id, userId);
  if (!(await setShared(id, userId, shared))) throw new NotFoundError('No such picture of yours.', 'image_not_found');
  await (shared ? publishCopies(id) : withdrawCopies(id));
  return { shared, pageUrl: picturePagePath(id) };
}

/**
 * A picture the image check held back is never shared (docs/safety.md), nor one taken out of public
 * view (reports, or the operator) until the operator keeps it: its author is told why. Someone
 * else's picture is left to setShared's condition, which answers as for an unknown id.
 */
async function refuseUnshareable(id: string, userId: string): Promise<void> {
  const item = await getImage(id, true);
  if (item?.userId !== userId) return;
  if (isHeldBack(item.imageCheck)) {
    throw new ConflictError(
      'Our automatic image check held this picture back, so it cannot be shared. A moderator will review it.',
      IMAGE_CHECK_REFUSED,
    );
  }
  if (item.hidden) {
    throw new ConflictError('This picture was taken out of public view and waits for review; it cannot be shared.', 'image_hidden');
  }
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** The link-preview tags of a picture (Open Graph and Twitter card), every value escaped. */
function previewTags(image: GalleryImage, origin: string): string {
  const pageUrl = `${origin}${picturePagePath(image.id)}`;
  const imageUrl = /^https?:\/\//.test(image.url) ? image.url : `${origin}${image.url}`;
  const title = `${clip(image.prompt, 70)} — ${PRODUCT_NAME}`;
  // Names what actually drew it: locally that is the preview renderer, which is no AI at all.
  const made = image.renderer === 'preview' ? `A picture drawn by the ${drawnBy(image)}` : `An AI picture made with ${drawnBy(image)}`;
  const description = `${made} on ${PRODUCT_NAME}: “${clip(image.prompt, 200)}”`;
  const tags: [string, string, string][] = [
    ['name', 'description', description],
    ['property', 'og:type', 'article'],
    ['property', 'og:site_name', PRODUCT_NAME],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', pageUrl],
    ['property', 'og:image', imageUrl],
    ['property', 'og:image:width', String(image.width)],
    ['property', 'og:image:height', String(image.height)],
    ['property', 'og:image:alt', clip(image.prompt, 400)],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', imageUrl],
  ];
  return [
    `<title>${escapeHtml(title)}</title>`,
    `<link rel="canonical" href="${escapeHtml(pageUrl)}" />`,
    ...tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`),
  ].join('\n    ');
}

/**
 * GET /i/{id}: the SPA's index.html with the picture's tags in its head (the app renders the page
 * itself); a picture that is not public gets the same shell with status 404 and noindex.
 */
export async function picturePage(id: string, origin: string): Promise<{ status: number; html: string }> {
  let image: GalleryImage | undefined;
  try {
    image = await readableImage(id);
  } catch (err) {
    if (!(err instanceof NotFoundError)) throw err;
  }
  const head = image
    ? previewTags(image, origin)
    : `<title>Picture not found — ${PRODUCT_NAME}</title>\n    <meta name="robots" content="noindex" />`;
  const shell = (await siteShell()) ?? MINIMAL_SHELL;
  const html = shell
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+(?:name|property)="(?:description|og:[^"]*|twitter:[^"]*)"[^>]*>\s*/gi, '')
    .replace(/<link\s+rel="canonical"[^>]*>\s*/gi, '')
    // A replacer function: in a replacement string the prompt's `$\``, `$&` or `$'` would be patterns.
    .replace(/<head>/i, (tag) => `${tag}\n    ${head}`);
  return { status: image ? 200 : 404, html };
}

/** Without the SPA's build (a synth without `npm run build:web`): the tags and a way on. */
const MINIMAL_SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
  </head>
  <body>
    <p><a href="/">${PRODUCT_NAME}</a></p>
  </body>
</html>
`;
