import {
  ChangeMessageVisibilityCommand,
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
} from '@aws-sdk/client-sqs';
import { type WorkerMessage, workerMessageSchema } from '../../shared/schemas/generation-flow';
import { config } from '../lib/config';
import { logger } from '../lib/logger';
import { sqs } from './aws-clients';

/**
 * The GPU job queue. The state machine sends to it (SQS sendMessage.waitForTaskToken); workers
 * claim jobs off it (infra/lib/state-machine.ts). A claim is the message's visibility: the worker
 * that received it extends it while it holds the job (`extendJob`) and deletes it when the job
 * ended; a worker that dies stops extending it, and SQS delivers the job to the next one.
 */
export interface QueuedJob {
  receiptHandle: string;
  message: WorkerMessage;
  /** How many times SQS has delivered this message, this delivery included (ApproximateReceiveCount). */
  deliveries: number;
}

/**
 * Takes at most one job off the queue, claimed for `leaseSeconds` (last: a harness's ports from before claims,
 * ../shared/tools/gpu-proof/harness.ts, take `(waitSeconds, signal)` and still fit).
 */
export async function receiveJob(waitSeconds: number, signal?: AbortSignal, leaseSeconds = 30): Promise<QueuedJob | undefined> {
  const out = await sqs().send(
    new ReceiveMessageCommand({
      QueueUrl: config().JOB_QUEUE_URL,
      MaxNumberOfMessages: 1,
      WaitTimeSeconds: waitSeconds,
      VisibilityTimeout: leaseSeconds,
      MessageSystemAttributeNames: ['ApproximateReceiveCount'],
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
  const deliveries = Number(raw.Attributes?.ApproximateReceiveCount ?? 1);
  return { receiptHandle: raw.ReceiptHandle, message: parsed.data, deliveries: Number.isFinite(deliveries) ? deliveries : 1 };
}

/** The job ended (or was never this worker's to run): its message goes. */
export async function deleteJob(receiptHandle: string): Promise<void> {
  await sqs().send(new DeleteMessageCommand({ QueueUrl: config().JOB_QUEUE_URL, ReceiptHandle: receiptHandle }));
}

/** Keeps a claim: the message stays invisible `seconds` more. 0 hands the job back to the queue at once. */
export async function extendJob(receiptHandle: string, seconds: number): Promise<void> {
  await sqs().send(
    new ChangeMessageVisibilityCommand({ QueueUrl: config().JOB_QUEUE_URL, ReceiptHandle: receiptHandle, VisibilityTimeout: seconds }),
  );
}

/**
 * Whether a claim's extension failed because the claim is gone: the message was delivered to another
 * worker (this one was too slow to extend it) or deleted. The job is someone else's: stop working on it.
 */
export function isClaimGone(err: unknown): boolean {
  const name = (err as { name?: string })?.name ?? '';
  const message = (err as { message?: string })?.message ?? '';
  return (
    name === 'ReceiptHandleIsInvalid' ||
    name === 'MessageNotInflight' ||
    (name === 'InvalidParameterValue' && /receipt ?handle|not available|not in ?flight/i.test(message))
  );
}

/** Jobs on the queue: waiting for a worker (visible) and held by one (in flight). EnsureCapacity sizes the fleet on it. */
export async function queueDepth(): Promise<{ waiting: number; held: number }> {
  const out = await sqs().send(
    new GetQueueAttributesCommand({
      QueueUrl: config().JOB_QUEUE_URL,
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
    }),
  );
  const count = (name: string) => Number(out.Attributes?.[name as keyof typeof out.Attributes] ?? 0) || 0;
  return { waiting: count('ApproximateNumberOfMessages'), held: count('ApproximateNumberOfMessagesNotVisible') };
}
