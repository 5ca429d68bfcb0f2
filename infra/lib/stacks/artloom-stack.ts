import { Annotations, CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { ROUTES } from '../../../lambdas/routes';
import { Api } from '../constructs/api';
import { Auth } from '../constructs/auth';
import { Data } from '../constructs/data';
import { Generation, JobQueue } from '../constructs/generation';
import { GpuFleet } from '../constructs/gpu-fleet';
import { ModelStore } from '../constructs/model-store';
import { Web } from '../constructs/web';
import type { AppContext } from '../context';
import { acknowledgeStackWide } from '../nag';

export interface ArtloomStackProps extends StackProps {
  context: AppContext;
}

/** The whole product in one stack: constructs per domain, wired here and nowhere else. */
export class ArtloomStack extends Stack {
  readonly data: Data;
  readonly auth: Auth;
  readonly generation: Generation;
  readonly gpuFleet: GpuFleet;
  readonly models: ModelStore;
  readonly api: Api;
  readonly web: Web;

  constructor(scope: Construct, id: string, props: ArtloomStackProps) {
    super(scope, id, props);
    const ctx = props.context;
    const ephemeral = ctx.stage !== 'prod';
    this.data = new Data(this, 'data', { ephemeral });
    this.auth = new Auth(this, 'auth', { ephemeral });

    const environment: Record<string, string> = {
      RENDERER: 'comfyui',
      AUTH_ISSUER: this.auth.issuer,
      AUTH_JWKS_URL: `${this.auth.issuer}/.well-known/jwks.json`,
      AUTH_AUDIENCE: this.auth.client.userPoolClientId,
      ...(ctx.notifyEmail ? { NOTIFY_EMAIL: ctx.notifyEmail, NOTIFY_FROM_EMAIL: ctx.notifyFrom ?? ctx.notifyEmail } : {}),
    };

    // The queue first (the fleet consumes it), then the fleet (EnsureCapacity scales it), then the
    // flow's state machine (the fleet's workers complete its task tokens).
    const { jobs, images } = this.data.tables;
    const imagesBucket = this.data.buckets.images;
    const jobQueue = new JobQueue(this, 'gpu-jobs');
    this.models = new ModelStore(this, 'models', {
      revision: ctx.modelRevision,
      sha256: ctx.modelSha256,
      ephemeral,
      logBucket: this.data.logBucket,
    });
    if (!ctx.modelRevision || !ctx.modelSha256)
      Annotations.of(this.models).addWarningV2(
        'artloom:model-unpinned',
        'modelRevision / modelSha256 are unset: GPU instances will refuse to serve until the model is staged (scripts/stage-model.sh).',
      );
    this.gpuFleet = new GpuFleet(this, 'gpu', {
      instanceType: ctx.gpuInstanceType,
      maxInstances: ctx.gpuMaxInstances,
      warmPoolSize: ctx.gpuWarmPoolSize,
      comfyuiCommit: ctx.comfyuiCommit,
      amiId: ctx.amiId,
      models: this.models,
      idleShutdownSeconds: ctx.gpuIdleShutdownSeconds,
      // The worker loads the model with its warm-up image before it takes a job: 60 s is ample.
      comfyTimeoutSeconds: 60,
      queue: jobQueue.queue,
      jobsTable: jobs,
      imagesBucket,
    });
    this.generation = new Generation(this, 'generation', {
      queue: jobQueue.queue,
      tables: { jobs, images },
      imagesBucket,
      environment,
      fleet: this.gpuFleet,
    });
    this.gpuFleet.allowTaskCallbacks(this.generation.stateMachine);
    // What the operator needs after a deploy (docs/deploy.md): the user pool for operators, the fleet.
    new CfnOutput(this, 'OperatorUserPoolId', { value: this.auth.userPool.userPoolId });
    new CfnOutput(this, 'GpuAutoScalingGroup', { value: this.gpuFleet.autoScalingGroupName });
    new CfnOutput(this, 'ModelBucket', { value: this.models.bucket.bucketName });
    new CfnOutput(this, 'ModelKey', { value: this.models.key });
    if (this.gpuFleet.image) new CfnOutput(this, 'GpuImagePipeline', { value: this.gpuFleet.image.pipeline.attrArn });
    new CfnOutput(this, 'GenerationStateMachine', { value: this.generation.stateMachine.stateMachineArn });

    this.api = new Api(this, 'api', {
      routes: ROUTES,
      tables: this.data.tables,
      buckets: this.data.buckets,
      environment: {
        ...environment,
        JOB_QUEUE_URL: this.generation.queue.queueUrl,
        GPU_ASG_NAME: this.gpuFleet.autoScalingGroupName,
      },
      stateMachine: this.generation.stateMachine,
      grantScale: (grantee) => this.gpuFleet.grantScale(grantee),
      rateLimit: ctx.apiRateLimit,
      sesIdentityArn: ctx.notifyFrom
        ? `arn:${this.partition}:ses:${this.region}:${this.account}:identity/${ctx.notifyFrom.split('@')[1]}`
        : undefined,
    });

    this.web = new Web(this, 'web', {
      httpApi: this.api.httpApi,
      imagesBucket: this.data.buckets.images,
      logBucket: this.data.logBucket,
      ephemeral,
      wafRateLimit: ctx.wafRateLimit,
      createWaf: this.region === 'us-east-1',
    });

    acknowledgeStackWide(this, {
      tables: Object.values(this.data.tables),
      buckets: [...Object.values(this.data.buckets), this.web.webBucket],
    });
  }
}
