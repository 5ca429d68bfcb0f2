import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Stack, Validations } from 'aws-cdk-lib';
import { type ISecurityGroup, type IVpc, Peer, Port, SecurityGroup, SubnetType } from 'aws-cdk-lib/aws-ec2';
import { CfnInstanceProfile, ManagedPolicy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import {
  CfnComponent,
  CfnDistributionConfiguration,
  CfnImage,
  CfnImagePipeline,
  CfnImageRecipe,
  CfnInfrastructureConfiguration,
} from 'aws-cdk-lib/aws-imagebuilder';
import { Asset } from 'aws-cdk-lib/aws-s3-assets';
import { Construct } from 'constructs';

export const GPU_FILES_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../gpu');
/** Deep Learning Base OSS Nvidia Driver GPU AMI (Ubuntu 24.04, Python 3.12): the parent image, resolved at build time. */
export const DLAMI_SSM_PARAMETER = '/aws/service/deeplearning/ami/x86_64/base-oss-nvidia-driver-gpu-ubuntu-24.04/latest/ami-id';
/** Node for the worker (the Lambdas' runtime line); the tarball is checked against nodejs.org's SHASUMS256. */
const WORKER_NODE_VERSION = '22.20.0';
/** Files the image build writes to the instance before running image-build.sh. */
export const IMAGE_FILES = [
  'image-build.sh',
  'validate-image.sh',
  'boot.sh',
  'requirements.lock.txt',
  'comfyui.service',
  'artloom-worker.service',
  'artloom-boot.service',
];
const STAGING = '/tmp/artloom-image';

export interface GpuImageProps {
  vpc: IVpc;
  /** The build and test instances' type: the fleet's own, so the test phase proves CUDA works on it. */
  instanceType: string;
  /** ComfyUI commit (40 hex) cloned into the image. */
  comfyuiCommit: string;
}

/**
 * The GPU instances' image, baked by EC2 Image Builder from the Deep Learning AMI: Node, ComfyUI at
 * a pinned commit with its Python packages from infra/gpu/requirements.lock.txt, the CloudWatch
 * agent, the systemd units and the per-boot script (infra/gpu/boot.sh). The stack builds one image
 * at deploy (AWS::ImageBuilder::Image, whose `attrImageId` the launch template takes, so the template
 * waits for the build) and keeps a pipeline for rebuilds (weekly, only when the parent AMI changed, or
 * on demand). Each build also writes its AMI id to an SSM parameter, for the operator: nothing in the
 * stack resolves it (deploy with `-c amiId=<that id>` to run a pipeline image).
 */
export class GpuImage extends Construct {
  /** SSM parameter holding the newest build's AMI id (for the operator; the launch template uses `image.attrImageId`). */
  readonly parameterName: string;
  readonly component: CfnComponent;
  readonly image: CfnImage;
  readonly pipeline: CfnImagePipeline;

  constructor(scope: Construct, id: string, props: GpuImageProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const prefix = `${stack.stackName}-gpu`;
    this.parameterName = `/artloom/${stack.stackName}/gpu-image`;

    // infra/gpu/ as a zip asset: an inline component document is limited to 16,000 characters.
    const files = new Asset(this, 'files', { path: GPU_FILES_DIR });
    const document = componentDocument(props.comfyuiCommit, files.s3ObjectUrl);
    const version = versionOf(`${files.assetHash}:${props.comfyuiCommit}`);
    this.component = new CfnComponent(this, 'component', {
      name: `${prefix}-comfyui`,
      platform: 'Linux',
      version,
      description: 'Artloom: Node, ComfyUI at a pinned commit, pinned Python packages, systemd units, boot script',
      data: document,
    });
    const region = stack.region;
    const managed = (name: string) => `arn:${stack.partition}:imagebuilder:${region}:aws:component/${name}/x.x.x`;
    const recipe = new CfnImageRecipe(this, 'recipe', {
      name: `${prefix}-recipe`,
      version,
      parentImage: `ssm:${DLAMI_SSM_PARAMETER}`,
      components: [
        { componentArn: managed('aws-cli-version-2-linux') },
        { componentArn: managed('amazon-cloudwatch-agent-linux') },
        { componentArn: this.component.attrArn },
      ],
      blockDeviceMappings: [
        // The DLAMI, the venv (torch and the CUDA wheels, ~8 GB) and room; the model is not in the image.
        { deviceName: '/dev/sda1', ebs: { volumeSize: 120, volumeType: 'gp3', encrypted: true, deleteOnTermination: true } },
      ],
    });

    const securityGroup: ISecurityGroup = new SecurityGroup(this, 'build-sg', {
      vpc: props.vpc,
      description: 'GPU image builds: no inbound; HTTP(S) out for apt, PyPI, the PyTorch index, GitHub, nodejs.org',
      allowAllOutbound: false,
    });
    securityGroup.addEgressRule(Peer.anyIpv4(), Port.tcp(443), 'HTTPS: package indexes, GitHub, nodejs.org, AWS APIs');
    securityGroup.addEgressRule(Peer.anyIpv4(), Port.tcp(80), 'HTTP: Ubuntu apt mirrors');
    const role = new Role(this, 'build-role', {
      assumedBy: new ServicePrincipal('ec2.amazonaws.com'),
      description: 'Artloom GPU image build instance (Image Builder)',
      managedPolicies: [
        ManagedPolicy.fromAwsManagedPolicyName('EC2InstanceProfileForImageBuilder'),
        ManagedPolicy.fromAwsManagedPolicyName('AmazonSSMManagedInstanceCore'),
      ],
    });
    // That one object only: the bootstrap bucket holds every asset of the account.
    role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['s3:GetObject'], resources: [files.bucket.arnForObjects(files.s3ObjectKey)] }),
    );
    const profile = new CfnInstanceProfile(this, 'build-profile', { roles: [role.roleName] });
    const infrastructure = new CfnInfrastructureConfiguration(this, 'infrastructure', {
      name: `${prefix}-build`,
      instanceProfileName: profile.ref,
      instanceTypes: [props.instanceType],
      subnetId: props.vpc.selectSubnets({ subnetType: SubnetType.PUBLIC }).subnetIds[0],
      securityGroupIds: [securityGroup.securityGroupId],
      terminateInstanceOnFailure: true,
      instanceMetadataOptions: { httpTokens: 'required', httpPutResponseHopLimit: 1 },
    });
    const distribution = new CfnDistributionConfiguration(this, 'distribution', {
      name: `${prefix}-distribution`,
      distributions: [
        {
          region,
          amiDistributionConfiguration: { Name: `${prefix}-{{ imagebuilder:buildDate }}`, Description: `ComfyUI ${props.comfyuiCommit}` },
          ssmParameterConfigurations: [{ parameterName: this.parameterName, dataType: 'aws:ec2:image' }],
        },
      ],
    });
    const build = {
      imageRecipeArn: recipe.attrArn,
      infrastructureConfigurationArn: infrastructure.attrArn,
      distributionConfigurationArn: distribution.attrArn,
      imageTestsConfiguration: { imageTestsEnabled: true, timeoutMinutes: 60 },
      enhancedImageMetadataEnabled: true,
    };
    // Built during the deploy (about 30-45 minutes), so the first scale-out has an image.
    this.image = new CfnImage(this, 'image', build);
    this.pipeline = new CfnImagePipeline(this, 'pipeline', {
      ...build,
      name: `${prefix}-pipeline`,
      description: 'Rebuilds the GPU image when the Deep Learning AMI changes (or on demand: start-image-pipeline-execution)',
      schedule: {
        scheduleExpression: 'cron(0 4 ? * SUN *)',
        pipelineExecutionStartCondition: 'EXPRESSION_MATCH_AND_DEPENDENCY_UPDATES_AVAILABLE',
      },
    });

    Validations.of(role).acknowledge({
      id: 'AwsSolutions::AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/EC2InstanceProfileForImageBuilder]',
      reason: 'The AWS policy Image Builder documents for its build instances (component download, logs, SSM).',
    });
    Validations.of(role).acknowledge({
      id: 'AwsSolutions::AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/AmazonSSMManagedInstanceCore]',
      reason: 'Image Builder drives its build instances through SSM; this AWS policy is what the agent needs.',
    });
  }
}

