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
  CfnLifecyclePolicy,
} from 'aws-cdk-lib/aws-imagebuilder';
import { Asset } from 'aws-cdk-lib/aws-s3-assets';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId, PhysicalResourceIdReference } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { componentDocument, DLAMI_SSM_PARAMETER, GPU_FILES_DIR, versionOf, WORKER_NODE_VERSION } from './gpu-image-document';

export { DLAMI_SSM_PARAMETER, GPU_FILES_DIR, IMAGE_FILES } from './gpu-image-document';

/** Tag of this stack's images (value: `<stack>-gpu`): what the lifecycle policy selects. */
export const IMAGE_TAG = 'artloom-gpu-image';
/** Tag of the deploy-time image (value: its version): the image the launch template runs, never deleted. */
export const IN_USE_TAG = 'artloom-gpu-image-in-use';

export interface GpuImageProps {
  vpc: IVpc;
  /** The build and test instances' type: the fleet's own, so the test phase proves CUDA works on it. */
  instanceType: string;
  /** ComfyUI commit (40 hex) cloned into the image. */
  comfyuiCommit: string;
  /** Node version for the worker (default: the Lambdas' runtime line, WORKER_NODE_VERSION). */
  nodeVersion?: string;
  /**
   * The AZ of the build subnet (context key gpuBuildAz): one where `instanceType` is offered. Default:
   * the VPC's first public subnet (a type missing there fails the build at once, see docs/deploy.md).
   */
  buildAvailabilityZone?: string;
  /** Failed builds (deploy-time image and pipeline runs) are announced here (the operator's alarm topic). */
  alarmTopic?: ITopic;
}

