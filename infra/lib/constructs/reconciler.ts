import { ArnFormat, type CfnResource, Duration, Stack, Token, Validations } from 'aws-cdk-lib';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct, type IConstruct } from 'constructs';
import { RECONCILER_FUNCTION } from '../lambda-functions';
import { ProjectFunction } from './project-function';

/** lambdas/adapters/job-staging.ts writes the worker's PNGs here. */
const STAGING_PREFIX = 'staging/';
/** lambdas/adapters/image-bucket.ts imageKeys() and privateImageKeys(): an image's original and thumbnail. */
const IMAGE_PREFIXES = ['files/images/', 'files/thumbs/', 'private/images/', 'private/thumbs/'];
const arnToken = (c: IConstruct) => `<${Stack.of(c).resolve((c.node.defaultChild as CfnResource).logicalId)}.Arn>`;

export interface ReconcilerProps {
  tables: { jobs: TableV2; images: TableV2; counters: TableV2 };
  imagesBucket: Bucket;
  stateMachine: StateMachine;
  /** Shared function environment (limits); table, bucket and machine names are added here. */
  environment: Record<string, string>;
  /** How often it runs. */
  every?: Duration;
}

/**
 * The job reconciler (lambdas/handlers/system/reconcile.ts) on an EventBridge Scheduler rate: ends
 * jobs whose execution can no longer finish them, refunds their caps, sweeps staging objects. The
 * images bucket's lifecycle rule (data.ts) expires any staging object the sweep never sees.
 */
export class Reconciler extends Construct {
  readonly fn: ProjectFunction;
  readonly schedule: Schedule;

  constructor(scope: Construct, id: string, props: ReconcilerProps) {
    super(scope, id);
    const { jobs, images, counters } = props.tables;
    this.fn = new ProjectFunction(this, 'fn', {
      fn: RECONCILER_FUNCTION,
      environment: {
        ...props.environment,
        JOBS_TABLE: jobs.tableName,
        IMAGES_TABLE: images.tableName,
        COUNTERS_TABLE: counters.tableName,
        IMAGES_BUCKET: props.imagesBucket.bucketName,
        GENERATION_STATE_MACHINE_ARN: props.stateMachine.stateMachineArn,
      },
    });
    // Jobs: the open-job index, updates, lock release, the queue's slot count. Images: is it stored?
    jobs.grantReadWriteData(this.fn);
    images.grantReadData(this.fn);
    // Counters: the hourly caps given back.
    counters.grantReadWriteData(this.fn);
    // Staging: list, read the age, delete.
    props.imagesBucket.grantRead(this.fn, `${STAGING_PREFIX}*`);
    props.imagesBucket.grantDelete(this.fn, `${STAGING_PREFIX}*`);
    // A failed job's half-stored pictures: objects StoreImage wrote before a crash, with no record.
    for (const prefix of IMAGE_PREFIXES) props.imagesBucket.grantDelete(this.fn, `${prefix}*`);
    props.stateMachine.grantExecution(this.fn, 'states:DescribeExecution', 'states:StopExecution');

    // The schedule's own role (not the stack-wide one the target would make), so its one finding is acknowledged on it.
    const schedulerRole = new Role(this, 'scheduler-role', { assumedBy: new ServicePrincipal('scheduler.amazonaws.com') });
    this.schedule = new Schedule(this, 'every', {
      schedule: ScheduleExpression.rate(props.every ?? Duration.minutes(2)),
      target: new LambdaInvoke(this.fn, { retryAttempts: 0, role: schedulerRole }),
      description: 'Artloom: end generation jobs that cannot finish, sweep staging objects',
    });
    const invokePolicy = schedulerRole.node.tryFindChild('DefaultPolicy');
    if (invokePolicy) {
      Validations.of(invokePolicy).acknowledge({
        id: `AwsSolutions::AwsSolutions-IAM5[Resource::${arnToken(this.fn)}:*]`,
        reason: "The scheduler's role may invoke the reconciler function and its versions (<arn>:*); nothing else.",
      });
    }

    // Executions of this one state machine (arn:…:execution:<machine>:*), as cdk-nag spells the name split out of its ARN.
    const stack = Stack.of(this);
    const region = Token.isUnresolved(stack.region) ? '<AWS::Region>' : stack.region;
    const account = Token.isUnresolved(stack.account) ? '<AWS::AccountId>' : stack.account;
    const machineName = JSON.stringify(
      stack.resolve(stack.splitArn(props.stateMachine.stateMachineArn, ArnFormat.COLON_RESOURCE_NAME).resourceName),
    );
    Validations.of(this.fn).acknowledge(
      {
        id: `AwsSolutions::AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:states:${region}:${account}:execution:${machineName}:*]`,
        reason: 'Executions are named after job ids: the reconciler describes (and stops overdue) executions of this state machine only.',
      },
      {
        id: `AwsSolutions::AwsSolutions-IAM5[Resource::${arnToken(props.imagesBucket)}/${STAGING_PREFIX}*]`,
        reason: 'The sweep lists, reads and deletes staging objects only: one prefix, keys are per job.',
      },
      ...IMAGE_PREFIXES.map((prefix) => ({
        id: `AwsSolutions::AwsSolutions-IAM5[Resource::${arnToken(props.imagesBucket)}/${prefix}*]`,
        reason: "Deletes the originals and thumbnails of a job that failed half way through StoreImage (keys are its pictures' ids).",
      })),
      {
        id: 'AwsSolutions::AwsSolutions-IAM5[Action::s3:GetBucket*]',
        reason: 'grantRead adds GetBucket* (ListObjectsV2 needs s3:ListBucket on the bucket).',
      },
      {
        id: 'AwsSolutions::AwsSolutions-IAM5[Action::s3:GetObject*]',
        reason: 'grantRead on the staging prefix only.',
      },
      {
        id: 'AwsSolutions::AwsSolutions-IAM5[Action::s3:List*]',
        reason: 'grantRead adds List*, needed to list the staging prefix.',
      },
      {
        id: 'AwsSolutions::AwsSolutions-IAM5[Action::s3:DeleteObject*]',
        reason: 'grantDelete on the staging prefix only.',
      },
    );
  }
}
