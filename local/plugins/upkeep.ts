import type { LocalPlugin } from './types';

/**
 * A plugin that brings a `.data` folder from an older version up to date once the API answers: `run`
 * returns how many items it changed (0 on a fresh or already upgraded folder); a failure is logged,
 * never fatal to the runtime.
 */
export function upkeepPlugin(name: string, failed: string, run: () => Promise<number>, done: (n: number) => string): LocalPlugin {
  return {
    name,
    async start(ctx) {
      return {
        afterReady: async () => {
          const changed = await run().catch((err: Error) => {
            ctx.log(`${name}: ${failed}: ${err.message}`);
            return 0;
          });
          if (changed) ctx.log(`${name}: ${done(changed)}`);
        },
      };
    },
  };
}
