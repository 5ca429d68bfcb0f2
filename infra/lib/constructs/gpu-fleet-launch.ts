import { Size } from 'aws-cdk-lib';
import type { AutoScalingGroup, WarmPool } from 'aws-cdk-lib/aws-autoscaling';
import {
  BlockDeviceVolume,
  EbsDeviceVolumeType,
  type IMachineImage,
  InstanceType,
  LaunchTemplate,
  MachineImage,
  OperatingSystemType,
  type SecurityGroup,
  UserData,
} from 'aws-cdk-lib/aws-ec2';
import { PolicyStatement, type Role } from 'aws-cdk-lib/aws-iam';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import type { Construct } from 'constructs';

/**
 * What a GPU instance launches from, and how a new version of it reaches the group. Made in the
 * fleet's own scope (`fleet`), so construct paths and logical ids are the fleet's.
 */

export interface GpuLaunchProps {
  instanceType: string;
  machineImage: IMachineImage;
  role: Role;
  securityGroup: SecurityGroup;
}

export function gpuLaunchTemplate(fleet: Construct, props: GpuLaunchProps): LaunchTemplate {
  return new LaunchTemplate(fleet, 'launch-template', {
    instanceType: new InstanceType(props.instanceType),
    machineImage: props.machineImage,
    role: props.role,
    securityGroup: props.securityGroup,
    associatePublicIpAddress: true,
    requireImdsv2: true,
    httpPutResponseHopLimit: 1,
    // The worker reads its group's name from the instance's tags (no reference from the template to the group).
    instanceMetadataTags: true,
    detailedMonitoring: true,
    blockDevices: [
      {
        deviceName: '/dev/sda1',
        // The image (DLAMI + venv); the model lives on the instance store. A volume made from a
        // snapshot loads its blocks from S3 on first touch: the provisioned initialization rate
        // (300 MiB/s, the maximum) bounds how long ComfyUI's imports can wait on that.
        volume: BlockDeviceVolume.ebs(120, {
          encrypted: true,
          volumeType: EbsDeviceVolumeType.GP3,
          iops: 3000,
          throughput: 250,
          deleteOnTermination: true,
          volumeInitializationRate: Size.mebibytes(300),
        }),
      },
    ],
  });
}

/**
 * A deploy that makes a new launch template version (a new image, changed settings: the settings
 * hash tag) starts an instance refresh towards it: the group replaces its instances, the stopped
 * warm-pool ones included, that do not match (SkipMatching; an unchanged template refreshes nothing).
 * The settings themselves need no refresh (boot.sh reads them at every boot); the image does.
 */
export function refreshOnNewVersion(
  fleet: Construct,
  group: AutoScalingGroup,
  launchTemplate: LaunchTemplate,
  groupArn: string,
  warmPool: WarmPool | undefined,
): void {
  const call = {
    service: 'AutoScaling',
    action: 'startInstanceRefresh',
    parameters: {
      AutoScalingGroupName: group.autoScalingGroupName,
      DesiredConfiguration: {
        LaunchTemplate: { LaunchTemplateId: launchTemplate.launchTemplateId, Version: launchTemplate.latestVersionNumber },
      },
      // One instance at a time, a replacement in service before one goes (no capacity dip).
      Preferences: { SkipMatching: true, MinHealthyPercentage: 100, MaxHealthyPercentage: 200, InstanceWarmup: 300 },
    },
    // A refresh still running from the previous deploy: the next deploy's refresh catches up.
    ignoreErrorCodesMatching: 'InstanceRefreshInProgress',
    physicalResourceId: PhysicalResourceId.of(`${group.autoScalingGroupName}-refresh`),
  };
  const refresh = new AwsCustomResource(fleet, 'instance-refresh', {
    onCreate: call,
    onUpdate: call,
    policy: AwsCustomResourcePolicy.fromStatements([
      new PolicyStatement({ actions: ['autoscaling:StartInstanceRefresh'], resources: [groupArn] }),
    ]),
    installLatestAwsSdk: false,
  });
  // After the warm pool exists, so its instances are refreshed too.
  if (warmPool) refresh.node.addDependency(warmPool);
}

/** An AMI by id, as a machine image (Linux, no user data: boot.sh does the boot's work). */
export function imageFrom(imageId: string): IMachineImage {
  return { getImage: () => ({ imageId, osType: OperatingSystemType.LINUX, userData: UserData.forLinux() }) };
}

/** The AMI an SSM parameter holds when an instance launches (`resolve:ssm:`, read by EC2 at launch, not at deploy). */
export function imageFromParameter(parameterName: string): IMachineImage {
  return MachineImage.resolveSsmParameterAtLaunch(parameterName, { os: OperatingSystemType.LINUX });
}
