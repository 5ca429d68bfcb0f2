import { backfillConsoleIndex } from '../../lambdas/adapters/image-transactions';
import { upkeepPlugin } from './upkeep';

/**
 * The console's local upkeep: operator images stored by an older version (a `.data` folder from
 * before the console) are put on the console's index once the API answers, so the Admin Gallery
 * lists them. A no-op on a fresh or already upgraded folder.
 */
export const adminPlugin = upkeepPlugin(
  'admin',
  'console index backfill failed',
  backfillConsoleIndex,
  (n) => `${n} operator images from an older data folder added to the console`,
);
