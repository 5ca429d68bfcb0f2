/**
 * `npm run safety:moderation -- <list [--json] | hide <imageId> | keep <imageId>>`: the operator's
 * moderation queue until the console shows it. `list` prints reported pictures, most recently
 * reported first, with their report count, whether they are hidden, the prompt and the thumbnail;
 * `hide` takes a picture out of every public list; `keep` makes it visible again and restarts its
 * count. Reports themselves are in `npm run messages:list -- image_report`. Same table settings as
 * `messages:list`: IMAGES_TABLE (+ AWS credentials) in AWS, DYNAMODB_ENDPOINT against `npm start`.
 */
import { parseArgs } from 'node:util';
import { moderateImage, moderationQueue } from '../lambdas/services/moderation';
import { targetLocalStackIfAsked } from './local-target';

targetLocalStackIfAsked();

const { values, positionals } = parseArgs({ allowPositionals: true, options: { json: { type: 'boolean', default: false } } });
const [command = 'list', id] = positionals;
const USAGE = 'usage: npm run safety:moderation -- <list [--json] | hide <imageId> | keep <imageId>>';

if (command === 'list') {
  for (const image of await moderationQueue(100)) {
    if (values.json) console.log(JSON.stringify(image));
    else {
      const state = image.hidden ? `HIDDEN (${image.hiddenBy ?? '?'})` : 'visible';
      console.log(
        `${image.lastReportedAt}  ${image.id}  reports=${image.reportCount ?? 0}  ${state}  ${image.thumbnailUrl}  ${JSON.stringify(image.prompt)}`,
      );
    }
  }
} else if ((command === 'hide' || command === 'keep') && id) {
  const done = await moderateImage(id, command, process.env.USER ?? 'operator');
  if (!done) throw new Error(`no image ${id}`);
  console.log(`${command === 'hide' ? 'hidden' : 'kept (visible, count restarted)'}: ${id}`);
} else {
  throw new Error(USAGE);
}
