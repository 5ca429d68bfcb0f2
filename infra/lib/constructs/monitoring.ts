import { Duration, Fn, Stack } from 'aws-cdk-lib';
import type { CfnAutoScalingGroup } from 'aws-cdk-lib/aws-autoscaling';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  type IMetric,
  MathExpression,
  Metric,
  SingleValueWidget,
  TextWidget,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Construct } from 'constructs';
import { BACKSTOP_REASON, GUARDRAIL_UNAVAILABLE_REASON, METRIC, METRIC_DIMENSION, METRICS_NAMESPACE } from '../../../lambdas/lib/metrics';
import type { AlarmKey } from '../../../shared/alarms';
import { addCostAlerts, costBackstop } from './cost-controls';
import type { MonitoringProps } from './monitoring-props';
import type { ProjectFunction } from './project-function';

const FIVE_MINUTES = Duration.minutes(5);

/**
 * What tells the operator that the site is not working or costs too much: alarms to the topic, a
 * monthly budget with anomaly alerts, the cost backstop on a schedule, and one dashboard.
 */
export class Monitoring extends Construct {
  readonly alarms: Alarm[] = [];
  readonly backstop: ProjectFunction;
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const action = new SnsAction(props.topic);
    // Each id has its section in docs/operations.md, which the console links to (shared/alarms.ts).
    const alarm = (name: AlarmKey, metric: IMetric, threshold: number, description: string, evaluationPeriods = 1) => {
      const a = new Alarm(this, name, {
        metric,
        threshold,
        evaluationPeriods,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
        alarmDescription: description,
      });
      a.addAlarmAction(action);
      a.addOkAction(action);
      this.alarms.push(a);
      return a;
    };

    // The group reports its instance counts only with group metrics on (1-minute, free).
    const group = props.gpu.autoScalingGroup;
    (group.node.defaultChild as CfnAutoScalingGroup).metricsCollection = [
      { granularity: '1Minute', metrics: ['GroupInServiceInstances', 'GroupDesiredCapacity', 'GroupPendingInstances'] },
    ];
    const gpuMetric = (metricName: string, statistic = 'Maximum') =>
      new Metric({
        namespace: 'AWS/AutoScaling',
        metricName,
        dimensionsMap: { AutoScalingGroupName: group.autoScalingGroupName },
        statistic,
        period: FIVE_MINUTES,
      });

