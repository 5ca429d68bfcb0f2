import type { z } from 'zod';

/**
 * An area's settings, parsed from the environment on first use and then kept (a Lambda reads them
 * once per cold start, and a bad value fails that first use). `reset` forgets them, for tests that
 * change the environment between cases.
 */
export function envSettings<T>(schema: z.ZodType<T>): { read: () => T; reset: () => void } {
  let cached: T | undefined;
  return {
    read: () => {
      cached ??= schema.parse(process.env);
      return cached;
    },
    reset: () => {
      cached = undefined;
    },
  };
}
