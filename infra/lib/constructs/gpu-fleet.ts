import { createHash } from 'node:crypto';
import { Duration, Lazy, Stack, Tags, Validations } from 'aws-cdk-lib';
import {
  AutoScalingGroup,
  DefaultResult,
  HealthChecks,
  LifecycleTransition,
  PoolState,
  ScalingEvents,
  type WarmPool,
} from 'aws-cdk-lib/aws-autoscaling';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { type IMachineImage, type LaunchTemplate, type SecurityGroup, SubnetType, type Vpc } from 'aws-cdk-lib/aws-ec2';
import { Grant, type IGrantable, Policy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import type { Asset } from 'aws-cdk-lib/aws-s3-assets';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { CHECKPOINT_NAME } from '../../../shared/constants';
import { addSelfScalingPolicy, addSessionManagerPolicy, grantJobsTable } from './gpu-fleet-grants';
import { gpuLaunchTemplate, imageFrom, imageFromParameter, refreshOnNewVersion } from './gpu-fleet-launch';
import { GpuImage } from './gpu-image';
import { cloudWatchAgentConfig, type GPU_LOG_FILES, SETTINGS_FILES, settingsFiles, workerBundle } from './gpu-instance-config';
import { GpuNetwork } from './gpu-network';
import type { ModelStore } from './model-store';

/** The launch lifecycle hook the instance completes itself once booted (infra/gpu/boot.sh). */
const BOOTSTRAP_HOOK = 'artloom-bootstrap';
/** Instance tag naming the SSM path of the instance's settings (boot.sh reads it from the instance metadata). */
const SETTINGS_TAG = 'artloom-settings';
/** Instance tag with a hash of the settings: a changed setting makes a new launch template version. */
const SETTINGS_HASH_TAG = 'artloom-settings-hash';
const COMFY_PORT = 8188;

export interface GpuFleetProps {
  instanceType: string;
  maxInstances: number;
  /** Stopped, booted-once instances kept ready (warm pool); 0 = every start launches a new instance. */
  warmPoolSize: number;
  /** ComfyUI commit baked into the image. */
  comfyuiCommit: string;
  /** An AMI (built by this stack's pipeline, or the same recipe elsewhere) instead of the pipeline's newest image. */
  amiId?: string;
  /** AZ of the image build's subnet (one where `instanceType` is offered); default: the first. */
  buildAvailabilityZone?: string;
  models: ModelStore;
  /** The worker scales its instance in after this long without a job. */
  idleShutdownSeconds: number;
  /** ComfyUI output deadline on the instance. */
  comfyTimeoutSeconds: number;
  queue: IQueue;
  jobsTable: TableV2;
  imagesBucket: Bucket;
  /** Launch and termination failures of the group and failed image builds are sent here (the operator's alarm topic). */
  alarmTopic?: ITopic;
  /**
   * Amazon Rekognition beside the worker's own image check (context imageModeration): the worker sends
   * every finished picture to DetectModerationLabels, labels at or above this confidence (percent) flag it.
   */
  rekognitionMinConfidence?: number;
}

/**
 * The GPU fleet: an Auto Scaling group (min 0, nothing runs while nobody generates) of GPU instances
 * from the baked image (GpuImage), running ComfyUI on 127.0.0.1:8188 and the worker (worker/main.ts).
 * At every boot an instance reads its settings from SSM parameters (path in its `artloom-settings`
 * tag), copies the checkpoint from the model bucket (ModelStore) to its instance store and checks it
 * (infra/gpu/boot.sh); it has no user data.
 *
 * Network: public subnets, no NAT gateway, no inbound rule, egress on 443 only (AWS APIs; S3 and
 * DynamoDB on free gateway endpoints), IMDSv2, no SSH key (Session Manager), ComfyUI on loopback.
 *
 * Scaling: EnsureCapacity (and POST /api/generate/warm) raise the desired capacity when no worker
 * is warm; the group takes a stopped warm-pool instance first (a start, not a launch); the worker
 * scales its own instance in after `idleShutdownSeconds` without a job, back into the pool.
 */
export class GpuFleet extends Construct {
  readonly vpc: Vpc;
  readonly securityGroup: SecurityGroup;
  readonly role: Role;
  readonly image?: GpuImage;
  readonly launchTemplate: LaunchTemplate;
  readonly autoScalingGroup: AutoScalingGroup;
  readonly workerBundle: Asset;
  readonly logGroups: Record<keyof typeof GPU_LOG_FILES, LogGroup>;
  /** SSM path of the instance settings (`<path>/boot.env`, `worker.env`, `cloudwatch-agent.json`). */
  readonly settingsPath: string;
  readonly settings: StringParameter[];
  private readonly groupArn: string;
  /** `<stack>-gpu`: fixed, so the functions name it without a Ref (see the constructor). */
  private readonly groupName: string;
  private warmPool?: WarmPool;

  constructor(scope: Construct, id: string, props: GpuFleetProps) {
    super(scope, id);
    const stack = Stack.of(this);

    const network = new GpuNetwork(this, 'network');
    this.vpc = network.vpc;
    this.securityGroup = network.securityGroup;

    this.role = new Role(this, 'role', {
      assumedBy: new ServicePrincipal('ec2.amazonaws.com'),
      description: 'Artloom GPU worker: job queue, jobs table, staging uploads, task callbacks, its own group, the model',
    });
    addSessionManagerPolicy(this, this.role);
    props.queue.grantConsumeMessages(this.role);
    grantJobsTable(this.role, props.jobsTable);
    props.imagesBucket.grantPut(this.role, 'staging/*');
    props.models.grantReadModel(this.role);
    if (props.rekognitionMinConfidence !== undefined) {
      // The picture goes in the request (Image.Bytes): no bucket access; the action takes no resource ARN.
      this.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['rekognition:DetectModerationLabels'], resources: ['*'] }));
    }

    this.workerBundle = workerBundle(this);
    // Its own bundle object only: the bootstrap bucket holds every asset of the account (Lambda code, the site).
    this.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['s3:GetObject'],
        resources: [this.workerBundle.bucket.arnForObjects(this.workerBundle.s3ObjectKey)],
      }),
    );

    // Log groups without fixed names (CloudFormation names them); the agent config gets the names.
    this.logGroups = {
      boot: new LogGroup(this, 'boot-logs', { retention: RetentionDays.ONE_MONTH }),
      comfyui: new LogGroup(this, 'comfyui-logs', { retention: RetentionDays.ONE_MONTH }),
      worker: new LogGroup(this, 'worker-logs', { retention: RetentionDays.ONE_MONTH }),
    };
    for (const group of Object.values(this.logGroups)) group.grantWrite(this.role);

    // The instance's settings: SSM parameters under one path, read by boot.sh at EVERY boot (a warm-pool
    // instance stopped before this deploy starts with its settings). The path reaches the instance as a
    // launch template tag (instance metadata tags); the role may read these parameters and no other.
    this.settingsPath = `/artloom/${stack.stackName}/gpu-settings`;
    const files = settingsFiles({
      boot: {
        MODEL_BUCKET: props.models.bucket.bucketName,
        MODEL_KEY: props.models.key,
        MODEL_SHA256: props.models.sha256,
        CHECKPOINT_NAME,
        WORKER_BUNDLE_URL: this.workerBundle.s3ObjectUrl,
        LIFECYCLE_HOOK: BOOTSTRAP_HOOK,
      },
      worker: {
        AWS_REGION: stack.region,
        JOB_QUEUE_URL: props.queue.queueUrl,
        JOBS_TABLE: props.jobsTable.tableName,
        IMAGES_BUCKET: props.imagesBucket.bucketName,
        COMFYUI_URL: `http://127.0.0.1:${COMFY_PORT}`,
        COMFYUI_TIMEOUT_SECONDS: String(props.comfyTimeoutSeconds),
        GPU_IDLE_SHUTDOWN_SECONDS: String(props.idleShutdownSeconds),
        WORKER_WARMUP: 'true',
        ...(props.rekognitionMinConfidence !== undefined
          ? { IMAGE_MODERATION: 'rekognition', IMAGE_MODERATION_MIN_CONFIDENCE: String(props.rekognitionMinConfidence) }
          : {}),
        LOG_LEVEL: 'INFO',
        NODE_OPTIONS: '--enable-source-maps',
      },
      cloudWatchAgent: cloudWatchAgentConfig({
        boot: this.logGroups.boot.logGroupName,
        comfyui: this.logGroups.comfyui.logGroupName,
        worker: this.logGroups.worker.logGroupName,
      }),
    });
    this.settings = SETTINGS_FILES.map(
      (file) =>
        new StringParameter(this, `settings-${file.replace(/\W/g, '-')}`, {
          parameterName: `${this.settingsPath}/${file}`,
          stringValue: files[file],
          description: `Artloom GPU instance: /etc/artloom/${file}, written by boot.sh at every boot`,
        }),
    );
    this.role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['ssm:GetParameter', 'ssm:GetParameters'], resources: this.settings.map((p) => p.parameterArn) }),
    );
    // What the settings are made of, as CloudFormation will resolve them: a change (a new worker bundle,
    // model, queue, idle time...) changes this tag, so the launch template gets a new version.
    const settingsHash = Lazy.string({
      produce: () =>
        createHash('sha256')
          .update(JSON.stringify(stack.resolve(files)))
          .digest('hex')
          .slice(0, 16),
    });

    let machineImage: IMachineImage;
    if (props.amiId) machineImage = imageFrom(props.amiId);
    else {
      this.image = new GpuImage(this, 'image', {
        vpc: this.vpc,
        instanceType: props.instanceType,
        comfyuiCommit: props.comfyuiCommit,
        buildAvailabilityZone: props.buildAvailabilityZone,
        alarmTopic: props.alarmTopic,
      });
      // The parameter every build writes, resolved by EC2 at each launch (not at deploy): a pipeline rebuild
      // reaches the next launch with no deploy (issue 31 item 7; docs/deploy.md). Created after the first build.
      machineImage = imageFromParameter(this.image.parameterName);
    }
    this.launchTemplate = gpuLaunchTemplate(this, {
      instanceType: props.instanceType,
      machineImage,
      role: this.role,
      securityGroup: this.securityGroup,
    });

    if (this.image) this.launchTemplate.node.addDependency(this.image.image);
    // On the launch template and (tag specifications) on its instances and volumes.
    Tags.of(this.launchTemplate).add(SETTINGS_TAG, this.settingsPath);
    Tags.of(this.launchTemplate).add(SETTINGS_HASH_TAG, settingsHash);

    // A fixed name that the web tier's functions are given as a plain string (issue 31): naming the group by its Ref
    // made 171 resources (every function, route, the distribution) wait for the image build behind the launch
    // template. The group still waits for its image; until it exists, EnsureCapacity says so (gpu-fleet adapter).
    this.groupName = `${stack.stackName}-gpu`;
    this.autoScalingGroup = new AutoScalingGroup(this, 'asg', {
      autoScalingGroupName: this.groupName,
      vpc: this.vpc,
      vpcSubnets: { subnetType: SubnetType.PUBLIC },
      launchTemplate: this.launchTemplate,
      minCapacity: 0,
      maxCapacity: props.maxInstances,
      // desiredCapacity is left unset on purpose: CloudFormation then starts the group at MinSize (0)
      // and a later deploy does not reset a running fleet to 0 in the middle of a job.
      healthChecks: HealthChecks.ec2({ gracePeriod: Duration.minutes(10) }),
      cooldown: Duration.seconds(60),
      notifications: props.alarmTopic ? [{ topic: props.alarmTopic, scalingEvents: ScalingEvents.ERRORS }] : undefined,
    });
    // The warm pool launches instances as soon as it exists: not before the first image is built.
    if (this.image) this.autoScalingGroup.node.addDependency(this.image.image);
    // The instance is InService only once the model is staged and checked and the worker started;
    // boot.sh completes this hook itself (first boot, and every start from the warm pool).
    const bootstrapHook = this.autoScalingGroup.addLifecycleHook('bootstrap', {
      lifecycleHookName: BOOTSTRAP_HOOK,
      lifecycleTransition: LifecycleTransition.INSTANCE_LAUNCHING,
      heartbeatTimeout: Duration.minutes(15),
      defaultResult: DefaultResult.ABANDON,
    });
    if (props.warmPoolSize > 0) {
      this.warmPool = this.autoScalingGroup.addWarmPool({
        poolState: PoolState.STOPPED,
        minSize: props.warmPoolSize,
        maxGroupPreparedCapacity: props.warmPoolSize,
        reuseOnScaleIn: true,
      });
      // Without the hook in place first, the pool could stop its first instance in the middle of its boot.
      this.warmPool.node.addDependency(bootstrapHook);
    }

    this.groupArn = `arn:${stack.partition}:autoscaling:${stack.region}:${stack.account}:autoScalingGroup:*:autoScalingGroupName/${this.groupName}`;
    addSelfScalingPolicy(this, this.role, this.groupArn);

    refreshOnNewVersion(this, this.autoScalingGroup, this.launchTemplate, this.groupArn, this.warmPool);
    this.acknowledge();
  }

  /** The group's name as a plain string (no Ref): whoever is given it does not wait for the group or its image. */
  get autoScalingGroupName(): string {
    return this.groupName;
  }

  /** The right to start the fleet: read the group's desired capacity and raise it (EnsureCapacity, warm). */
  grantScale(grantee: IGrantable): void {
    Grant.addToPrincipal({ grantee, actions: ['autoscaling:SetDesiredCapacity'], resourceArns: [this.groupArn] });
    // DescribeAutoScalingGroups supports no resource-level permission.
    Grant.addToPrincipal({ grantee, actions: ['autoscaling:DescribeAutoScalingGroups'], resourceArns: ['*'] });
  }

  /** The worker completes task tokens of this state machine (success, failure, heartbeat). */
  allowTaskCallbacks(stateMachine: IStateMachine): void {
    new Policy(this, 'task-callbacks', {
      roles: [this.role],
      statements: [
        new PolicyStatement({
          actions: ['states:SendTaskSuccess', 'states:SendTaskFailure', 'states:SendTaskHeartbeat'],
          resources: [stateMachine.stateMachineArn],
        }),
      ],
    });
  }

  private acknowledge(): void {
    const ack = (rule: string, reason: string) =>
      Validations.of(this.autoScalingGroup).acknowledge({ id: `AwsSolutions::AwsSolutions-${rule}`, reason });
    // IAM4/IAM5 findings of the role and its policies: infra/lib/nag.ts (each on its policy, in cdk-nag's own spelling).
    ack(
      'AS3',
      'Launch and termination failures go to the alarm topic; successful launches and terminations happen with every burst of jobs (EnsureCapacity, idle scale-in) and stay in the activity history, so mailing them would bury the alarms.',
    );
  }
}
