/**
 * `npm run images:make-private`: the one-off move of visitors' pictures stored before the private
 * prefix (docs/privacy.md). Each visitor's original and thumbnail go from `files/` to `private/`;
 * a shared one keeps a public copy with the short cache. Idempotent: run it again and it changes
 * nothing. In AWS: IMAGES_TABLE and IMAGES_BUCKET (the stack's outputs) and the operator's
 * credentials, as for any SDK tool, then one CloudFront invalidation of /files/images/* and
 * /files/thumbs/* (README, Deploy); locally `npm start` does it by itself.
 */
import { movePrivateImages } from '../lambdas/services/private-images';
import { targetLocalStackIfAsked } from './local-target';

targetLocalStackIfAsked();
console.log(`moved ${await movePrivateImages()} visitors' pictures to the private prefix`);
