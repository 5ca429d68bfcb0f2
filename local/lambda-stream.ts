import type { Writable } from 'node:stream';
import type { ResponseMetadata, StreamingHandler } from '../lambdas/lib/stream';

/**
 * Lambda response streaming for a streaming handler run in this process (the property tests call
 * handlers directly): the two functions of the runtime's global `awslambda` they use. The deployed
 * bundles get theirs from local/functions/runtime.mjs.
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
