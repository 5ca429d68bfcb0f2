import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AssetHashType, BundlingOutput, DockerImage, Duration, Stack, Validations } from 'aws-cdk-lib';
import { AutoScalingGroup, DefaultResult, HealthChecks, LifecycleTransition, PoolState, ScalingEvents } from 'aws-cdk-lib/aws-autoscaling';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import {
  BlockDeviceVolume,
  EbsDeviceVolumeType,
  FlowLogDestination,
  FlowLogTrafficType,
  GatewayVpcEndpointAwsService,
  type IMachineImage,
  InstanceType,
  LaunchTemplate,
  MachineImage,
  OperatingSystemType,
  Peer,
  Port,
  SecurityGroup,
  SubnetType,
  UserData,
  Vpc,
} from 'aws-cdk-lib/aws-ec2';
import { Grant, type IGrantable, ManagedPolicy, Policy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import { Asset } from 'aws-cdk-lib/aws-s3-assets';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { buildSync } from 'esbuild';

const REPO_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Deep Learning Base OSS Nvidia Driver GPU AMI (Ubuntu 24.04, Python 3.12): driver + CUDA, resolved at deploy time. */
export const DLAMI_SSM_PARAMETER = '/aws/service/deeplearning/ami/x86_64/base-oss-nvidia-driver-gpu-ubuntu-24.04/latest/ami-id';
export const CHECKPOINT_NAME = 'flux1-schnell-fp8.safetensors';
/** Node for the worker (the Lambdas' runtime line); the tarball is checked against nodejs.org's SHASUMS256. */
export const WORKER_NODE_VERSION = '22.20.0';
/** The launch lifecycle hook the instance completes itself once bootstrapped (first boot) or booted (warm pool). */
export const BOOTSTRAP_HOOK = 'artloom-bootstrap';
const COMFY_PORT = 8188;

export interface GpuFleetProps {
  instanceType: string;
  maxInstances: number;
  /** Stopped, bootstrapped instances kept ready (warm pool); 0 = every start is a fresh install. */
  warmPoolSize: number;
  /** ComfyUI release tag (git tag of Comfy-Org/ComfyUI). */
  comfyuiVersion: string;
  /** An AMI id instead of the SSM-resolved Deep Learning AMI. */
  amiId?: string;
  /** Comfy-Org's all-in-one FLUX.1-schnell fp8 checkpoint (model, CLIP-L, T5-XXL fp8, VAE; ~17.2 GB). */
  modelUrl: string;
  /** The worker scales its instance in after this long without a job. */
  idleShutdownSeconds: number;
  /** ComfyUI output deadline on the instance (the first job after a boot also loads the 17 GB checkpoint). */
  comfyTimeoutSeconds: number;
  queue: IQueue;
  jobsTable: TableV2;
  imagesBucket: Bucket;
  /** Launch and termination failures of the group are sent here (the operator's alarm topic). */
  alarmTopic?: ITopic;
}

/**
 * The GPU fleet: an Auto Scaling group (min 0, nothing runs while nobody generates) of GPU instances
 * running ComfyUI on 127.0.0.1:8188 and the worker (worker/main.ts) under systemd.
 *
 * Network: a VPC of public subnets and no NAT gateway. The instances need the internet only outbound
 * (apt, pip, GitHub, Hugging Face, nodejs.org at bootstrap; SQS, Step Functions, Auto Scaling at run
 * time). Private subnets would need a NAT gateway (~32 USD/month, per AZ, plus 4.5 ct/GB on a 17 GB
 * model download) because GitHub and Hugging Face have no VPC endpoints. Instead the security group
 * has no ingress rule at all and egress only on 80/443, IMDSv2 is required, there is no SSH key
 * (access is SSM Session Manager) and ComfyUI binds to loopback. S3 and DynamoDB traffic stays on
 * free gateway endpoints.
 *
 * Scaling: EnsureCapacity (and POST /api/generate/warm) set the desired capacity to 1 when no
 * worker is warm; the worker scales its own instance in after `idleShutdownSeconds` without a job.
 * With a warm pool, an idle instance goes back to the pool stopped (EBS cost only) and the next
 * start skips the install and model download.
 */
export class GpuFleet extends Construct {
  readonly vpc: Vpc;
  readonly securityGroup: SecurityGroup;
  readonly role: Role;
  readonly launchTemplate: LaunchTemplate;
  readonly autoScalingGroup: AutoScalingGroup;
  readonly workerBundle: Asset;
  private readonly groupArn: string;
  private readonly imagesBucket: Bucket;

  constructor(scope: Construct, id: string, props: GpuFleetProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.imagesBucket = props.imagesBucket;

    this.vpc = new Vpc(this, 'vpc', {
      maxAzs: 3, // more AZs, more GPU capacity pools to launch from
      natGateways: 0,
      subnetConfiguration: [{ name: 'public', subnetType: SubnetType.PUBLIC, cidrMask: 24 }],
      gatewayEndpoints: {
        s3: { service: GatewayVpcEndpointAwsService.S3 },
        dynamodb: { service: GatewayVpcEndpointAwsService.DYNAMODB },
      },
    });
    this.vpc.addFlowLog('flow-log', {
      destination: FlowLogDestination.toCloudWatchLogs(new LogGroup(this, 'flow-logs', { retention: RetentionDays.ONE_MONTH })),
      trafficType: FlowLogTrafficType.ALL,
    });

    this.securityGroup = new SecurityGroup(this, 'sg', {
      vpc: this.vpc,
      description: 'GPU workers: no inbound rule (SSM for access, ComfyUI on loopback); HTTP(S) out only',
      allowAllOutbound: false,
    });
    this.securityGroup.addEgressRule(Peer.anyIpv4(), Port.tcp(443), 'HTTPS: AWS APIs, GitHub, PyPI, Hugging Face, nodejs.org');
    this.securityGroup.addEgressRule(Peer.anyIpv4(), Port.tcp(80), 'HTTP: Ubuntu apt mirrors');

    this.role = new Role(this, 'role', {
      assumedBy: new ServicePrincipal('ec2.amazonaws.com'),
      description: 'Artloom GPU worker: job queue, jobs table, staging uploads, task callbacks, its own group',
      managedPolicies: [ManagedPolicy.fromAwsManagedPolicyName('AmazonSSMManagedInstanceCore')],
    });
    props.queue.grantConsumeMessages(this.role);
    props.jobsTable.grantReadWriteData(this.role);
    props.imagesBucket.grantPut(this.role, 'staging/*');

    this.workerBundle = new Asset(this, 'worker-bundle', {
      path: join(REPO_DIR, 'worker'),
      // The bundle pulls in lambdas/ and shared/ too: hash what was built, not the worker folder.
      assetHashType: AssetHashType.OUTPUT,
      bundling: {
        image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:22-alpine'),
        outputType: BundlingOutput.SINGLE_FILE,
        local: {
          tryBundle(outputDir: string) {
            buildSync({
              entryPoints: [join(REPO_DIR, 'worker/main.ts')],
              outfile: join(outputDir, 'worker.mjs'),
              bundle: true,
              platform: 'node',
              target: 'node22',
              format: 'esm',
              minify: true,
              sourcemap: 'inline',
              // ws loads these optional native helpers when present and works without them.
              external: ['bufferutil', 'utf-8-validate'],
              banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
              logLevel: 'warning',
            });
            return true;
          },
        },
      },
    });
    // Its own bundle object only: the bootstrap bucket holds every asset of the account (Lambda code, the site).
    this.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['s3:GetObject'],
        resources: [this.workerBundle.bucket.arnForObjects(this.workerBundle.s3ObjectKey)],
      }),
    );

    const userData = UserData.forLinux();
    userData.addCommands(
      ...bootstrapScript({
        region: stack.region,
        comfyuiVersion: props.comfyuiVersion,
        modelUrl: props.modelUrl,
        bundleUrl: this.workerBundle.s3ObjectUrl,
        env: {
          AWS_REGION: stack.region,
          JOB_QUEUE_URL: props.queue.queueUrl,
          JOBS_TABLE: props.jobsTable.tableName,
          IMAGES_BUCKET: props.imagesBucket.bucketName,
          COMFYUI_URL: `http://127.0.0.1:${COMFY_PORT}`,
          COMFYUI_TIMEOUT_SECONDS: String(props.comfyTimeoutSeconds),
          GPU_IDLE_SHUTDOWN_SECONDS: String(props.idleShutdownSeconds),
          LOG_LEVEL: 'INFO',
          NODE_OPTIONS: '--enable-source-maps',
        },
      }),
    );

    const machineImage: IMachineImage = props.amiId
      ? fixedImage(props.amiId)
      : MachineImage.fromSsmParameter(DLAMI_SSM_PARAMETER, { os: OperatingSystemType.LINUX });
    this.launchTemplate = new LaunchTemplate(this, 'launch-template', {
      instanceType: new InstanceType(props.instanceType),
      machineImage,
      userData,
      role: this.role,
      securityGroup: this.securityGroup,
      associatePublicIpAddress: true,
      requireImdsv2: true,
      httpPutResponseHopLimit: 1,
      // The worker reads its group's name from the instance's tags (no reference from the template to the group).
      instanceMetadataTags: true,
      detailedMonitoring: true,
      blockDevices: [
        {
          deviceName: '/dev/sda1',
          // DLAMI (~60 GB) + PyTorch/ComfyUI venv (~8 GB) + checkpoint (17 GB) + swap (16 GB), with room.
          // 250 MiB/s so that the first job after a boot loads the checkpoint in about a minute.
          volume: BlockDeviceVolume.ebs(150, {
            encrypted: true,
            volumeType: EbsDeviceVolumeType.GP3,
            iops: 3000,
            throughput: 250,
            deleteOnTermination: true,
          }),
        },
      ],
    });

    this.autoScalingGroup = new AutoScalingGroup(this, 'asg', {
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
    // The instance is InService only once ComfyUI, the model and the worker are installed; the
    // bootstrap completes this hook itself (first boot, and every start from the warm pool).
    const bootstrapHook = this.autoScalingGroup.addLifecycleHook('bootstrap', {
      lifecycleHookName: BOOTSTRAP_HOOK,
      lifecycleTransition: LifecycleTransition.INSTANCE_LAUNCHING,
      heartbeatTimeout: Duration.minutes(60),
      defaultResult: DefaultResult.ABANDON,
    });
    if (props.warmPoolSize > 0) {
      const warmPool = this.autoScalingGroup.addWarmPool({
        poolState: PoolState.STOPPED,
        minSize: 0,
        maxGroupPreparedCapacity: props.warmPoolSize,
        reuseOnScaleIn: true,
      });
      // Without the hook in place first, the pool could stop its first instance in the middle of the install.
      warmPool.node.addDependency(bootstrapHook);
    }

    this.groupArn = `arn:${stack.partition}:autoscaling:${stack.region}:${stack.account}:autoScalingGroup:*:autoScalingGroupName/${this.autoScalingGroup.autoScalingGroupName}`;
    // A separate policy (not the role's default one): the launch template depends on the role's
    // default policy, so statements naming the group or the state machine there would be a cycle.
    new Policy(this, 'self-scaling', {
      roles: [this.role],
      statements: [
        new PolicyStatement({
          actions: [
            'autoscaling:SetDesiredCapacity',
            'autoscaling:TerminateInstanceInAutoScalingGroup',
            'autoscaling:CompleteLifecycleAction',
            'autoscaling:RecordLifecycleActionHeartbeat',
          ],
          resources: [this.groupArn],
        }),
        new PolicyStatement({ actions: ['autoscaling:DescribeAutoScalingGroups'], resources: ['*'] }),
      ],
    });

    this.acknowledge();
  }

  get autoScalingGroupName(): string {
    return this.autoScalingGroup.autoScalingGroupName;
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

function fixedImage(imageId: string): IMachineImage {
  return { getImage: () => ({ imageId, osType: OperatingSystemType.LINUX, userData: UserData.forLinux() }) };
}

export interface BootstrapOptions {
  region: string;
  comfyuiVersion: string;
  /** Comfy-Org's all-in-one FLUX.1-schnell fp8 checkpoint (model, CLIP-L, T5-XXL fp8, VAE; ~17.2 GB). */
  modelUrl: string;
  bundleUrl: string;
  env: Record<string, string>;
}

/**
 * The instance's first-boot script (cloud-init runs it once per instance): Node, ComfyUI at a pinned
 * tag in a venv, the checkpoint, the worker bundle, two systemd units and a per-boot readiness unit
 * that completes the launch lifecycle hook. Values may be CloudFormation tokens (resolved at deploy).
 */
export function bootstrapScript(o: BootstrapOptions): string[] {
  const envFile = Object.entries(o.env).map(([k, v]) => `${k}=${v}`);
  return [
    'set -euo pipefail',
    'exec > >(tee -a /var/log/artloom-bootstrap.log) 2>&1',
    'export DEBIAN_FRONTEND=noninteractive HOME=/root',
    // A failed bootstrap gives the instance back at once instead of holding a GPU for the hook's timeout.
    'imds() { local t; t=$(curl -sfX PUT http://169.254.169.254/latest/api/token -H "X-aws-ec2-metadata-token-ttl-seconds: 60") && curl -sf -H "X-aws-ec2-metadata-token: $t" "http://169.254.169.254/latest/meta-data/$1"; }',
    `abandon() { aws autoscaling complete-lifecycle-action --region "$(imds placement/region)" --auto-scaling-group-name "$(imds tags/instance/aws:autoscaling:groupName)" --lifecycle-hook-name ${BOOTSTRAP_HOOK} --instance-id "$(imds instance-id)" --lifecycle-action-result ABANDON || true; }`,
    'trap abandon ERR',
    // First boot: unattended-upgrades may hold the apt locks for a while.
    'for i in $(seq 1 30); do apt-get -o DPkg::Lock::Timeout=60 update -y && break; sleep 10; done',
    'apt-get -o DPkg::Lock::Timeout=600 install -y --no-install-recommends git python3-venv unzip xz-utils curl ca-certificates',
    'id -u artloom >/dev/null 2>&1 || useradd --system --home-dir /opt/artloom --create-home --shell /usr/sbin/nologin artloom',
    'command -v aws >/dev/null || { curl -fsSL -o /tmp/awscli.zip https://awscli.amazonaws.com/awscli-exe-linux-x86_64.zip && unzip -q /tmp/awscli.zip -d /tmp && /tmp/aws/install; }',
    // g6.xlarge has 16 GiB of RAM; loading a 17 GB checkpoint needs headroom.
    'if [ ! -f /swapfile ]; then fallocate -l 16G /swapfile && chmod 600 /swapfile && mkswap /swapfile && swapon /swapfile && echo "/swapfile none swap sw 0 0" >> /etc/fstab; fi',
    // Node for the worker, verified against the release's checksums.
    `NODE_VERSION=${WORKER_NODE_VERSION}`,
    'NODE_TGZ="node-v$NODE_VERSION-linux-x64.tar.xz"',
    'cd /tmp && curl -fsSLO "https://nodejs.org/dist/v$NODE_VERSION/$NODE_TGZ" && curl -fsSLO "https://nodejs.org/dist/v$NODE_VERSION/SHASUMS256.txt"',
    'grep " $NODE_TGZ$" SHASUMS256.txt | sha256sum -c -',
    'mkdir -p /opt/artloom/node /opt/artloom/worker && tar -xJf "/tmp/$NODE_TGZ" -C /opt/artloom/node --strip-components=1',
    // ComfyUI at a pinned release, in its own venv.
    `[ -d /opt/ComfyUI/.git ] || git clone --depth 1 --branch '${o.comfyuiVersion}' https://github.com/Comfy-Org/ComfyUI.git /opt/ComfyUI`,
    '[ -x /opt/ComfyUI/.venv/bin/python ] || python3 -m venv /opt/ComfyUI/.venv',
    '/opt/ComfyUI/.venv/bin/pip install --no-cache-dir --upgrade pip',
    '/opt/ComfyUI/.venv/bin/pip install --no-cache-dir -r /opt/ComfyUI/requirements.txt',
    `CKPT=/opt/ComfyUI/models/checkpoints/${CHECKPOINT_NAME}`,
    `[ -s "$CKPT" ] || { curl -fL --retry 5 --retry-delay 10 -o "$CKPT.part" '${o.modelUrl}' && mv "$CKPT.part" "$CKPT"; }`,
    // The worker bundle (esbuild output of worker/main.ts) and its environment.
    `aws s3 cp --region ${o.region} '${o.bundleUrl}' /opt/artloom/worker/worker.mjs`,
    'mkdir -p /etc/artloom',
    "cat > /etc/artloom/worker.env <<'ENV'",
    ...envFile,
    'ENV',
    'chown -R artloom:artloom /opt/ComfyUI /opt/artloom',
    "cat > /etc/systemd/system/comfyui.service <<'UNIT'",
    '[Unit]',
    'Description=ComfyUI (loopback only)',
    'After=network-online.target',
    'Wants=network-online.target',
    '[Service]',
    'User=artloom',
    'WorkingDirectory=/opt/ComfyUI',
    `ExecStart=/opt/ComfyUI/.venv/bin/python main.py --listen 127.0.0.1 --port ${COMFY_PORT} --disable-auto-launch`,
    'Restart=always',
    'RestartSec=5',
    '[Install]',
    'WantedBy=multi-user.target',
    'UNIT',
    "cat > /etc/systemd/system/artloom-worker.service <<'UNIT'",
    '[Unit]',
    'Description=Artloom GPU worker (SQS -> ComfyUI -> S3 / Step Functions)',
    'After=network-online.target comfyui.service',
    'Wants=network-online.target comfyui.service',
    '[Service]',
    'User=artloom',
    'EnvironmentFile=/etc/artloom/worker.env',
    'ExecStart=/opt/artloom/node/bin/node /opt/artloom/worker/worker.mjs',
    // Exit 0 = nothing to do on this boot (warm-pool preparation); a crash restarts.
    'Restart=on-failure',
    'RestartSec=5',
    'KillSignal=SIGTERM',
    'TimeoutStopSec=90',
    '[Install]',
    'WantedBy=multi-user.target',
    'UNIT',
    "cat > /opt/artloom/ready.sh <<'SH'",
    '#!/bin/bash',
    'set -uo pipefail',
    'TOKEN=$(curl -sfX PUT http://169.254.169.254/latest/api/token -H "X-aws-ec2-metadata-token-ttl-seconds: 300")',
    'md() { curl -sf -H "X-aws-ec2-metadata-token: $TOKEN" "http://169.254.169.254/latest/meta-data/$1"; }',
    'ID=$(md instance-id); REGION=$(md placement/region); GROUP=$(md tags/instance/aws:autoscaling:groupName)',
    // Warm pool: "Warmed:Stopped" while the group prepares the instance, "InService" when it serves.
    'STATE=$(md autoscaling/target-lifecycle-state || echo InService)',
    'if [ "$STATE" = InService ]; then systemctl start comfyui.service artloom-worker.service; fi',
    `aws autoscaling complete-lifecycle-action --region "$REGION" --auto-scaling-group-name "$GROUP" --lifecycle-hook-name ${BOOTSTRAP_HOOK} --instance-id "$ID" --lifecycle-action-result CONTINUE || true`,
    'SH',
    'chmod 755 /opt/artloom/ready.sh',
    "cat > /etc/systemd/system/artloom-ready.service <<'UNIT'",
    '[Unit]',
    'Description=Artloom: start the worker when InService and complete the launch lifecycle hook',
    'After=cloud-final.service network-online.target',
    'Wants=network-online.target',
    '[Service]',
    'Type=oneshot',
    'ExecStart=/opt/artloom/ready.sh',
    '[Install]',
    'WantedBy=multi-user.target',
    'UNIT',
    'systemctl daemon-reload',
    'systemctl enable comfyui.service artloom-worker.service artloom-ready.service',
    '/opt/artloom/ready.sh',
  ];
}
