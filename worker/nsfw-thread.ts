import { parentPort } from 'node:worker_threads';
import { nsfwModel, nsfwScores } from './nsfw-model';

/**
 * The nsfwjs model in a worker thread (threaded-check.ts starts it): its load and each inference run off
 * the thread of whoever asked, so a process that also serves requests (the local runtime, where the worker
 * runs in-process beside the API) keeps answering while the model works.
 */
const port = parentPort;
if (port) {
  port.on('message', (msg: { id: number; png?: Uint8Array }) => {
    const work = msg.png ? nsfwScores(Buffer.from(msg.png)) : nsfwModel().then(() => undefined);
    work.then(
      (scores) => port.postMessage({ id: msg.id, scores }),
      (err: Error) => port.postMessage({ id: msg.id, error: err.message }),
    );
  });
}
