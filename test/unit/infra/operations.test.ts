import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ArtloomStack } from '../../../infra/lib/stacks/artloom-stack';
import { synthStack } from '../../fixtures/stack';

// biome-ignore lint/suspicious/noExplicitAny: synthesized template JSON
type Json = any;
let template: Template;
let stack: ArtloomStack;

beforeAll(() => {
  ({ stack, template } = synthStack('Ops', {
    alarmEmail: 'ops@example.com',
    gpuMaxInServiceMinutes: 120,
    monthlyBudgetUsd: 900,
    costAnomalyMonitor: true,
  }));
}, 120_000);

const resources = (type: string): [string, Json][] => Object.entries(template.findResources(type));
const alarms = () => resources('AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
const topicId = () => resources('AWS::SNS::Topic')[0]?.[0] ?? '';
const alarmOn = (namespace: string, metricName: string): Json =>
  alarms().find((a) => a.Namespace === namespace && a.MetricName === metricName);

describe('operations', () => {
  it('mails the operator through one SNS topic, confirmed over TLS only', () => {
    template.resourceCountIs('AWS::SNS::Topic', 1);
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.com' });
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: Match.objectLike({
        Statement: Match.arrayWith([Match.objectLike({ Principal: { Service: 'budgets.amazonaws.com' }, Action: 'sns:Publish' })]),
      }),
    });
  });

  it('has the alarm set, every alarm notifying the topic when it fires and when it clears', () => {
    const expected: [string, string][] = [
      ['AWS/CloudFront', '5xxErrorRate'],
      ['AWS/ApiGateway', '5xx'],
      ['AWS/Lambda', 'Errors'],
      ['AWS/Lambda', 'Throttles'],
      ['AWS/States', 'ExecutionsFailed'],
      ['AWS/States', 'ExecutionsTimedOut'],
      ['AWS/SQS', 'ApproximateNumberOfMessagesVisible'],
      ['AWS/WAFV2', 'BlockedRequests'],
      ['AWS/AutoScaling', 'GroupInServiceInstances'],
    ];
    for (const [ns, name] of expected) expect(alarmOn(ns, name), `${ns} ${name}`).toBeDefined();
    // One throttled invocation is already a visitor refused (the concurrency limit), and one failed, timed-out or
    // dead-lettered generation a visitor without a picture: each fires at the first, not at a count.
    expect(alarmOn('AWS/Lambda', 'Throttles').Threshold).toBe(1);
    expect(alarmOn('AWS/States', 'ExecutionsFailed').Threshold).toBe(1);
    expect(alarmOn('AWS/States', 'ExecutionsTimedOut').Threshold).toBe(1);
    expect(alarmOn('AWS/SQS', 'ApproximateNumberOfMessagesVisible').Threshold).toBe(1);
    for (const a of alarms()) {
      expect(a.AlarmActions).toEqual([{ Ref: topicId() }]);
      expect(a.OKActions).toEqual([{ Ref: topicId() }]);
    }
  });

  it('reads CloudFront metrics where CloudFront publishes them: Region=Global, in the alarm and on the dashboard', () => {
    const cf = alarmOn('AWS/CloudFront', '5xxErrorRate');
    expect(cf.Dimensions).toEqual(expect.arrayContaining([{ Name: 'Region', Value: 'Global' }]));
    const [, dashboard] = resources('AWS::CloudWatch::Dashboard')[0] ?? [];
    const body = JSON.stringify(dashboard.Properties.DashboardBody);
    for (const name of ['Requests', '5xxErrorRate']) {
      expect(body).toMatch(
        new RegExp(`AWS/CloudFront\\\\",\\\\"${name}\\\\",\\\\"DistributionId\\\\",\\\\"[^\\\\]*\\\\",\\\\"Region\\\\",\\\\"Global`),
      );
    }
  });

  it('alarms when the GPU group wants instances and none reaches InService for 15 minutes (a launch loop)', () => {
    const loop = alarms().find((a) => a.AlarmName === undefined && JSON.stringify(a.Metrics ?? []).includes('GroupDesiredCapacity'));
    expect(loop).toBeDefined();
    const expression = loop.Metrics.find((m: Json) => m.Expression);
    expect(expression.Expression).toBe('IF(desired >= 1 AND inService < 1, 1, 0)');
    const stat = (id: string) => loop.Metrics.find((m: Json) => m.Id === id).MetricStat;
    expect(stat('desired')).toMatchObject({
      Metric: { MetricName: 'GroupDesiredCapacity', Namespace: 'AWS/AutoScaling' },
      Stat: 'Minimum',
    });
    expect(stat('inService')).toMatchObject({ Metric: { MetricName: 'GroupInServiceInstances' }, Stat: 'Maximum' });
    expect(stat('inService').Period * loop.EvaluationPeriods).toBe(15 * 60);
    expect(loop.Threshold).toBe(1);
    expect(loop.AlarmDescription).toMatch(/none reached InService/);
  });

  it('mails why the cost backstop stopped the group: one alarm per reason on its own metric', () => {
    for (const [reason, text] of [
      ['launch-loop', /3 or more launches failed or were abandoned within 60 minutes/],
      ['idle', /60 minutes without a job/],
    ] as const) {
      const a = alarms().find((x) => x.MetricName === 'BackstopStops' && JSON.stringify(x.Dimensions).includes(`"${reason}"`));
      expect(a, reason).toBeDefined();
      expect(a.Namespace).toBe('Artloom');
      expect(a.Dimensions).toEqual(
        expect.arrayContaining([
          { Name: 'reason', Value: reason },
          { Name: 'service', Value: 'artloom' },
        ]),
      );
      expect(a.Threshold).toBe(1);
      expect(a.AlarmDescription).toMatch(text);
    }
  });

  it('alarms on a single message in the dead-letter queue', () => {
    const dlq = alarmOn('AWS/SQS', 'ApproximateNumberOfMessagesVisible');
    expect(dlq.Threshold).toBe(1);
    expect(dlq.ComparisonOperator).toBe('GreaterThanOrEqualToThreshold');
    const dlqId = stack.resolve((stack.generation.queue as Json).deadLetterQueue?.queue?.node.defaultChild.logicalId);
    expect(JSON.stringify(dlq.Dimensions)).toContain(dlqId);
  });

  it('alarms when GPU instances stay in service for the configured 120 minutes, from group metrics', () => {
    const gpu = alarmOn('AWS/AutoScaling', 'GroupInServiceInstances');
    expect(gpu.Statistic).toBe('Minimum');
    expect(gpu.Period * gpu.EvaluationPeriods).toBe(120 * 60);
    expect(gpu.Threshold).toBe(1);
    template.hasResourceProperties('AWS::AutoScaling::AutoScalingGroup', {
      MetricsCollection: [Match.objectLike({ Metrics: Match.arrayWith(['GroupInServiceInstances']) })],
    });
  });

  it('sends Auto Scaling launch and termination failures to the topic', () => {
    template.hasResourceProperties('AWS::AutoScaling::AutoScalingGroup', {
      NotificationConfigurations: [
        {
          TopicARN: { Ref: topicId() },
          NotificationTypes: Match.arrayWith(['autoscaling:EC2_INSTANCE_LAUNCH_ERROR', 'autoscaling:EC2_INSTANCE_TERMINATE_ERROR']),
        },
      ],
    });
  });

  it('has a monthly cost budget mailing at 80 % actual and 100 % forecast, and an anomaly subscription when asked for', () => {
    template.hasResourceProperties('AWS::Budgets::Budget', {
      Budget: Match.objectLike({ BudgetType: 'COST', TimeUnit: 'MONTHLY', BudgetLimit: { Amount: 900, Unit: 'USD' } }),
      NotificationsWithSubscribers: Match.arrayWith([
        Match.objectLike({
          Notification: Match.objectLike({ NotificationType: 'ACTUAL', Threshold: 80 }),
          Subscribers: Match.arrayWith([{ SubscriptionType: 'SNS', Address: { Ref: topicId() } }]),
        }),
        Match.objectLike({ Notification: Match.objectLike({ NotificationType: 'FORECASTED', Threshold: 100 }) }),
      ]),
    });
    template.hasResourceProperties('AWS::CE::AnomalyMonitor', { MonitorType: 'DIMENSIONAL', MonitorDimension: 'SERVICE' });
    template.hasResourceProperties('AWS::CE::AnomalySubscription', {
      Frequency: 'IMMEDIATE',
      Subscribers: [{ Type: 'SNS', Address: { Ref: topicId() } }],
    });
  });

  it('runs the cost backstop every 10 minutes, allowed to read the jobs table and set the GPU group, nothing else', () => {
    const fnId = stack.resolve((stack.monitoring.backstop.node.defaultChild as Json).logicalId);
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(10 minutes)',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [fnId, 'Arn'] } })],
    });
    const fn = template.toJSON().Resources[fnId];
    expect(fn.Properties.Environment.Variables).toMatchObject({
      GPU_BACKSTOP_IDLE_MINUTES: '60',
      GPU_BACKSTOP_FAILED_LAUNCHES: '3',
      GPU_BACKSTOP_LAUNCH_WINDOW_MINUTES: '60',
      GPU_ASG_NAME: expect.anything(),
    });
    const roleId = fn.Properties.Role['Fn::GetAtt'][0];
    const statements = resources('AWS::IAM::Policy')
      .filter(([, p]) => p.Properties.Roles.some((r: Json) => r.Ref === roleId))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement);
    const actions = statements.flatMap((s: Json) => (Array.isArray(s.Action) ? s.Action : [s.Action]));
    expect(actions).toContain('autoscaling:SetDesiredCapacity');
    expect(actions).toContain('dynamodb:Query');
    expect(actions.filter((a: string) => /Put|Delete|Update|Write/.test(a) && a.startsWith('dynamodb'))).toEqual([]);
    const setStatement = statements.find((s: Json) => [s.Action].flat().includes('autoscaling:SetDesiredCapacity'));
    expect(JSON.stringify(setStatement.Resource)).toContain('autoScalingGroupName/');
  });

  it('has a dashboard with requests, generation times, failures and GPU instances', () => {
    const [, dashboard] = resources('AWS::CloudWatch::Dashboard')[0] ?? [];
    const body = JSON.stringify(dashboard.Properties.DashboardBody);
    for (const title of ['Requests', 'Generation times', 'Failures', 'GPU instances']) expect(body).toContain(title);
    for (const metric of ['QueueWaitMs', 'ColdStartMs', 'GenerationMs', 'GroupInServiceInstances']) expect(body).toContain(metric);
  });
});
