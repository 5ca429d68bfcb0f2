import type { z } from 'zod';

/**
 * An area's settings, parsed from the environment on first use (then passed through `finish`, if
 * given) and kept: a Lambda reads them once per cold start, and a bad value fails that first use.
 * `reset` forgets them, for tests and a local runtime that change the environment.
 */
export function envSettings<T>(schema: z.ZodType<T>, finish: (values: T) => T = (values) => values): { read: () => T; reset: () => void } {
  let cached: T | undefined;
  return {
    read: () => {
      cached ??= finish(schema.parse(process.env));
      return cached;
    },
    reset: () => {
      cached = undefined;
    },
  };
}
