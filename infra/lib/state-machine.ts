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
import { FLOW_ERRORS, WORKER_ERRORS } from '../../shared/schemas/generation-flow';
import type { StepName } from './lambda-functions';

/**
 * The generation flow, defined once. The deployed state machine and the local interpreter
 * (local/sfn) both run what this builds:
 *
 *   RecordJob → StartCounting → EnsureCapacity → WorkerReady? ─ warm ─→ DispatchToWorker (SQS + .waitForTaskToken, heartbeat) → StoreImage → Done
 *                                   ↑                       └ cold ─→ WaitForWorker (5 s) → CountWorkerWait ┘  (at most 15 min, then NoWorkerInTime)
 *                                   └── CountRedispatch ←── heartbeat timeout / ComfyUI unreachable (at most twice, then MarkFailed)
 *   any other Catch, NoWorkerInTime → MarkFailed → Failed
 *
 * The job is handed over only once a worker is warm, and a worker announces itself only after its
 * warm-up image (worker/main.ts): the model load never happens while a job's heartbeat runs. The
 * heartbeat clock starts when the message is sent (Step Functions has no "picked up" event), so a
 * message that waited behind a busy worker can still time out: then, as when a worker dies, the job
 * goes back through EnsureCapacity (which grows the fleet with the queue and waits for a live
 * worker) instead of being re-sent blindly; only the third such loss fails it.
 *
 * Heartbeat and overall timeouts come from the execution input (`$.limits`), so the API's
 * configuration sets them and tests can use seconds instead of minutes.
 */
export { STEP_NAMES, type StepName } from './lambda-functions';

export const DISPATCH_STATE = 'DispatchToWorker';
/**
 * The estimated cold path from no instance at all to a worker ready (docs/deploy.md, the cold-path
 * table). The flow waits for a worker at least twice that long before it gives up.
 */
export const COLD_PATH_ESTIMATE_SECONDS = 240;
/** How often a job waiting for a cold GPU asks again, and for how long at most (15 min ≥ 2 × the cold path). */
export const CAPACITY_POLL_SECONDS = 5;
export const CAPACITY_MAX_WAITS = 180;
/** A job whose worker went silent (or lost its ComfyUI) goes back to the capacity check this often at most. */
export const MAX_REDISPATCHES = 2;
/** Errors that send a job back through the capacity check: the job is fine, its worker was not. */
export const REDISPATCH_ERRORS = ['States.HeartbeatTimeout', WORKER_ERRORS.unreachable];
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
  // A worker that died (or whose ComfyUI stopped answering) mid-job: back through the capacity check.
  const countRedispatch = new Pass(scope, 'CountRedispatch', {
    parameters: {
      capacity: JsonPath.numberAt('$.waits.capacity'),
      redispatch: JsonPath.mathAdd(JsonPath.numberAt('$.waits.redispatch'), 1),
    },
    resultPath: '$.waits',
  });
  dispatch.addCatch(countRedispatch, { errors: REDISPATCH_ERRORS, resultPath: '$.error' });
  dispatch.addCatch(markFailed, onError);

  const storeImage = invoke('StoreImage', '$.stored');
  storeImage.addRetry(transient).addCatch(markFailed, onError);

  // Both counters start at 0 here, so the Choice states compare numbers and need no IsPresent.
  const startCounting = new Pass(scope, 'StartCounting', {
    result: Result.fromObject({ capacity: 0, redispatch: 0 }),
    resultPath: '$.waits',
  });
  // No warm worker: EnsureCapacity asked the fleet for one; ask again every few seconds until one
  // announces itself. The count runs over the whole execution (a re-dispatch does not reset it).
  const waitForWorker = new Wait(scope, 'WaitForWorker', { time: WaitTime.duration(Duration.seconds(CAPACITY_POLL_SECONDS)) });
  const countWait = new Pass(scope, 'CountWorkerWait', {
    parameters: {
      capacity: JsonPath.mathAdd(JsonPath.numberAt('$.waits.capacity'), 1),
      redispatch: JsonPath.numberAt('$.waits.redispatch'),
    },
    resultPath: '$.waits',
  });
  const noWorker = new Pass(scope, 'NoWorkerInTime', {
    result: Result.fromObject({
      Error: NO_CAPACITY_ERROR,
      Cause: `No GPU worker became available within ${(CAPACITY_POLL_SECONDS * CAPACITY_MAX_WAITS) / 60} minutes.`,
    }),
    resultPath: '$.error',
  });
  noWorker.next(markFailed);
  waitForWorker.next(countWait);
  countWait.next(ensureCapacity);
  const workerReady = new Choice(scope, 'WorkerReady')
    .when(Condition.booleanEquals('$.capacity.warm', true), dispatch)
    .when(Condition.numberGreaterThanEquals('$.waits.capacity', CAPACITY_MAX_WAITS), noWorker)
    .otherwise(waitForWorker);
  const mayRedispatch = new Choice(scope, 'MayRedispatch')
    .when(Condition.numberGreaterThan('$.waits.redispatch', MAX_REDISPATCHES), markFailed)
    .otherwise(ensureCapacity);
  countRedispatch.next(mayRedispatch);

  recordJob.next(startCounting).next(ensureCapacity);
  ensureCapacity.next(workerReady);
  dispatch.next(storeImage).next(new Succeed(scope, 'Done'));
  return recordJob;
}
