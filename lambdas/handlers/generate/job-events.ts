import { jobIdPathSchema } from '../../../shared/schemas/generation-api';
import { getJob } from '../../adapters/jobs-table';
import { config } from '../../lib/config';
import { RateLimitError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { endWithJson } from '../../lib/stream';
import { cameThroughEdge, viewerIp } from '../../lib/viewer-ip';
import { holdStreamPlace, streamJobEvents } from '../../services/job-events';

/**
 * GET /api/generate/{jobId}/events: the job's status as server-sent events until it ends. A
 * response-streaming Function URL behind CloudFront (/api/generate/*\/events, origin access control),
 * not API Gateway, which cannot stream; locally the HTTP adapter streams the same handler.
 */
export const handler = awslambda.streamifyResponse(async (event, responseStream) => {
  // A Function URL has no route parameters: the id comes from the path (API Gateway-style events carry it too).
  const raw = event.pathParameters?.jobId ?? /^\/api\/generate\/([^/]+)\/events$/.exec(event.rawPath ?? '')?.[1] ?? '';
  const parsed = jobIdPathSchema.safeParse(safeDecode(raw));
  if (!parsed.success) {
    endWithJson(responseStream, 400, { error: { code: 'invalid_job_id', message: 'Not a job id.', fields: { jobId: 'Not a job id.' } } });
    return;
  }
  if (!(await getJob(parsed.data))) {
    endWithJson(responseStream, 404, { error: { code: 'job_not_found', message: 'No such generation job.' } });
    return;
  }
  const trusted = cameThroughEdge(event, config().ORIGIN_SECRET);
  let place: { release: () => Promise<void> };
  try {
    place = await holdStreamPlace(parsed.data, viewerIp(event, trusted));
  } catch (err) {
    if (!(err instanceof RateLimitError)) throw err;
    endWithJson(responseStream, 429, { error: { code: err.code, message: err.message } });
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
    await streamJobEvents(parsed.data, { write: (chunk) => out.write(chunk), closed: () => closed || out.destroyed });
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
