import { Duration, Stack } from 'aws-cdk-lib';
import { CfnBudget } from 'aws-cdk-lib/aws-budgets';
import { CfnAnomalyMonitor, CfnAnomalySubscription } from 'aws-cdk-lib/aws-ce';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { BACKSTOP_FUNCTION } from '../lambda-functions';
import type { MonitoringProps } from './monitoring-props';
import { ProjectFunction } from './project-function';

/**
 * What keeps the bill in view: the monthly budget, the optional anomaly alerts, and the cost
 * backstop. Made in Monitoring's own scope (`scope`), so construct paths and logical ids are its.
 */

/** A monthly budget (80 % actual, 100 % forecast) and, when asked for, Cost Anomaly Detection alerts, to the topic. */
export function addCostAlerts(scope: Construct, props: MonitoringProps): void {
  new CfnBudget(scope, 'budget', {
    budget: {
      budgetType: 'COST',
      timeUnit: 'MONTHLY',
      budgetLimit: { amount: props.monthlyBudgetUsd, unit: 'USD' },
      budgetName: `${Stack.of(scope).stackName}-monthly`,
    },
    notificationsWithSubscribers: [
      { threshold: 80, type: 'ACTUAL', comparison: 'GREATER_THAN' },
      { threshold: 100, type: 'FORECASTED', comparison: 'GREATER_THAN' },
    ].map((n) => ({
      notification: { notificationType: n.type, comparisonOperator: n.comparison, threshold: n.threshold, thresholdType: 'PERCENTAGE' },
      subscribers: [
        { subscriptionType: 'SNS', address: props.topic.topicArn },
        ...(props.alarmEmail ? [{ subscriptionType: 'EMAIL', address: props.alarmEmail }] : []),
      ],
    })),
  });
  if (props.costAnomalyMonitor) {
    const monitor = new CfnAnomalyMonitor(scope, 'anomaly-monitor', {
      monitorName: `${Stack.of(scope).stackName}-services`,
      monitorType: 'DIMENSIONAL',
      monitorDimension: 'SERVICE',
    });
    new CfnAnomalySubscription(scope, 'anomaly-alerts', {
      subscriptionName: `${Stack.of(scope).stackName}-anomalies`,
      frequency: 'IMMEDIATE',
      monitorArnList: [monitor.attrMonitorArn],
      subscribers: [{ type: 'SNS', address: props.topic.topicArn }],
      // An anomaly worth a mail: at least 20 USD above what Cost Explorer expected.
      thresholdExpression: JSON.stringify({
        Dimensions: { Key: 'ANOMALY_TOTAL_IMPACT_ABSOLUTE', MatchOptions: ['GREATER_THAN_OR_EQUAL'], Values: ['20'] },
      }),
    });
  }
}

/** The cost backstop Lambda (lambdas/handlers/system/cost-backstop.ts) every 10 minutes. */
export function costBackstop(scope: Construct, props: MonitoringProps): ProjectFunction {
  const fn = new ProjectFunction(scope, 'cost-backstop', {
    fn: BACKSTOP_FUNCTION,
    environment: {
      ...props.environment,
      JOBS_TABLE: props.jobsTable.tableName,
      GPU_ASG_NAME: props.gpu.autoScalingGroupName,
      GPU_BACKSTOP_IDLE_MINUTES: String(props.gpuBackstopIdleMinutes),
      GPU_BACKSTOP_FAILED_LAUNCHES: String(props.gpuBackstopFailedLaunches),
      GPU_BACKSTOP_LAUNCH_WINDOW_MINUTES: String(props.gpuBackstopLaunchWindowMinutes),
      GPU_BACKSTOP_NO_SERVICE_MINUTES: String(props.gpuBackstopNoServiceMinutes),
    },
  });
  props.jobsTable.grantReadData(fn);
  props.gpu.grantScale(fn);
  // DescribeScalingActivities takes no resource ARN.
  fn.addToRolePolicy(new PolicyStatement({ actions: ['autoscaling:DescribeScalingActivities'], resources: ['*'] }));
  new Rule(scope, 'cost-backstop-schedule', {
    description: 'Artloom: return an idle GPU group to zero even when its worker is dead',
    schedule: Schedule.rate(Duration.minutes(10)),
    targets: [new LambdaFunction(fn, { retryAttempts: 2 })],
  });
  return fn;
}