/**
 * The component document (YAML; JSON is YAML): download and unpack infra/gpu/, run image-build.sh;
 * a validate phase on the build instance and a test phase on an instance started from the new image.
 * `filesUrl` is the asset's s3:// URL (a token at synth).
 */
function componentDocument(comfyuiCommit: string, filesUrl: string): string {
  const env = `COMFYUI_COMMIT=${comfyuiCommit} NODE_VERSION=${WORKER_NODE_VERSION} FILES=${STAGING}`;
  return JSON.stringify({
    name: 'artloom-comfyui',
    description: 'ComfyUI, its pinned Python packages, Node and the Artloom boot script',
    schemaVersion: 1.0,
    phases: [
      {
        name: 'build',
        steps: [
          { name: 'Download', action: 'S3Download', inputs: [{ source: filesUrl, destination: `${STAGING}/files.zip` }] },
          {
            name: 'Build',
            action: 'ExecuteBash',
            timeoutSeconds: 3600,
            inputs: {
              commands: [`cd ${STAGING} && python3 -m zipfile -e files.zip .`, `${env} bash ${STAGING}/image-build.sh`],
            },
          },
        ],
      },
      {
        name: 'validate',
        steps: [
          {
            name: 'Installed',
            action: 'ExecuteBash',
            inputs: {
              // infra/gpu/validate-image.sh (as root, over the artloom-owned checkout), from the build's staging folder.
              commands: [`COMFYUI_COMMIT=${comfyuiCommit} bash ${STAGING}/validate-image.sh`],
            },
          },
        ],
      },
      {
        name: 'test',
        steps: [
          {
            name: 'CudaAndComfyUI',
            action: 'ExecuteBash',
            timeoutSeconds: 600,
            inputs: {
              commands: [
                'nvidia-smi',
                '/opt/ComfyUI/.venv/bin/python -c "import torch; assert torch.cuda.is_available(); print(torch.__version__, torch.version.cuda)"',
                'cd /opt/ComfyUI && timeout 300 .venv/bin/python main.py --quick-test-for-ci --cpu',
              ],
            },
          },
        ],
      },
    ],
  });
}

/** Image Builder versions are immutable: changed files or commit get a new version (derived from their hash). */
function versionOf(content: string): string {
  const n = Number.parseInt(createHash('sha256').update(content).digest('hex').slice(0, 7), 16);
  return `1.${Math.floor(n / 1_000_000)}.${n % 1_000_000}`;
}