    // CloudFront publishes in us-east-1 only, with Region=Global: a metric without that dimension never has data.
    const cloudFrontMetric = (metricName: string, statistic: string, label?: string) =>
      new Metric({
        namespace: 'AWS/CloudFront',
        metricName,
        dimensionsMap: { DistributionId: props.distribution.distributionId, Region: 'Global' },
        statistic,
        period: FIVE_MINUTES,
        label,
      });
    const cf5xx = cloudFrontMetric('5xxErrorRate', 'Average');
    const api5xx = props.httpApi.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum' });
    const lambdaErrors = new Metric({ namespace: 'AWS/Lambda', metricName: 'Errors', statistic: 'Sum', period: FIVE_MINUTES });
    const lambdaThrottles = new Metric({ namespace: 'AWS/Lambda', metricName: 'Throttles', statistic: 'Sum', period: FIVE_MINUTES });
    const flowFailed = props.stateMachine.metricFailed({ period: FIVE_MINUTES, statistic: 'Sum' });
    const flowTimedOut = props.stateMachine.metricTimedOut({ period: FIVE_MINUTES, statistic: 'Sum' });
    const dlq = props.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: 'Maximum' });

    // CloudFront's metrics exist only in us-east-1 (a stack elsewhere runs with allowNoWaf and without this alarm).
    if (Stack.of(this).region === 'us-east-1')
      alarm('cloudfront-5xx', cf5xx, 5, 'More than 5 % of CloudFront responses were 5xx for 15 minutes.', 3);
    alarm('api-5xx', api5xx, 5, 'The API answered 5 or more 5xx within 5 minutes.');
    // Account-wide (AWS/Lambda without a dimension): this stack's functions are the account's (docs/deploy.md).
    alarm('lambda-errors', lambdaErrors, 5, 'Lambda functions failed 5 or more invocations within 5 minutes.');
    alarm('lambda-throttles', lambdaThrottles, 1, 'Lambda throttled an invocation (concurrency limit reached).');
    alarm('generation-failed', flowFailed, 1, 'A generation execution failed (see the job record and the flow logs).');
    alarm('generation-timed-out', flowTimedOut, 1, 'A generation execution ran into its 2-hour limit.');
    alarm('dead-letters', dlq, 1, 'A GPU job message was received 3 times and parked in the dead-letter queue.');
    if (props.webAcl) {
      // Ref of a web ACL is `name|id|scope`; the name is generated (no fixed physical name).
      const webAclName = Fn.select(0, Fn.split('|', props.webAcl.ref));
      const blocked = new Metric({
        namespace: 'AWS/WAFV2',
        metricName: 'BlockedRequests',
        // CloudFront-scope web ACLs report in us-east-1 without a Region dimension.
        dimensionsMap: { WebACL: webAclName, Rule: 'ALL' },
        statistic: 'Sum',
        period: FIVE_MINUTES,
      });
      alarm('waf-blocks', blocked, props.wafBlockedAlarm, `The WAF blocked ${props.wafBlockedAlarm} or more requests within 5 minutes.`);
    }
    // In service without a break for the configured time: the idle scale-in did not happen.
    const inServicePeriods = Math.max(1, Math.ceil(props.gpuMaxInServiceMinutes / 5));
    const inService = alarm(
      'gpu-in-service-too-long',
      gpuMetric('GroupInServiceInstances', 'Minimum'),
      1,
      `GPU instances have been in service for ${props.gpuMaxInServiceMinutes} minutes without a break (about 0.80 USD an hour each).`,
      inServicePeriods,
    );

    // A launch loop: the group wants instances and none reaches InService (boot.sh abandons each one:
    // model not staged, hash unset, S3 denied). A start takes 1.5-5 minutes (docs/deploy.md), so 15
    // minutes without any instance in service while desired >= 1 is no slow boot. Each failed launch
    // counts as scaling activity, so the idle backstop alone would never fire; the launch-loop
    // backstop (below) stops the group, this alarm says why.
    const launchLoop = new MathExpression({
      expression: 'IF(desired >= 1 AND inService < 1, 1, 0)',
      usingMetrics: {
        desired: gpuMetric('GroupDesiredCapacity', 'Minimum'),
        inService: gpuMetric('GroupInServiceInstances', 'Maximum'),
      },
      period: FIVE_MINUTES,
      label: 'wants GPU instances, none in service',
    });
    alarm(
      'gpu-launches-without-in-service',
      launchLoop,
      1,
      'The GPU group has wanted instances for 15 minutes and none reached InService: launches fail or boots are abandoned (see the group activity history and /var/log/artloom/boot.log in CloudWatch Logs). Usual causes: the model is not staged or modelSha256 is unset, S3 access denied, no capacity for the instance type.',
      3,
    );

    this.backstop = costBackstop(this, props);
    // The backstop's EMF count (lambdas/services/cost-backstop.ts), one alarm per reason so the mail says which.
    const backstopStops = (reason: string) =>
      new Metric({
        namespace: METRICS_NAMESPACE,
        metricName: METRIC.backstopStops,
        dimensionsMap: { service: 'artloom', [METRIC_DIMENSION.reason]: reason },
        statistic: 'Sum',
        period: Duration.minutes(10),
      });
    alarm(
      'gpu-backstop-launch-loop',
      backstopStops(BACKSTOP_REASON.launchLoop),
      1,
      `The cost backstop set the GPU group to 0: ${props.gpuBackstopFailedLaunches} or more launches failed or were abandoned within ${props.gpuBackstopLaunchWindowMinutes} minutes (a launch loop). Fix the cause (stage the model, set modelSha256, check the instance role), then the next visitor scales it out again.`,
    );
    alarm(
      'gpu-backstop-idle',
      backstopStops(BACKSTOP_REASON.idle),
      1,
      `The cost backstop set the GPU group to 0 after ${props.gpuBackstopIdleMinutes} minutes without a job or a scaling change: the worker did not scale its instance in (dead or stuck worker).`,
    );
    alarm(
      'gpu-backstop-no-service',
      backstopStops(BACKSTOP_REASON.noService),
      1,
      `The cost backstop set the GPU group to 0: it had tried for ${props.gpuBackstopNoServiceMinutes} minutes to bring an instance into service and none was (launches pending, stuck or refused). Check the group's activity history and the instance's boot log; the next visitor scales it out again.`,
    );

    if (props.guardrail) {
      // lambdas/services/prompt-screening.ts counts each prompt refused because ApplyGuardrail did not answer.
      const unavailable = new Metric({
        namespace: METRICS_NAMESPACE,
        metricName: METRIC.guardrailUnavailable,
        dimensionsMap: { service: 'artloom', [METRIC_DIMENSION.reason]: GUARDRAIL_UNAVAILABLE_REASON },
        statistic: 'Sum',
        period: FIVE_MINUTES,
      });
      alarm(
        'prompt-guardrail-unavailable',
        unavailable,
        1,
        'Amazon Bedrock Guardrails did not answer (error, throttling or timeout): prompts are refused with 503 until it does (fail closed). See the generate function logs ("ApplyGuardrail failed") and the Bedrock service health.',
      );
    }

    addCostAlerts(this, props);

    const generationTime = (metricName: string, label: string) =>
      new Metric({
        namespace: METRICS_NAMESPACE,
        metricName,
        dimensionsMap: { service: 'artloom' },
        statistic: 'p50',
        period: FIVE_MINUTES,
        label,
      });
    this.dashboard = new Dashboard(this, 'dashboard', { defaultInterval: Duration.days(1) });
    this.dashboard.addWidgets(
      new TextWidget({
        markdown: `# Artloom ${Stack.of(this).stackName}\nAlarms go to the SNS topic${props.alarmEmail ? ` (${props.alarmEmail})` : ''}; see docs/deploy.md.`,
        width: 24,
        height: 2,
      }),
      new GraphWidget({
        title: 'Requests',
        left: [
          cloudFrontMetric('Requests', 'Sum', 'CloudFront requests'),
          props.httpApi.metricCount({ period: FIVE_MINUTES, statistic: 'Sum', label: 'API requests' }),
        ],
        right: [cf5xx.with({ label: 'CloudFront 5xx %' })],
        width: 12,
      }),
      new GraphWidget({
        title: 'Generation times (p50, ms)',
        left: [
          generationTime(METRIC.queueWaitMs, 'queue wait'),
          generationTime(METRIC.coldStartMs, 'cold start'),
          generationTime(METRIC.generationMs, 'generation'),
        ],
        width: 12,
      }),
      new GraphWidget({
        title: 'Failures',
        left: [
          flowFailed.with({ label: 'generations failed' }),
          flowTimedOut.with({ label: 'generations timed out' }),
          api5xx.with({ label: 'API 5xx' }),
          lambdaErrors.with({ label: 'Lambda errors' }),
          dlq.with({ label: 'dead letters' }),
          new MathExpression({
            expression: "SEARCH('{Artloom,reason,service} MetricName=\"Refusals\"', 'Sum', 300)",
            label: 'refusals',
            period: FIVE_MINUTES,
          }),
        ],
        width: 12,
      }),
      new GraphWidget({
        title: 'GPU instances',
        left: [
          gpuMetric('GroupInServiceInstances').with({ label: 'in service' }),
          gpuMetric('GroupPendingInstances').with({ label: 'starting' }),
          gpuMetric('GroupDesiredCapacity').with({ label: 'desired' }),
        ],
        width: 12,
      }),
      new SingleValueWidget({ title: 'GPU in service too long?', metrics: [inService.metric], width: 6 }),
    );
  }
}
