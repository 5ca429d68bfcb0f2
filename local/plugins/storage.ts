import { movePrivateImages } from '../../lambdas/services/private-images';
import { upkeepPlugin } from './upkeep';

/**
 * The images bucket's local upkeep: visitors' pictures stored by an older version (a `.data` folder
 * from before the private prefix, public for good) are moved under `private/` once the API answers,
 * a shared one keeping a public copy (docs/privacy.md). A no-op on a fresh or already moved folder.
 * In AWS the same move is the one-off `npm run images:make-private` (docs/privacy.md).
 */
export const storagePlugin = upkeepPlugin(
  'storage',
  "moving visitors' pictures to the private prefix failed",
  movePrivateImages,
  (n) => `${n} visitors' pictures from an older data folder moved to the private prefix`,
);
