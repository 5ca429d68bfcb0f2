import { backfillConsoleIndex } from '../../lambdas/adapters/image-transactions';
import type { LocalPlugin } from './types';

/**
 * The console's local upkeep: operator images stored by an older version (a `.data` folder from
 * before the console) are put on the console's index once the API answers, so the Admin Gallery
 * lists them. A no-op on a fresh or already upgraded folder.
 */
export const adminPlugin: LocalPlugin = {
  name: 'admin',
  async start(ctx) {
    return {
      afterReady: async () => {
        const updated = await backfillConsoleIndex().catch((err: Error) => {
          ctx.log(`admin: console index backfill failed: ${err.message}`);
          return 0;
        });
        if (updated) ctx.log(`admin: ${updated} operator images from an older data folder added to the console`);
      },
    };
  },
};
