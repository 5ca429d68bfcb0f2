import { afterAll, describe, expect, it } from 'vitest';
import { type CallCheck, type CallVerdict, checkCall } from '../../../local/iam/simulate';
import type { CfnResource, NamedPolicy } from '../../../local/iam/template';
import { t1Model } from '../local/iam/model';

/**
 * The principals that are not our Lambda functions, checked on the synthesized stack by policy
 * simulation: whoever publishes to the alarm topic, the schedules that invoke functions,
 * CloudFront's origin access, the state machine's role and the GPU instance's role doing what the
 * worker does. The Lambda roles are checked per call by the local gateway (local/iam).
 */

const model = t1Model();
const { account, region } = model.names;
const byPath = (type: string, path: string): string => {
  const id = model.ofType(type).find((x) => [`t1/${path}`, `t1/${path}/Resource`].includes(model.cdkPath(x) ?? ''));
  if (!id) throw new Error(`no ${type} at t1/${path}`);
  return id;
};
const fnArn = (path: string) => model.arnOf(byPath('AWS::Lambda::Function', path));
const role = (path: string) => ({ kind: 'role' as const, roleLogicalId: byPath('AWS::IAM::Role', path) });
const service = (name: string, sourceArn?: string) => ({ kind: 'service' as const, service: name, sourceArn, sourceAccount: account });

const tally = { evaluated: 0, mustDeny: 0, denied: 0 };
/** One call's verdict, counted; `denied` counts the calls denied that must be allowed. */
async function check(call: CallCheck, allowed: boolean): Promise<CallVerdict> {
  const verdict = await checkCall(model, call);
  tally.evaluated++;
  if (!allowed) tally.mustDeny++;
  else if (!verdict.allowed) tally.denied++;
  return verdict;
}
async function expectCall(call: CallCheck, allowed: boolean): Promise<CallVerdict> {
  const verdict = await check(call, allowed);
  expect(verdict.allowed, verdict.explanation).toBe(allowed);
  return verdict;
}
afterAll(() => {
  const { evaluated, mustDeny, denied } = tally;
  console.info(`principals: ${evaluated} calls evaluated, ${denied} denied (plus ${mustDeny} must-deny checks denied as they should be)`);
});

/** Every place the template names `arn` in a resource's properties, as [logical id, resource, property path]. */
function mentions(arn: string): [string, CfnResource, string][] {
  const out: [string, CfnResource, string][] = [];
  const walk = (id: string, r: CfnResource, v: unknown, path: string) => {
    if (v === arn) out.push([id, r, path]);
    else if (Array.isArray(v)) for (const [i, x] of v.entries()) walk(id, r, x, `${path}[${i}]`);
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(id, r, x, path ? `${path}.${k}` : k);
  };
  for (const [id, r] of Object.entries(model.template.Resources)) walk(id, r, model.resolve(r.Properties), '');
  return out;
}

