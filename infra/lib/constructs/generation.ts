import { type CfnResource, Duration, Stack, Validations } from 'aws-cdk-lib';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import { type IQueue, Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { DefinitionBody, LogLevel, StateMachine, StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct, type IConstruct } from 'constructs';
import { MAX_DELIVERIES } from '../../../shared/schemas/generation-flow';
import { STEP_FUNCTIONS } from '../lambda-functions';
import { buildGenerationFlow, STEP_NAMES, type StepName } from '../state-machine';
import { ProjectFunction } from './project-function';

/** How cdk-nag spells a resource's ARN in a finding id. */
const arnToken = (c: IConstruct) => `<${Stack.of(c).resolve((c.node.defaultChild as CfnResource).logicalId)}.Arn>`;

/** Where the worker hands the PNG over (lambdas/adapters/job-staging.ts) and where public objects live. */
const STAGING_PREFIX = 'staging/';
const PUBLIC_FILES_PREFIX = 'files/';
/** A visitor's pictures (lambdas/adapters/image-bucket.ts privateImageKeys): never served. */
const PRIVATE_PREFIX = 'private/';

/**
 * The GPU job queue: the state machine sends to it (sendMessage.waitForTaskToken), the workers
 * long-poll it. Its own construct because the fleet (which consumes it) is built before the flow.
 */
export class JobQueue extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    // A worker's claim on a job is the message's visibility (infra/lib/state-machine.ts): a worker that
    // died stops extending it and the job comes back for the next worker. The worker that receives it
    // for the (MAX_DELIVERIES + 1)th time fails it (WorkerLost); only a message whose last receiver died
    // too is parked here, its execution ended by its task timeout: kept for inspection only.
    this.deadLetterQueue = new Queue(this, 'dlq', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(4),
    });
    this.queue = new Queue(this, 'queue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // A job message is useless once its execution's task timeout has passed.
      retentionPeriod: Duration.hours(4),
      // Workers set each claim's visibility themselves (the flow's heartbeatSeconds); this is a fallback.
      visibilityTimeout: Duration.seconds(60),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: MAX_DELIVERIES + 2 },
    });
  }
}

export interface GenerationProps {
  queue: IQueue;
  /** counters: MarkFailed gives a failed job's hourly counts back (lambdas/services/quota.ts refundJob). */
  tables: { jobs: TableV2; images: TableV2; counters: TableV2 };
  imagesBucket: Bucket;
  /** Environment shared by every function (limits, renderer…); table, bucket and fleet names are added here. */
  environment: Record<string, string>;
  /** The GPU fleet: its group name for EnsureCapacity's env, and the right to scale it. */
  fleet: { autoScalingGroupName: string; grantScale(grantee: IGrantable): void };
  /**
   * StoreImage writes here for a picture the worker's image check held back: the moderation queue's
   * item (and, for an operator image it stores hidden, the audit entry).
   */
  messagesTable: TableV2;
}

/**
 * The deployed generation flow: the four step Lambdas and the Standard state
 * machine built by buildGenerationFlow (the same builder the local interpreter synthesizes).
 * Each step gets exactly what its code in lambdas/services/jobs.ts touches.
 */
export class Generation extends Construct {
  readonly queue: IQueue;
  readonly stateMachine: StateMachine;
  readonly steps: Record<StepName, ProjectFunction>;

