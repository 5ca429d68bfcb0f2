import type { ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import type { ResponseMetadata, StreamingHandler } from '../lambdas/lib/stream';

/**
 * Lambda response streaming for the local HTTP adapter: the two functions of the runtime's global
 * `awslambda` that streaming handlers use, and a response stream over Node's ServerResponse (the
 * metadata becomes the status line and headers before the first byte; a viewer that goes away
 * destroys the stream, as the runtime does).
 */
export function installLambdaStreaming(): void {
  // Some libraries leave a partial `awslambda` behind (an object without these two): complete it.
  const global = globalThis as unknown as { awslambda?: Record<string, unknown> };
  if (typeof global.awslambda?.streamifyResponse === 'function') return;
  global.awslambda = {
    ...global.awslambda,
    streamifyResponse: (handler: StreamingHandler) => handler,
    HttpResponseStream: {
      from: (stream: Writable, metadata: ResponseMetadata) => {
        (stream as Writable & { setMetadata?: (m: ResponseMetadata) => void }).setMetadata?.(metadata);
        return stream;
      },
    },
  };
}

export function responseStreamFor(res: ServerResponse): Writable {
  let head: ResponseMetadata = { statusCode: 200, headers: {} };
  const start = () => {
    if (!res.headersSent) res.writeHead(head.statusCode, head.headers);
  };
  const stream = new Writable({
    write(chunk, _encoding, done) {
      start();
      res.write(chunk, () => done());
    },
    final(done) {
      start();
      res.end(() => done());
    },
  });
  Object.assign(stream, {
    setMetadata: (m: ResponseMetadata) => {
      head = m;
    },
  });
  res.on('close', () => {
    if (!stream.destroyed) stream.destroy();
  });
  return stream;
}
