import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { AutoScalingGroup } from 'aws-cdk-lib/aws-autoscaling';
import type { Distribution } from 'aws-cdk-lib/aws-cloudfront';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import type { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';

/** What Monitoring (monitoring.ts) and its cost controls (cost-controls.ts) are given: a file of its own, so neither imports the other back. */
export interface MonitoringProps {
  topic: ITopic;
  distribution: Distribution;
  httpApi: HttpApi;
  stateMachine: IStateMachine;
  deadLetterQueue: IQueue;
  webAcl?: CfnWebACL;
  gpu: { autoScalingGroup: AutoScalingGroup; autoScalingGroupName: string; grantScale(grantee: IGrantable): void };
  jobsTable: TableV2;
  /** Environment of the backstop function (the fleet's name is added here). */
  environment: Record<string, string>;
  monthlyBudgetUsd: number;
  costAnomalyMonitor: boolean;
  alarmEmail?: string;
  gpuMaxInServiceMinutes: number;
  gpuBackstopIdleMinutes: number;
  /** The backstop stops the group after this many failed launches within gpuBackstopLaunchWindowMinutes. */
  gpuBackstopFailedLaunches: number;
  gpuBackstopLaunchWindowMinutes: number;
  gpuBackstopNoServiceMinutes: number;
  wafBlockedAlarm: number;
  /** The stack screens prompts with a Bedrock guardrail (context promptGuardrail): alarm when it does not answer. */
  guardrail: boolean;
}
