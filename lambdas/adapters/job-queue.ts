import { DeleteMessageCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { type WorkerMessage, workerMessageSchema } from '../../shared/schemas/generation-flow';
import { config } from '../lib/config';
import { logger } from '../lib/logger';
import { sqs } from './aws-clients';

/**
 * The GPU job queue. The state machine sends to it (SQS sendMessage.waitForTaskToken); workers
 * long-poll it. A message is deleted once the worker has taken the job: from then on the task
 * token's heartbeat, not SQS visibility, guards against a worker that dies.
 */
export interface QueuedJob {
  receiptHandle: string;
  message: WorkerMessage;
}

export async function receiveJob(waitSeconds: number, signal?: AbortSignal): Promise<QueuedJob | undefined> {
  const out = await sqs().send(
    new ReceiveMessageCommand({
      QueueUrl: config().JOB_QUEUE_URL,
      MaxNumberOfMessages: 1,
      WaitTimeSeconds: waitSeconds,
      VisibilityTimeout: 60,
    }),
    { abortSignal: signal },
  );
  const raw = out.Messages?.[0];
  if (!raw?.ReceiptHandle) return undefined;
  const parsed = workerMessageSchema.safeParse(JSON.parse(raw.Body ?? 'null'));
  if (!parsed.success) {
    // A message we cannot read would come back for ever: drop it (the execution times out and fails).
    logger.error('unreadable job message dropped', { issues: parsed.error.issues.length });
    await deleteJob(raw.ReceiptHandle);
    return undefined;
  }
  return { receiptHandle: raw.ReceiptHandle, message: parsed.data };
}

export async function deleteJob(receiptHandle: string): Promise<void> {
  await sqs().send(new DeleteMessageCommand({ QueueUrl: config().JOB_QUEUE_URL, ReceiptHandle: receiptHandle }));
}
