import type { Writable } from 'node:stream';
import type { APIGatewayProxyEventV2, StreamifyHandler } from 'aws-lambda';

/**
 * Lambda response streaming (Function URL, InvokeMode RESPONSE_STREAM). The runtime provides the
 * global `awslambda` (typed by @types/aws-lambda); the local HTTP adapter installs the same two functions (local/lambda-stream.ts),
 * so a streaming handler runs unchanged in both.
 */
export interface ResponseMetadata {
  statusCode: number;
  headers: Record<string, string>;
}

export type StreamingHandler = StreamifyHandler<APIGatewayProxyEventV2, void>;

/** Writes a whole JSON answer on a stream (an error before any event). */
export function endWithJson(stream: Writable, statusCode: number, body: unknown): void {
  const out = awslambda.HttpResponseStream.from(stream, {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
  out.end(JSON.stringify(body));
}
