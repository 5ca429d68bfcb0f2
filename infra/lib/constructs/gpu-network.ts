import {
  FlowLogDestination,
  FlowLogTrafficType,
  GatewayVpcEndpointAwsService,
  Peer,
  Port,
  SecurityGroup,
  SubnetType,
  Vpc,
} from 'aws-cdk-lib/aws-ec2';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';

/**
 * The GPU instances' network: public subnets in up to three AZs and no NAT gateway (~32 USD/month
 * per AZ saved); a security group with no inbound rule and egress on 443 only: the image has the
 * software and S3 the model, so at run time the instances call AWS APIs and nothing else. S3 and
 * DynamoDB traffic stays on free gateway endpoints; VPC flow logs go to CloudWatch.
 */
export class GpuNetwork extends Construct {
  readonly vpc: Vpc;
  readonly securityGroup: SecurityGroup;

  constructor(scope: Construct, id: string) {
    super(scope, id);
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
      description: 'GPU workers: no inbound rule (SSM for access, ComfyUI on loopback); HTTPS out only',
      allowAllOutbound: false,
    });
    this.securityGroup.addEgressRule(Peer.anyIpv4(), Port.tcp(443), 'HTTPS: AWS APIs (SQS, Step Functions, Auto Scaling, Logs, SSM)');
  }
}
