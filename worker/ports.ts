import { removeWorker, touchWorker } from '../lambdas/adapters/fleet-records';
import { deleteJob, extendJob, isClaimGone, receiveJob } from '../lambdas/adapters/job-queue';
import { putStaging } from '../lambdas/adapters/job-staging';
import { getJob, updateJob } from '../lambdas/adapters/jobs-table';
import { detectModerationLabels } from '../lambdas/adapters/rekognition';
import { isTokenGone, sendTaskFailure, sendTaskHeartbeat, sendTaskSuccess } from '../lambdas/adapters/state-machine';

/**
 * Everything the GPU worker does to the world besides ComfyUI: the job queue, the job records, the
 * staging object, the flow's task tokens and its presence beacon. GpuWorker takes them as one object
 * so that the local runtime can put a power switch in front of them (a crashed instance sends nothing
 * more) without the worker knowing: fault injection from outside the product class.
 */
export const awsPorts = {
  receiveJob,
  deleteJob,
  extendJob,
  putStaging,
  getJob,
  updateJob,
  touchWorker,
  removeWorker,
  sendTaskHeartbeat,
  sendTaskSuccess,
  sendTaskFailure,
};
export type WorkerPorts = typeof awsPorts;
/** A job claimed off the queue: its message, its receipt (the claim) and how many times SQS delivered it. */
export type { QueuedJob } from '../lambdas/adapters/job-queue';

/** Whether a task-token call failed because the execution is over (stopped, timed out): not a worker error. */
/** The optional Rekognition image check (picture-check.ts): not switched by the local power switch, it only reads. */
export { detectModerationLabels, isClaimGone, isTokenGone };
