import { movePrivateImages } from '../../lambdas/services/private-images';
import type { LocalPlugin } from './types';

/**
 * The images bucket's local upkeep: visitors' pictures stored by an older version (a `.data` folder
 * from before the private prefix, public for good) are moved under `private/` once the API answers,
 * a shared one keeping a public copy (docs/privacy.md). A no-op on a fresh or already moved folder.
 * In AWS the same move is the one-off `npm run images:make-private` (README, Deploy).
 */
export const storagePlugin: LocalPlugin = {
  name: 'storage',
  async start(ctx) {
    return {
      afterReady: async () => {
        const moved = await movePrivateImages().catch((err: Error) => {
          ctx.log(`storage: moving visitors' pictures to the private prefix failed: ${err.message}`);
          return 0;
        });
        if (moved) ctx.log(`storage: ${moved} visitors' pictures from an older data folder moved to the private prefix`);
      },
    };
  },
};
