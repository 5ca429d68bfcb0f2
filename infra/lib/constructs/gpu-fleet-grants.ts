import { Validations } from 'aws-cdk-lib';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Policy, PolicyStatement, type Role } from 'aws-cdk-lib/aws-iam';
import type { Construct, IConstruct } from 'constructs';

/**
 * What the GPU instance role may do beyond the grants of the resources themselves. Each policy is
 * made in the fleet's own scope (`fleet`), so its construct path, logical id and cdk-nag
 * acknowledgement are the fleet's.
 */

/**
 * Session Manager (no SSH, no inbound rule): the statements of AWS's "custom instance profile for
 * Session Manager", not AmazonSSMManagedInstanceCore, which would also let the instance read every
 * SSM parameter of the account (ssm:GetParameter on *); the instance reads its own settings only.
 */
export function addSessionManagerPolicy(fleet: Construct, role: Role): void {
  const sessionManager = new Policy(fleet, 'session-manager', {
    roles: [role],
    statements: [
      new PolicyStatement({
        actions: [
          'ssm:UpdateInstanceInformation',
          'ssmmessages:CreateControlChannel',
          'ssmmessages:CreateDataChannel',
          'ssmmessages:OpenControlChannel',
          'ssmmessages:OpenDataChannel',
        ],
        resources: ['*'],
      }),
    ],
  });
  Validations.of(sessionManager.node.defaultChild as IConstruct).acknowledge({
    id: 'AwsSolutions::AwsSolutions-IAM5[Resource::*]',
    reason:
      'The SSM agent registers its own instance and opens its Session Manager channels: the session ids do not exist before a session starts, and AWS documents * for these actions.',
  });
}

/**
 * The jobs table exactly as the worker uses it (worker/ports.ts → lambdas/adapters/jobs-table.ts
 * getJob/updateJob, fleet-records.ts touchWorker/removeWorker): single items by key, no Query, no
 * Scan, no batch, no index. dynamodb:LeadingKeys confines each action to its items' partition keys.
 */
export function grantJobsTable(role: Role, table: TableV2): void {
  const resources = [table.tableArn];
  const keys = (...pk: string[]) => ({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': pk } });
  role.addToPrincipalPolicy(
    // getJob: the job it was handed (a consistent read).
    new PolicyStatement({ actions: ['dynamodb:GetItem'], resources, conditions: keys('job#*') }),
  );
  role.addToPrincipalPolicy(
    // updateJob: progress and status of a job; leaving the queue gives its slot back on the job's
    // queue shard's counter (pk "queue#<shard>", in the same transaction: IAM checks each item's UpdateItem).
    new PolicyStatement({ actions: ['dynamodb:UpdateItem'], resources, conditions: keys('job#*', 'queue#*') }),
  );
  role.addToPrincipalPolicy(
    // touchWorker / removeWorker: its presence beacon, with the beacon's attributes only.
    new PolicyStatement({
      actions: ['dynamodb:PutItem', 'dynamodb:DeleteItem'],
      resources,
      conditions: {
        ...keys('worker#*'),
        'ForAllValues:StringEquals': {
          'dynamodb:Attributes': ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'workerId', 'state', 'lastSeen', 'expiresAt'],
        },
      },
    }),
  );
}

/**
 * The instance's rights on its own group. A separate policy (not the role's default one): the launch
 * template depends on the role's default policy, so statements naming the group or the state machine
 * there would be a cycle.
 */
export function addSelfScalingPolicy(fleet: Construct, role: Role, groupArn: string): void {
  new Policy(fleet, 'self-scaling', {
    roles: [role],
    statements: [
      new PolicyStatement({
        actions: [
          'autoscaling:SetDesiredCapacity',
          'autoscaling:TerminateInstanceInAutoScalingGroup',
          'autoscaling:CompleteLifecycleAction',
          'autoscaling:RecordLifecycleActionHeartbeat',
          // A worker whose ComfyUI stops answering marks its own instance unhealthy (worker/main.ts).
          'autoscaling:SetInstanceHealth',
        ],
        resources: [groupArn],
      }),
      new PolicyStatement({ actions: ['autoscaling:DescribeAutoScalingGroups'], resources: ['*'] }),
    ],
  });
}
