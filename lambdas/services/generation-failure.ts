import { GENERIC_GENERATION_ERROR } from '../../shared/schemas/generation';
import { FLOW_ERRORS, WORKER_ERRORS } from '../../shared/schemas/generation-flow';

/**
 * The reason a failed job shows, from the Catch's `{ Error, Cause }`. ComfyUI's own words are kept
 * (they are what an operator needs); the States.* names become plain sentences.
 */
export function failureMessage(error: string, cause = ''): string {
  const detail = cause.length > 300 ? `${cause.slice(0, 297)}…` : cause;
  switch (error) {
    case WORKER_ERRORS.unreachable:
      return `The image server is unreachable. ${GENERIC_GENERATION_ERROR}`;
    case WORKER_ERRORS.rejected:
      return `The image server rejected the request (${detail}).`;
    case WORKER_ERRORS.execution:
      return `The image server failed while generating (${detail}).`;
    case WORKER_ERRORS.timeout:
      return `The image server gave no picture in time. ${GENERIC_GENERATION_ERROR}`;
    case WORKER_ERRORS.interrupted:
      return 'The image server interrupted the job.';
    case WORKER_ERRORS.upload:
      return `The picture could not be uploaded. ${GENERIC_GENERATION_ERROR}`;
    case WORKER_ERRORS.lost:
      return `The GPU worker stopped while making your picture, three times. ${GENERIC_GENERATION_ERROR}`;
    case FLOW_ERRORS.noCapacity:
      return `No GPU became available in time. ${GENERIC_GENERATION_ERROR}`;
    case 'States.HeartbeatTimeout':
      return `The GPU worker stopped responding. ${GENERIC_GENERATION_ERROR}`;
    case 'States.Timeout':
      return `No GPU worker finished the job in time. ${GENERIC_GENERATION_ERROR}`;
    case 'JobCancelled':
      return 'Cancelled.';
    default:
      return GENERIC_GENERATION_ERROR;
  }
}

/**
 * Failures of the visitor's own doing, which keep the job's hourly count (docs/safety.md section 3,
 * "Quota refunds"): only their own Cancel. Every other failure (the GPU never came, the worker or
 * ComfyUI failed or went silent, the store step failed, a timeout) is the service's, and MarkFailed
 * gives the count back. A prompt the screens refuse never makes a job, so it is never counted.
 */
const VISITORS_DOING = new Set(['JobCancelled']);

export const isVisitorsDoing = (error: string): boolean => VISITORS_DOING.has(error);
