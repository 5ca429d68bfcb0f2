import { Worker } from 'node:worker_threads';
import { judgeScores, NSFW_MODEL_NAME, type NsfwScores } from '../shared/image-check';
import type { PictureCheck } from './picture-check';

/**
 * nsfwCheck with the model in a worker thread (nsfw-thread.ts): the same model and policy, but the
 * thread that asks never blocks on the model's load (seconds) or an inference. The local runtime uses it,
 * since there the worker shares its process with the API, the stand-ins and the state machine; started
 * from source, so the thread loads TypeScript through tsx as the process does.
 */
export function threadedNsfwCheck(): PictureCheck & { close(): Promise<void> } {
  let thread: Worker | undefined;
  let next = 0;
  const waiting = new Map<number, { resolve: (s: NsfwScores | undefined) => void; reject: (e: Error) => void }>();
  const start = (): Worker => {
    const started = new Worker(new URL('./nsfw-thread.ts', import.meta.url), { execArgv: ['--import', 'tsx'] });
    started.on('message', (msg: { id: number; scores?: NsfwScores; error?: string }) => {
      const call = waiting.get(msg.id);
      waiting.delete(msg.id);
      if (msg.error) call?.reject(new Error(msg.error));
      else call?.resolve(msg.scores);
    });
    const fail = (err: Error) => {
      for (const call of waiting.values()) call.reject(err);
      waiting.clear();
      thread = undefined;
    };
    started.on('error', fail);
    started.on('exit', (code) => fail(new Error(`the image check thread exited (${code})`)));
    started.unref();
    return started;
  };
  const ask = (png?: Buffer) =>
    new Promise<NsfwScores | undefined>((resolve, reject) => {
      thread ??= start();
      const id = next++;
      waiting.set(id, { resolve, reject });
      thread.postMessage({ id, ...(png ? { png: new Uint8Array(png) } : {}) });
    });
  return {
    name: NSFW_MODEL_NAME,
    prepare: async () => {
      await ask();
    },
    check: async (png) => {
      const scores = await ask(png);
      if (!scores) throw new Error('the image check thread gave no scores');
      return judgeScores(scores, NSFW_MODEL_NAME);
    },
    close: async () => {
      const t = thread;
      thread = undefined;
      await t?.terminate();
    },
  };
}
