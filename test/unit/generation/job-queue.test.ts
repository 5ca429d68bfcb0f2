import {
  ChangeMessageVisibilityCommand,
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.LOG_LEVEL = 'SILENT';
});

import { extendJob, isClaimGone, queueDepth, receiveJob } from '../../../lambdas/adapters/job-queue';
import { flowJob, withEnv } from '../../fixtures/env';

/**
 * The job queue's adapter (workers claim jobs, issue 31): a claim's lease on receipt, the delivery count, the
 * extension, the errors that mean "the claim is gone", the depth EnsureCapacity sizes the fleet on.
 * Integration twin: the local SQS stand-in through the IAM gateway (test/integration/generation/held-jobs.test.ts).
 */
const sqs = mockClient(SQSClient);
const QUEUE = 'https://sqs.us-east-1.amazonaws.com/123456789012/jobs';
withEnv({ JOB_QUEUE_URL: QUEUE });
beforeEach(() => {
  sqs.reset();
  sqs.on(DeleteMessageCommand).resolves({});
  sqs.on(ChangeMessageVisibilityCommand).resolves({});
});

const body = JSON.stringify({ taskToken: 't-1', heartbeatSeconds: 30, job: flowJob });

describe('the job queue adapter', () => {
  it('claims one job for the lease it is given and reads how many times SQS delivered it', async () => {
    sqs
      .on(ReceiveMessageCommand)
      .resolves({ Messages: [{ ReceiptHandle: 'r-1', Body: body, Attributes: { ApproximateReceiveCount: '3' } }] });
    const job = await receiveJob(10, undefined, 45);
    expect(job).toEqual({ receiptHandle: 'r-1', message: JSON.parse(body), deliveries: 3 });
    expect(sqs.commandCalls(ReceiveMessageCommand)[0]?.args[0].input).toEqual({
      QueueUrl: QUEUE,
      MaxNumberOfMessages: 1,
      WaitTimeSeconds: 10,
      VisibilityTimeout: 45,
      MessageSystemAttributeNames: ['ApproximateReceiveCount'],
    });
  });

  it('takes a lease of 30 s by default and counts a delivery without the attribute (or an unreadable one) as the first', async () => {
    sqs
      .on(ReceiveMessageCommand)
      .resolvesOnce({ Messages: [{ ReceiptHandle: 'r-2', Body: body }] })
      .resolvesOnce({ Messages: [{ ReceiptHandle: 'r-3', Body: body, Attributes: { ApproximateReceiveCount: 'many' } }] });
    expect((await receiveJob(0))?.deliveries).toBe(1);
    expect((await receiveJob(0))?.deliveries).toBe(1);
    expect(sqs.commandCalls(ReceiveMessageCommand)[0]?.args[0].input.VisibilityTimeout).toBe(30);
  });

  it('answers nothing on an empty poll, and drops a message it cannot read (it would come back for ever)', async () => {
    sqs
      .on(ReceiveMessageCommand)
      .resolvesOnce({})
      .resolvesOnce({ Messages: [{ ReceiptHandle: 'r-bad', Body: '{"job":1}' }] });
    expect(await receiveJob(0)).toBeUndefined();
    expect(await receiveJob(0)).toBeUndefined();
    expect(sqs.commandCalls(DeleteMessageCommand).map((c) => c.args[0].input)).toEqual([{ QueueUrl: QUEUE, ReceiptHandle: 'r-bad' }]);
  });

  it('extends a claim (or hands it back with 0) by the message’s receipt', async () => {
    await extendJob('r-1', 30);
    await extendJob('r-1', 0);
    expect(sqs.commandCalls(ChangeMessageVisibilityCommand).map((c) => c.args[0].input)).toEqual([
      { QueueUrl: QUEUE, ReceiptHandle: 'r-1', VisibilityTimeout: 30 },
      { QueueUrl: QUEUE, ReceiptHandle: 'r-1', VisibilityTimeout: 0 },
    ]);
  });

  it.each([
    [{ name: 'ReceiptHandleIsInvalid', message: 'The input receipt handle is invalid.' }, true],
    [{ name: 'MessageNotInflight', message: 'The message referred to is not in flight.' }, true],
    [
      {
        name: 'InvalidParameterValue',
        message:
          'Value r-1 for parameter ReceiptHandle is invalid. Reason: Message does not exist or is not available for visibility timeout change.',
      },
      true,
    ],
    [{ name: 'InvalidParameterValue', message: 'Value 50000 for parameter VisibilityTimeout is invalid.' }, false],
    [{ name: 'ThrottlingException', message: 'Rate exceeded: receipt handle' }, false],
    [{ name: 'TimeoutError', message: 'socket hang up' }, false],
    [undefined, false],
  ])('tells a lost claim from a passing failure: %o → %s', (err, gone) => {
    expect(isClaimGone(err)).toBe(gone);
  });

  it('reads the depth as jobs waiting and jobs held, 0 for an attribute SQS left out', async () => {
    sqs
      .on(GetQueueAttributesCommand)
      .resolvesOnce({ Attributes: { ApproximateNumberOfMessages: '7', ApproximateNumberOfMessagesNotVisible: '3' } })
      .resolvesOnce({ Attributes: { ApproximateNumberOfMessages: '2' } })
      .resolvesOnce({});
    expect(await queueDepth()).toEqual({ waiting: 7, held: 3 });
    expect(await queueDepth()).toEqual({ waiting: 2, held: 0 });
    expect(await queueDepth()).toEqual({ waiting: 0, held: 0 });
    expect(sqs.commandCalls(GetQueueAttributesCommand)[0]?.args[0].input).toEqual({
      QueueUrl: QUEUE,
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
    });
  });
});