/** Image Builder images (and their AMIs and snapshots) kept besides the one the fleet runs. */
export const IMAGES_KEPT = 3;

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
  readonly lifecyclePolicy: CfnLifecyclePolicy;
  /** Deregisters the deploy-time image's AMI (and its snapshots) when CloudFormation deletes that image. */
  readonly amiCleanup: AwsCustomResource;
  /** The component's and the recipe's version (a hash of their definition). */
  readonly version: string;

  constructor(scope: Construct, id: string, props: GpuImageProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const prefix = `${stack.stackName}-gpu`;
    this.parameterName = `/artloom/${stack.stackName}/gpu-image`;

    // infra/gpu/ as a zip asset: an inline component document is limited to 16,000 characters.
    const files = new Asset(this, 'files', { path: GPU_FILES_DIR });
    const document = componentDocument(props.comfyuiCommit, props.nodeVersion ?? WORKER_NODE_VERSION, files.s3ObjectUrl);
    const region = stack.region;
    const managed = (name: string) => `arn:${stack.partition}:imagebuilder:${region}:aws:component/${name}/x.x.x`;
    const recipeInputs = {
      parentImage: `ssm:${DLAMI_SSM_PARAMETER}`,
      managedComponents: [managed('aws-cli-version-2-linux'), managed('amazon-cloudwatch-agent-linux')],
      blockDeviceMappings: [
        // The DLAMI, the venv (torch and the CUDA wheels, ~8 GB) and room; the model is not in the image.
        { deviceName: '/dev/sda1', ebs: { volumeSize: 120, volumeType: 'gp3', encrypted: true, deleteOnTermination: true } },
      ],
    };
    // Component and recipe versions are immutable: both follow everything that defines them, the
    // rendered component document (commands, Node version, commit, the files' asset hash in its URL)
    // and the recipe's own inputs, not only the folder's hash.
    this.version = versionOf(JSON.stringify(stack.resolve({ document, recipeInputs, files: files.assetHash })));
    const version = this.version;
    this.component = new CfnComponent(this, 'component', {
      name: `${prefix}-comfyui`,
      platform: 'Linux',
      version,
      description: 'Artloom: Node, ComfyUI at a pinned commit, pinned Python packages, systemd units, boot script',
      data: document,
    });
    const recipe = new CfnImageRecipe(this, 'recipe', {
      name: `${prefix}-recipe`,
      version,
      parentImage: recipeInputs.parentImage,
      components: [...recipeInputs.managedComponents.map((componentArn) => ({ componentArn })), { componentArn: this.component.attrArn }],
      blockDeviceMappings: recipeInputs.blockDeviceMappings,
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
      subnetId: buildSubnet(props.vpc, props.buildAvailabilityZone),
      securityGroupIds: [securityGroup.securityGroupId],
      // Image Builder announces each build's end here; failures reach the operator's alarm topic.
      snsTopicArn: props.alarmTopic?.topicArn,
      terminateInstanceOnFailure: true,
      instanceMetadataOptions: { httpTokens: 'required', httpPutResponseHopLimit: 1 },
    });
    const distribution = new CfnDistributionConfiguration(this, 'distribution', {
      name: `${prefix}-distribution`,
      distributions: [
        {
          region,
          amiDistributionConfiguration: {
            Name: `${prefix}-{{ imagebuilder:buildDate }}`,
            Description: `ComfyUI ${props.comfyuiCommit}`,
            AmiTags: { [IMAGE_TAG]: prefix },
          },
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
    // Built during the deploy (about 30-45 minutes), so the first scale-out has an image. The version
    // tag marks the image the launch template runs: the lifecycle policy never deletes it.
    this.image = new CfnImage(this, 'image', { ...build, tags: { [IMAGE_TAG]: prefix, [IN_USE_TAG]: version } });
    this.pipeline = new CfnImagePipeline(this, 'pipeline', {
      ...build,
      tags: { [IMAGE_TAG]: prefix },
      name: `${prefix}-pipeline`,
      description: 'Rebuilds the GPU image when the Deep Learning AMI changes (or on demand: start-image-pipeline-execution)',
      schedule: {
        scheduleExpression: 'cron(0 4 ? * SUN *)',
        pipelineExecutionStartCondition: 'EXPRESSION_MATCH_AND_DEPENDENCY_UPDATES_AVAILABLE',
      },
    });

    this.lifecyclePolicy = this.retention(prefix, version);
    this.amiCleanup = this.deregisterOnDelete(prefix);

    Validations.of(role).acknowledge({
      id: 'AwsSolutions::AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/EC2InstanceProfileForImageBuilder]',
      reason: 'The AWS policy Image Builder documents for its build instances (component download, logs, SSM).',
    });
    Validations.of(role).acknowledge({
      id: 'AwsSolutions::AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/AmazonSSMManagedInstanceCore]',
      reason: 'Image Builder drives its build instances through SSM; this AWS policy is what the agent needs.',
    });
  }

  /**
   * The deploy-time image's AMI goes with its CloudFormation resource (issue 31 item 7). Image Builder's
   * DeleteImage keeps the AMI, and the lifecycle policy no longer sees an image whose Image Builder resource is
   * gone: a deploy that replaced the image, a rollback after the build (a first deploy failing late) and a
   * teardown each left an AMI and its 120 GB snapshot behind. This resource's physical id is the AMI id, so a new
   * image replaces it and CloudFormation deletes the old one: DeregisterImage with its snapshots (only AMIs tagged
   * as this stack's GPU images; one already gone is not an error). Create and update also write the AMI id to the
   * parameter the launch template resolves: the build has just written the same value, and when a failed update
   * rolls back, the update back to the old image restores the parameter before the new AMI is deregistered, so
   * launches never resolve a deregistered image. Instances launched from an AMI keep running without it.
   */
  private deregisterOnDelete(prefix: string): AwsCustomResource {
    const stack = Stack.of(this);
    const point = {
      service: 'SSM',
      action: 'putParameter',
      parameters: { Name: this.parameterName, Value: this.image.attrImageId, Type: 'String', DataType: 'aws:ec2:image', Overwrite: true },
      physicalResourceId: PhysicalResourceId.of(this.image.attrImageId),
    };
    return new AwsCustomResource(this, 'ami-cleanup', {
      onCreate: point,
      onUpdate: point,
      onDelete: {
        service: 'EC2',
        action: 'deregisterImage',
        parameters: { ImageId: new PhysicalResourceIdReference(), DeleteAssociatedSnapshots: true },
        ignoreErrorCodesMatching: 'InvalidAMIID\\..*',
      },
      policy: AwsCustomResourcePolicy.fromStatements([
        new PolicyStatement({
          actions: ['ssm:PutParameter'],
          resources: [`arn:${stack.partition}:ssm:${stack.region}:${stack.account}:parameter${this.parameterName}`],
        }),
        new PolicyStatement({
          actions: ['ec2:DeregisterImage'],
          resources: [`arn:${stack.partition}:ec2:${stack.region}::image/*`],
          conditions: { StringEquals: { [`aws:ResourceTag/${IMAGE_TAG}`]: prefix } },
        }),
        new PolicyStatement({ actions: ['ec2:DeleteSnapshot'], resources: [`arn:${stack.partition}:ec2:${stack.region}::snapshot/*`] }),
      ]),
      installLatestAwsSdk: false,
    });
  }

  /**
   * Deletes old images with their AMIs and snapshots: of this stack's images (tag artloom-gpu-image),
   * the newest IMAGES_KEPT stay, and never the one the launch template runs (its version tag) nor an
   * AMI that launched an instance in the last 30 days.
   */
  private retention(prefix: string, version: string): CfnLifecyclePolicy {
    const role = new Role(this, 'lifecycle-role', {
      assumedBy: new ServicePrincipal('imagebuilder.amazonaws.com'),
      description: 'Artloom GPU image lifecycle: deregisters old AMIs and deletes their snapshots',
      managedPolicies: [ManagedPolicy.fromAwsManagedPolicyName('service-role/EC2ImageBuilderLifecycleExecutionPolicy')],
    });
    Validations.of(role).acknowledge({
      id: 'AwsSolutions::AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/EC2ImageBuilderLifecycleExecutionPolicy]',
      reason:
        "The AWS policy Image Builder documents for lifecycle policies; it acts only on the images the policy selects (this stack's tag).",
    });
    return new CfnLifecyclePolicy(this, 'lifecycle', {
      name: `${prefix}-retention`,
      description: `Keeps the ${IMAGES_KEPT} newest GPU images and the one in use; deletes older AMIs and snapshots`,
      executionRole: role.roleArn,
      resourceType: 'AMI_IMAGE',
      resourceSelection: { tagMap: { [IMAGE_TAG]: prefix } },
      policyDetails: [
        {
          action: { type: 'DELETE', includeResources: { amis: true, snapshots: true } },
          filter: { type: 'COUNT', value: IMAGES_KEPT },
          exclusionRules: { tagMap: { [IN_USE_TAG]: version }, amis: { lastLaunched: { unit: 'DAYS', value: 30 } } },
        },
      ],
    });
  }
}

/** The subnet of the builds: the public one in `az` when given (it must be one of the VPC's), else the first. */
function buildSubnet(vpc: IVpc, az: string | undefined): string {
  const subnets = vpc.selectSubnets({ subnetType: SubnetType.PUBLIC, availabilityZones: az ? [az] : undefined }).subnetIds;
  if (!subnets[0])
    throw new Error(`gpuBuildAz ${az}: the GPU VPC has no public subnet there (its AZs: ${vpc.availabilityZones.join(', ')})`);
  return subnets[0];
}