describe('alarm topic publishers', () => {
  const topicId = byPath('AWS::SNS::Topic', 'alarms/topic');
  const topic = model.arnOf(topicId);
  const publishers = mentions(topic).filter(([id]) => id !== topicId && model.resource(id).Type !== 'AWS::SNS::TopicPolicy');
  // Auto Scaling publishes its notifications with its service-linked role, which AWS gives
  // sns:Publish on any topic (AutoScalingServiceRolePolicy); same account, so the topic policy need not.
  const autoScalingRole: NamedPolicy = {
    name: 'AutoScalingServiceRolePolicy (its SNS statement)',
    policy: { Version: '2012-10-17', Statement: [{ Effect: 'Allow', Action: 'sns:Publish', Resource: '*' }] },
  };

  // Image Builder sends its build notices as its service-linked role, whose managed policy
  // (AWSServiceRoleForImageBuilder) allows sns:Publish; same account, so the topic policy need not.
  const imageBuilderRole: NamedPolicy = {
    name: 'AWSServiceRoleForImageBuilder (its SNS statement)',
    policy: { Version: '2012-10-17', Statement: [{ Effect: 'Allow', Action: 'sns:Publish', Resource: '*' }] },
  };

  it('knows every resource that names the topic', () => {
    const known = [
      'AWS::CloudWatch::Alarm',
      'AWS::AutoScaling::AutoScalingGroup',
      'AWS::Budgets::Budget',
      'AWS::CE::AnomalySubscription',
      'AWS::ImageBuilder::InfrastructureConfiguration',
    ];
    expect(publishers.filter(([, r]) => !known.includes(r.Type)).map(([id, r]) => `${id} (${r.Type})`)).toEqual([]);
    expect(publishers.filter(([, r]) => r.Type === 'AWS::CloudWatch::Alarm').length).toBeGreaterThanOrEqual(8);
  });

  it('lets each of them publish', async () => {
    const verdicts: CallVerdict[] = [];
    const expectCall = async (call: CallCheck, allowed: boolean) => verdicts.push(await check(call, allowed));
    for (const [id, r, path] of publishers) {
      const publish = { action: 'sns:Publish', resource: topic };
      if (r.Type === 'AWS::CloudWatch::Alarm') {
        // The alarm's ARN is the source CloudWatch names (AlarmActions, OKActions alike).
        const alarm = `arn:aws:cloudwatch:${region}:${account}:alarm:${model.physicalName(id)}`;
        await expectCall({ ...publish, principal: service('cloudwatch.amazonaws.com', alarm) }, true);
      } else if (r.Type === 'AWS::AutoScaling::AutoScalingGroup') {
        const slr = `arn:aws:iam::${account}:role/aws-service-role/autoscaling.amazonaws.com/AWSServiceRoleForAutoScaling`;
        await expectCall({ ...publish, principal: { kind: 'arn', arn: slr, identityPolicies: [autoScalingRole] } }, true);
      } else if (r.Type === 'AWS::Budgets::Budget') {
        await expectCall({ ...publish, principal: service('budgets.amazonaws.com') }, true);
      } else if (r.Type === 'AWS::ImageBuilder::InfrastructureConfiguration') {
        const slr = `arn:aws:iam::${account}:role/aws-service-role/imagebuilder.amazonaws.com/AWSServiceRoleForImageBuilder`;
        await expectCall({ ...publish, principal: { kind: 'arn', arn: slr, identityPolicies: [imageBuilderRole] } }, true);
      } else if (r.Type === 'AWS::CE::AnomalySubscription') {
        await expectCall({ ...publish, principal: service('costalerts.amazonaws.com') }, true);
      } else throw new Error(`unchecked publisher ${id} (${path})`);
    }
    expect(verdicts).toHaveLength(publishers.length);
    expect(verdicts.filter((v) => !v.allowed).map((v) => v.explanation)).toEqual([]);
  });

  it('keeps everyone else out', async () => {
    const elsewhere = `arn:aws:cloudwatch:${region}:999999999999:alarm:theirs`;
    await expectCall(
      {
        action: 'sns:Publish',
        resource: topic,
        principal: { ...service('cloudwatch.amazonaws.com', elsewhere), sourceAccount: '999999999999' },
      },
      false,
    );
    await expectCall({ action: 'sns:Publish', resource: topic, principal: service('events.amazonaws.com') }, false);
  });
});