  constructor(scope: Construct, id: string, props: GenerationProps) {
    super(scope, id);
    const { jobs, images, counters } = props.tables;

    this.queue = props.queue;

    const environment: Record<string, string> = {
      ...props.environment,
      JOBS_TABLE: jobs.tableName,
      IMAGES_TABLE: images.tableName,
      COUNTERS_TABLE: counters.tableName,
      IMAGES_BUCKET: props.imagesBucket.bucketName,
      GPU_ASG_NAME: props.fleet.autoScalingGroupName,
      JOB_QUEUE_URL: props.queue.queueUrl,
      MESSAGES_TABLE: props.messagesTable.tableName,
    };
    this.steps = {} as Record<StepName, ProjectFunction>;
    for (const name of STEP_NAMES) {
      this.steps[name] = new ProjectFunction(this, `step-${name}`, { fn: STEP_FUNCTIONS[name], environment });
    }

    // RecordJob: getJob.
    jobs.grantReadData(this.steps.RecordJob);
    // EnsureCapacity: freshWorkers (gsi1 query) + updateJob; the queue's depth (GetQueueAttributes);
    // DescribeAutoScalingGroups + SetDesiredCapacity.
    jobs.grantReadWriteData(this.steps.EnsureCapacity);
    props.queue.grant(this.steps.EnsureCapacity, 'sqs:GetQueueAttributes');
    props.fleet.grantScale(this.steps.EnsureCapacity);
    // StoreImage: staging object get + delete, original and thumbnail put, image record (transaction),
    // job update, lock release, duration history.
    const store = this.steps.StoreImage;
    props.imagesBucket.grantRead(store, `${STAGING_PREFIX}*`);
    props.imagesBucket.grantDelete(store, `${STAGING_PREFIX}*`);
    props.imagesBucket.grantPut(store, `${PUBLIC_FILES_PREFIX}*`);
    props.imagesBucket.grantPut(store, `${PRIVATE_PREFIX}*`);
    images.grantReadWriteData(store);
    jobs.grantReadWriteData(store);
    // A held-back picture's moderation-queue item (putReportOnce: a conditional put, read back when it
    // exists: StoreImage may run twice) and, for an operator image stored hidden, its audit entry.
    props.messagesTable.grantReadWriteData(store);
    // The overview's counters (services/stats.ts): the picture made, its wait, GPU time, an image-check flag, the bytes stored.
    counters.grantWriteData(store);
    // MarkFailed: updateJob + releaseLock; a failure not of the visitor's doing gives the job's hourly
    // counts back (one transaction: the job's refund mark and the counters' decrements).
    jobs.grantReadWriteData(this.steps.MarkFailed);
    counters.grantReadWriteData(this.steps.MarkFailed);

    const bucketArn = arnToken(props.imagesBucket);
    for (const prefix of [STAGING_PREFIX, PUBLIC_FILES_PREFIX, PRIVATE_PREFIX]) {
      Validations.of(store).acknowledge({
        id: `AwsSolutions::AwsSolutions-IAM5[Resource::${bucketArn}/${prefix}*]`,
        reason: `StoreImage reads and deletes the worker's staging objects (${STAGING_PREFIX}<jobId>.png) and writes the original and thumbnail, an operator's public (${PUBLIC_FILES_PREFIX}images|thumbs/<id>), a visitor's private (${PRIVATE_PREFIX}images|thumbs/<id>): one prefix each, keys are per job.`,
      });
    }

    // No fixed name: a retained group of a destroyed stage would block the next deploy of it.
    const logGroup = new LogGroup(this, 'flow-logs', { retention: RetentionDays.ONE_MONTH });
    this.stateMachine = new StateMachine(this, 'flow', {
      stateMachineType: StateMachineType.STANDARD,
      definitionBody: DefinitionBody.fromChainable(buildGenerationFlow(this, { steps: this.steps, queue: this.queue })),
      tracingEnabled: true,
      // Execution data (prompts, task tokens) stays out of the logs; the job record carries the reason of a failure.
      logs: { destination: logGroup, level: LogLevel.ALL, includeExecutionData: false },
      // A bound on any execution, far above a cold start plus the task timeout: nothing runs for ever.
      timeout: Duration.hours(2),
    });
    for (const name of STEP_NAMES) {
      Validations.of(this.stateMachine).acknowledge({
        id: `AwsSolutions::AwsSolutions-IAM5[Resource::${arnToken(this.steps[name])}:*]`,
        reason: 'LambdaInvoke grants the step function and its versions (<arn>:*); one function each, nothing else.',
      });
    }
  }
}
