import { Duration } from 'aws-cdk-lib';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import {
  Choice,
  Condition,
  Fail,
  IntegrationPattern,
  JsonPath,
  Pass,
  Result,
  type RetryProps,
  Succeed,
  TaskInput,
  Timeout,
  Wait,
  WaitTime,
} from 'aws-cdk-lib/aws-stepfunctions';
import { LambdaInvoke, SqsSendMessage } from 'aws-cdk-lib/aws-stepfunctions-tasks';
import type { Construct } from 'constructs';
import { FLOW_ERRORS } from '../../shared/schemas/generation-flow';

/**
 * The generation flow, defined once. The deployed state machine and the local interpreter
 * (local/sfn) both run what this builds:
 *
 *   RecordJob → EnsureCapacity → WorkerReady? ─ warm ─→ DispatchToWorker (SQS + .waitForTaskToken, heartbeat) → StoreImage → Done
 *                    ↑                      └ cold ─→ WaitForWorker (5 s) → CountWorkerWait ┘   (at most 15 min, then NoWorkerInTime)
 *   any Catch, NoWorkerInTime → MarkFailed → Failed
 *
 * The job is handed over only once a worker is warm: the dispatch's heartbeat clock starts when
 * the message is sent, so a message that waited out a GPU cold start (minutes) in the queue would
 * time out long before a worker could take it.
 *
 * Heartbeat and overall timeouts come from the execution input (`$.limits`), so the API's
 * configuration sets them and tests can use seconds instead of minutes.
 */
export const STEP_NAMES = ['RecordJob', 'EnsureCapacity', 'StoreImage', 'MarkFailed'] as const;
export type StepName = (typeof STEP_NAMES)[number];

/** Lambda entry (relative to lambdas/) of each step. */
export const STEP_ENTRIES: Record<StepName, string> = {
  RecordJob: 'steps/record-job.ts',
  EnsureCapacity: 'steps/ensure-capacity.ts',
  StoreImage: 'steps/store-image.ts',
  MarkFailed: 'steps/mark-failed.ts',
};

export const DISPATCH_STATE = 'DispatchToWorker';
/** How often a job waiting for a cold GPU asks again, and for how long at most. */
export const CAPACITY_POLL_SECONDS = 5;
export const CAPACITY_MAX_WAITS = 180;
/** The error a job gets when no GPU worker came up within CAPACITY_POLL_SECONDS × CAPACITY_MAX_WAITS (MarkFailed words it). */
export const NO_CAPACITY_ERROR = FLOW_ERRORS.noCapacity;

export interface GenerationFlowProps {
  steps: Record<StepName, IFunction>;
  queue: IQueue;
}

/** Transient errors (throttling, a blip in S3 or DynamoDB) retry with backoff; a cancelled job does not. */
const noRetryOnCancel: RetryProps = { errors: ['JobCancelled'], maxAttempts: 0 };
const transient: RetryProps = { errors: ['States.ALL'], interval: Duration.seconds(1), backoffRate: 2, maxAttempts: 3 };

export function buildGenerationFlow(scope: Construct, props: GenerationFlowProps) {
  const invoke = (name: StepName, resultPath: string) =>
    new LambdaInvoke(scope, name, {
      lambdaFunction: props.steps[name],
      payloadResponseOnly: true,
      resultPath,
      retryOnServiceExceptions: false,
    });

  const failed = new Fail(scope, 'Failed', { error: 'GenerationFailed', cause: 'See the job record for the reason.' });
  const markFailed = invoke('MarkFailed', '$.failure');
  markFailed.addRetry(transient);
  markFailed.next(failed);
  const onError = { resultPath: '$.error', errors: ['States.ALL'] };

  const recordJob = invoke('RecordJob', JsonPath.DISCARD);
  recordJob.addRetry(noRetryOnCancel).addRetry(transient).addCatch(markFailed, onError);

  const ensureCapacity = invoke('EnsureCapacity', '$.capacity');
  ensureCapacity.addRetry(transient).addCatch(markFailed, onError);

  const dispatch = new SqsSendMessage(scope, DISPATCH_STATE, {
    queue: props.queue,
    integrationPattern: IntegrationPattern.WAIT_FOR_TASK_TOKEN,
    messageBody: TaskInput.fromObject({
      taskToken: JsonPath.taskToken,
      job: JsonPath.objectAt('$.job'),
      heartbeatSeconds: JsonPath.numberAt('$.limits.heartbeatSeconds'),
    }),
    heartbeatTimeout: Timeout.at('$.limits.heartbeatSeconds'),
    taskTimeout: Timeout.at('$.limits.taskTimeoutSeconds'),
    resultPath: '$.result',
  });
  // A worker that died mid-job stops heartbeating: the job goes back on the queue once, for another worker.
  dispatch.addRetry({ errors: ['States.HeartbeatTimeout'], maxAttempts: 1, interval: Duration.seconds(1) });
  dispatch.addCatch(markFailed, onError);

  const storeImage = invoke('StoreImage', '$.stored');
  storeImage.addRetry(transient).addCatch(markFailed, onError);

  // No warm worker: EnsureCapacity asked the fleet for one; ask again every few seconds until one
  // announces itself, counting the waits in `$.capacityWaits.count`.
  const waitForWorker = new Wait(scope, 'WaitForWorker', { time: WaitTime.duration(Duration.seconds(CAPACITY_POLL_SECONDS)) });
  const countWait = new Pass(scope, 'CountWorkerWait', {
    parameters: { count: JsonPath.mathAdd(JsonPath.numberAt('$.capacityWaits.count'), 1) },
    resultPath: '$.capacityWaits',
  });
  const startWaiting = new Pass(scope, 'StartWorkerWait', { result: Result.fromObject({ count: 0 }), resultPath: '$.capacityWaits' });
  const noWorker = new Pass(scope, 'NoWorkerInTime', {
    result: Result.fromObject({
      Error: NO_CAPACITY_ERROR,
      Cause: `No GPU worker became available within ${(CAPACITY_POLL_SECONDS * CAPACITY_MAX_WAITS) / 60} minutes.`,
    }),
    resultPath: '$.error',
  });
  noWorker.next(markFailed);
  startWaiting.next(waitForWorker);
  waitForWorker.next(countWait);
  countWait.next(ensureCapacity);
  // (IsPresent: true only: aws-local-stepfunctions 3 never matches `IsPresent: false`.)
  const waiting = Condition.isPresent('$.capacityWaits');
  const workerReady = new Choice(scope, 'WorkerReady')
    .when(Condition.booleanEquals('$.capacity.warm', true), dispatch)
    .when(Condition.and(waiting, Condition.numberGreaterThanEquals('$.capacityWaits.count', CAPACITY_MAX_WAITS)), noWorker)
    .when(waiting, waitForWorker)
    .otherwise(startWaiting);

  recordJob.next(ensureCapacity);
  ensureCapacity.next(workerReady);
  dispatch.next(storeImage).next(new Succeed(scope, 'Done'));
  return recordJob;
}