describe('schedules', () => {
  it('lets the reconciler schedule invoke the reconciler with its role', async () => {
    const schedule = model.resolve(model.resource(byPath('AWS::Scheduler::Schedule', 'reconciler/every')).Properties) as {
      Target: { Arn: string; RoleArn: string };
    };
    expect(schedule.Target.Arn).toBe(fnArn('reconciler/fn'));
    const roleId = model.ofType('AWS::IAM::Role').find((id) => model.arnOf(id) === schedule.Target.RoleArn) as string;
    await expectCall(
      { principal: { kind: 'role', roleLogicalId: roleId }, action: 'lambda:InvokeFunction', resource: schedule.Target.Arn },
      true,
    );
  });

  it('lets the cost backstop rule invoke its function through the function policy', async () => {
    const ruleId = byPath('AWS::Events::Rule', 'monitoring/cost-backstop-schedule');
    const targets = (model.resolve(model.resource(ruleId).Properties) as { Targets: { Arn: string }[] }).Targets;
    expect(targets.map((t) => t.Arn)).toEqual([fnArn('monitoring/cost-backstop')]);
    const call = { action: 'lambda:InvokeFunction', resource: fnArn('monitoring/cost-backstop') };
    await expectCall({ ...call, principal: service('events.amazonaws.com', model.arnOf(ruleId)) }, true);
    await expectCall({ ...call, principal: service('events.amazonaws.com', `arn:aws:events:${region}:${account}:rule/other`) }, false);
  });
});

describe('CloudFront origin access', () => {
  const distributionId = byPath('AWS::CloudFront::Distribution', 'web/cdn');
  const distribution = `arn:aws:cloudfront::${account}:distribution/${model.refOf(distributionId)}`;
  const config = (model.resolve(model.resource(distributionId).Properties) as { DistributionConfig: Record<string, unknown> })
    .DistributionConfig as {
    Origins: { Id: string; DomainName: string; OriginAccessControlId?: string }[];
    CacheBehaviors: { PathPattern: string; TargetOriginId: string }[];
    DefaultCacheBehavior: { TargetOriginId: string };
  };
  const patternOf = (originId: string) =>
    config.CacheBehaviors.find((b) => b.TargetOriginId === originId)?.PathPattern ??
    (config.DefaultCacheBehavior.TargetOriginId === originId ? '/index.html' : undefined);
  const withAccessControl = config.Origins.filter((o) => o.OriginAccessControlId);

  it('reads each bucket origin with the distribution as source', async () => {
    const buckets = withAccessControl.filter((o) => o.DomainName.includes('.s3.'));
    expect(buckets.map((o) => o.DomainName.split('.s3.')[0]).sort()).toEqual(['t1-images', 't1-web-web-bucket']);
    for (const origin of buckets) {
      const key = (patternOf(origin.Id) ?? '/').slice(1).replace('*', 'check.png');
      const object = `arn:aws:s3:::${origin.DomainName.split('.s3.')[0]}/${key}`;
      await expectCall({ action: 's3:GetObject', resource: object, principal: service('cloudfront.amazonaws.com', distribution) }, true);
    }
    const other = `arn:aws:cloudfront::${account}:distribution/OTHER`;
    await expectCall(
      { action: 's3:GetObject', resource: 'arn:aws:s3:::t1-images/files/a.png', principal: service('cloudfront.amazonaws.com', other) },
      false,
    );
    await expectCall(
      {
        action: 's3:GetObject',
        resource: 'arn:aws:s3:::t1-attachments/a.pdf',
        principal: service('cloudfront.amazonaws.com', distribution),
      },
      false,
    );
  });

  it('invokes the streaming function through its URL', async () => {
    const [origin] = withAccessControl.filter((o) => o.DomainName.includes('.lambda-url.'));
    const urlId = model.ofType('AWS::Lambda::Url').find((id) => model.getAtt(id, 'FunctionUrl').includes(origin?.DomainName ?? '-'));
    const target = model.getAtt(urlId as string, 'FunctionArn');
    expect(target).toBe(fnArn('api/events'));
    const principal = service('cloudfront.amazonaws.com', distribution);
    await expectCall(
      { action: 'lambda:InvokeFunctionUrl', resource: target, principal, context: { 'lambda:FunctionUrlAuthType': 'AWS_IAM' } },
      true,
    );
    await expectCall(
      { action: 'lambda:InvokeFunction', resource: target, principal, context: { 'lambda:InvokedViaFunctionUrl': 'true' } },
      true,
    );
  });
});

