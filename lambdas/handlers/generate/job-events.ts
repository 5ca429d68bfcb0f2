import * as z from 'zod';
import { jobIdPathSchema, jobReaderQuerySchema } from '../../../shared/schemas/generation-api';
import { config } from '../../lib/config';
import { errorResponse, validated } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { endWithJson } from '../../lib/stream';
import { cameThroughEdge, viewerIp } from '../../lib/viewer-ip';
import { holdStreamPlace, requireJob, streamJobEvents } from '../../services/job-events';

/**
 * GET /api/generate/{jobId}/events[?userId=]: the job's status as server-sent events until it ends,
 * each as GET /api/generate/{jobId} answers it to the same reader (docs/privacy.md). A
 * response-streaming Function URL behind CloudFront (/api/generate/*\/events, origin access control),
 * not API Gateway, which cannot stream; locally the HTTP adapter streams the same handler.
 */
export const handler = awslambda.streamifyResponse(async (event, responseStream) => {
  // A Function URL has no route parameters: the id comes from the path (API Gateway-style events carry it too).
  const raw = event.pathParameters?.jobId ?? /^\/api\/generate\/([^/]+)\/events$/.exec(event.rawPath ?? '')?.[1] ?? '';
  // The one validation path and the one error shape, as the other routes (the stream has no middy chain to throw to):
  // a bad id, an unknown job, or no free stream place (429: the viewer falls back to polling).
  let jobId: string;
  let readerId: string | undefined;
  let place: { release: () => Promise<void> };
  try {
    jobId = validated(z.object({ jobId: jobIdPathSchema }), { jobId: safeDecode(raw) }).jobId;
    // The studio's visitor id (?userId=, an EventSource sends no headers of its own): only the author gets an unshared picture.
    readerId = validated(jobReaderQuerySchema, event.queryStringParameters ?? {}).userId;
    await requireJob(jobId);
    place = await holdStreamPlace(jobId, viewerIp(event, cameThroughEdge(event, config().ORIGIN_SECRET)));
  } catch (err) {
    const refusal = errorResponse(err);
    endWithJson(responseStream, refusal.statusCode ?? 500, JSON.parse(refusal.body ?? '{}'));
    return;
  }
  const out = awslambda.HttpResponseStream.from(responseStream, {
    statusCode: 200,
    headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no' },
  });
  let closed = false;
  out.on('close', () => {
    closed = true;
  });
  out.on('error', () => {
    closed = true;
  });
  try {
    await streamJobEvents(jobId, readerId, { write: (chunk) => out.write(chunk), closed: () => closed || out.destroyed });
  } catch (err) {
    logger.error('job events failed', { error: err as Error });
  } finally {
    out.end();
    await place.release().catch((error: Error) => logger.error('giving back a stream place failed', { error }));
  }
});

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return '';
  }
}
