import { afterAll, beforeAll } from 'vitest';

/**
 * Something a test file starts once (an app, a server): started in the file's (or the enclosing
 * describe's) `beforeAll`, stopped in its `afterAll`. The answer stands for it in the tests' bodies
 * (each read goes to the started one), so a file declares it in one line.
 */
export function startedForFile<T extends object>(start: () => Promise<T>, stop: (started: T) => Promise<void>): T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(async () => {
    if (started) await stop(started);
  });
  return new Proxy({} as T, {
    get(_, key) {
      if (!started) throw new Error('started in beforeAll: use it inside a test or a later hook');
      return Reflect.get(started, key);
    },
  });
}