describe('state machine role', () => {
  const machineId = byPath('AWS::StepFunctions::StateMachine', 'generation/flow');
  const machine = model.resolve(model.resource(machineId).Properties) as { DefinitionString: string; RoleArn: string };
  const states = Object.values(
    (
      JSON.parse(machine.DefinitionString) as {
        States: Record<string, { Type: string; Resource?: string; Parameters?: Record<string, unknown> }>;
      }
    ).States,
  );
  const roleId = model.ofType('AWS::IAM::Role').find((id) => model.arnOf(id) === machine.RoleArn) as string;
  const principal = { kind: 'role' as const, roleLogicalId: roleId };

  it('invokes every step function and sends to the job queue', async () => {
    const tasks = states.filter((s) => s.Type === 'Task');
    const functions = tasks.map((s) => s.Resource ?? '').filter((r) => r.includes(':lambda:'));
    expect(functions).toHaveLength(4);
    for (const fn of functions) await expectCall({ principal, action: 'lambda:InvokeFunction', resource: fn }, true);
    const sends = tasks.filter((s) => s.Resource?.includes(':states:::sqs:sendMessage'));
    expect(sends).toHaveLength(1);
    const queueId = model.ofType('AWS::SQS::Queue').find((id) => model.refOf(id) === sends[0]?.Parameters?.QueueUrl) as string;
    await expectCall({ principal, action: 'sqs:SendMessage', resource: model.arnOf(queueId) }, true);
    await expectCall({ principal, action: 'lambda:InvokeFunction', resource: fnArn('api/gallery') }, false);
  });
});

describe('GPU instance role', () => {
  const principal = role('gpu/role');
  const queue = model.arnOf(byPath('AWS::SQS::Queue', 'gpu-jobs/queue'));
  const jobs = model.arnOf(byPath('AWS::DynamoDB::GlobalTable', 'data/jobs-table'));
  const images = model.arnOf(byPath('AWS::DynamoDB::GlobalTable', 'data/images-table'));
  const group = model.arnOf(model.ofType('AWS::AutoScaling::AutoScalingGroup')[0] as string);
  const machine = model.arnOf(byPath('AWS::StepFunctions::StateMachine', 'generation/flow'));

  // What worker/ports.ts (through lambdas/adapters) and worker/main.ts send, and the boot script.
  it.each([
    ['sqs:ReceiveMessage', queue], // job-queue receiveJob
    ['sqs:DeleteMessage', queue], // job-queue deleteJob
    ['s3:PutObject', 'arn:aws:s3:::t1-images/staging/job-1.png'], // job-staging putStaging
    ['dynamodb:GetItem', jobs], // jobs-table getJob
    ['dynamodb:UpdateItem', jobs], // jobs-table updateJob (alone or in its leaveQueue transaction)
    ['dynamodb:PutItem', jobs], // fleet-records touchWorker
    ['dynamodb:DeleteItem', jobs], // fleet-records removeWorker
    ['states:SendTaskSuccess', machine], // state-machine adapter, on the token's machine
    ['states:SendTaskFailure', machine],
    ['states:SendTaskHeartbeat', machine],
    ['autoscaling:DescribeAutoScalingGroups', '*'], // main.ts: its group's desired count
    ['autoscaling:SetDesiredCapacity', group], // main.ts: idle scale-in
    ['autoscaling:TerminateInstanceInAutoScalingGroup', group], // main.ts: leave the group
    ['autoscaling:SetInstanceHealth', group], // main.ts: report itself broken
    ['autoscaling:CompleteLifecycleAction', group], // boot.sh: ready
  ])('may %s on %s', async (action, resource) => {
    await expectCall({ principal, action, resource }, true);
  });

  it.each([
    ['dynamodb:Scan', images],
    ['s3:GetObject', 'arn:aws:s3:::t1-attachments/inbox/a.pdf'],
    ['s3:PutObject', 'arn:aws:s3:::t1-images/files/job-1.png'],
    ['sqs:SendMessage', queue],
  ])('may not %s on %s', async (action, resource) => {
    const verdict = await expectCall({ principal, action, resource }, false);
    expect(verdict.explanation).toMatch(`may not ${action} on ${resource}`);
  });
});
