import { Duration } from 'aws-cdk-lib';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Fail, IntegrationPattern, JsonPath, type RetryProps, Succeed, TaskInput, Timeout } from 'aws-cdk-lib/aws-stepfunctions';
import { LambdaInvoke, SqsSendMessage } from 'aws-cdk-lib/aws-stepfunctions-tasks';
import type { Construct } from 'constructs';
import type { StepName } from './lambda-functions';

/**
 * The generation flow, defined once. The deployed state machine and the local interpreter
 * (local/sfn) both run what this builds:
 *
 *   RecordJob → EnsureCapacity → DispatchToWorker (SQS + .waitForTaskToken) → StoreImage → Done
 *   any Catch (a timeout, a worker's failure, a step's) → MarkFailed → Failed
 *
 * Workers claim jobs (issue 31): the job goes on the queue at once, and a worker with a free slot
 * takes it off (worker/worker.ts). No execution polls the fleet or the job index for a free slot.
 * EnsureCapacity runs once: it sizes the fleet on the queue's depth and tells the visitor when no GPU
 * is warm. The message is the claim's lease: a worker keeps it invisible while it holds the job
 * (ChangeMessageVisibility every third of `$.limits.heartbeatSeconds`) and deletes it when the job
 * ends. A worker that dies stops extending it, so SQS gives the job to the next worker with a free
 * slot after at most one lease; the task token stays valid, so nothing goes back through the flow.
 * A job delivered more than MAX_DELIVERIES times is failed by the worker that sees it (WorkerLost).
 * There is no task heartbeat: Step Functions would start its clock at the send, so a job waiting
 * in the queue (a cold fleet, every worker busy) would time out; `$.limits.taskTimeoutSeconds`
 * bounds the whole wait (queue, cold start and generation).
 *
 * Timeouts come from the execution input (`$.limits`), so the API's configuration sets them and
 * tests can use seconds instead of minutes.
 */
export { STEP_NAMES, type StepName } from './lambda-functions';

export const DISPATCH_STATE = 'DispatchToWorker';
/**
 * The estimated cold path from no instance at all to a worker ready (docs/deploy.md, the cold-path
 * table). The default task timeout (GEN_TASK_TIMEOUT_SECONDS, 900 s) is more than three times that.
 */
export const COLD_PATH_ESTIMATE_SECONDS = 240;

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
    taskTimeout: Timeout.at('$.limits.taskTimeoutSeconds'),
    resultPath: '$.result',
  });
  dispatch.addCatch(markFailed, onError);

  const storeImage = invoke('StoreImage', '$.stored');
  storeImage.addRetry(transient).addCatch(markFailed, onError);

  recordJob.next(ensureCapacity).next(dispatch).next(storeImage).next(new Succeed(scope, 'Done'));
  return recordJob;
}
