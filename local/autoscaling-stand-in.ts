import { randomUUID } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TemplateModel } from './iam/template';

/**
 * Auto Scaling for the local runtime (the query protocol, XML answers), behind the local gateway, so
 * the calls of the functions (the warm route, the cost backstop) and of the GPU worker are signed,
 * routed and checked against their roles as in AWS. Its groups are the synthesized template's
 * (AWS::AutoScaling::AutoScalingGroup, by the name the template gives them), with the template's
 * sizes and no instances; no instance is ever launched (the local worker runs in-process), so a
 * group's instances and scaling activities are what a test puts there. The operations are the ones
 * Artloom sends: DescribeAutoScalingGroups, DescribeScalingActivities, SetDesiredCapacity,
 * TerminateInstanceInAutoScalingGroup and SetInstanceHealth.
 */
export interface LocalInstance {
  InstanceId: string;
  LifecycleState: string;
  HealthStatus: string;
}

export interface LocalActivity {
  StartTime: Date;
  Description: string;
  StatusCode: string;
}

export interface LocalGroup {
  name: string;
  minSize: number;
  maxSize: number;
  desired: number;
  instances: LocalInstance[];
  /** Newest first, as the API answers. */
  activities: LocalActivity[];
}

export interface AutoScalingStandIn {
  url: string;
  groups: Map<string, LocalGroup>;
  /** The group of an instance (the gateway authorizes the instance-level calls on it). */
  groupOfInstance(instanceId: string): LocalGroup | undefined;
  stop(): Promise<void>;
}

const XMLNS = 'http://autoscaling.amazonaws.com/doc/2011-01-01/';
const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
const tag = (name: string, value: string | number) => `<${name}>${escapeXml(String(value))}</${name}>`;
const members = (items: string[]) => items.map((i) => `<member>${i}</member>`).join('');

/** The template's groups, sized as the template sizes them (a size the template leaves to a parameter counts as 0). */
export function templateGroups(model: TemplateModel): LocalGroup[] {
  return model.ofType('AWS::AutoScaling::AutoScalingGroup').map((logicalId) => {
    const props = (model.resource(logicalId).Properties ?? {}) as Record<string, unknown>;
    const size = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? Number(v) || 0 : 0);
    const minSize = size(props.MinSize);
    return {
      name: model.refOf(logicalId),
      minSize,
      maxSize: size(props.MaxSize),
      desired: props.DesiredCapacity === undefined ? minSize : size(props.DesiredCapacity),
      instances: [],
      activities: [],
    };
  });
}

export async function startAutoScalingStandIn(options: { groups: LocalGroup[] }): Promise<AutoScalingStandIn> {
  const groups = new Map(options.groups.map((g) => [g.name, g]));
  const groupOfInstance = (id: string) => [...groups.values()].find((g) => g.instances.some((i) => i.InstanceId === id));
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const op = form.get('Action') ?? '';
    const answer = (result: string) =>
      xml(res, 200, `<${op}Response xmlns="${XMLNS}"><${op}Result>${result}</${op}Result>${metadata()}</${op}Response>`);
    const group = groups.get(form.get('AutoScalingGroupName') ?? '');
    switch (op) {
      case 'DescribeAutoScalingGroups': {
        const names = [...form.entries()].filter(([k]) => k.startsWith('AutoScalingGroupNames.member.')).map(([, v]) => v);
        const found = names.length ? names.flatMap((n) => groups.get(n) ?? []) : [...groups.values()];
        return answer(`<AutoScalingGroups>${members(found.map(describeGroup))}</AutoScalingGroups>`);
      }
      case 'DescribeScalingActivities': {
        if (!group) return answer('<Activities/>');
        const max = Number(form.get('MaxRecords') ?? 100);
        const list = group.activities
          .slice(0, max)
          .map(
            (a) =>
              tag('ActivityId', randomUUID()) +
              tag('AutoScalingGroupName', group.name) +
              tag('Description', a.Description) +
              tag('Cause', a.Description) +
              tag('StartTime', a.StartTime.toISOString()) +
              tag('StatusCode', a.StatusCode) +
              tag('Progress', 100),
          );
        return answer(`<Activities>${members(list)}</Activities>`);
      }
      case 'SetDesiredCapacity': {
        if (!group) return validation(res, 'AutoScalingGroup name not found - null');
        const desired = Number(form.get('DesiredCapacity'));
        if (desired < group.minSize || desired > group.maxSize) {
          return validation(
            res,
            `New SetDesiredCapacity value ${desired} is ${desired < group.minSize ? 'below min' : 'above max'} value ${desired < group.minSize ? group.minSize : group.maxSize} for the AutoScalingGroup.`,
          );
        }
        group.desired = desired;
        return xml(res, 200, `<SetDesiredCapacityResponse xmlns="${XMLNS}">${metadata()}</SetDesiredCapacityResponse>`);
      }
      case 'TerminateInstanceInAutoScalingGroup': {
        const id = form.get('InstanceId') ?? '';
        const owner = groupOfInstance(id);
        if (!owner) return validation(res, `Instance Id not found - No managed instance found for instance ID: ${id}`);
        const instance = owner.instances.find((i) => i.InstanceId === id) as LocalInstance;
        instance.LifecycleState = 'Terminating';
        if (form.get('ShouldDecrementDesiredCapacity') === 'true') owner.desired = Math.max(owner.minSize, owner.desired - 1);
        return answer(`<Activity>${tag('ActivityId', randomUUID())}${tag('StatusCode', 'InProgress')}</Activity>`);
      }
      case 'SetInstanceHealth': {
        const id = form.get('InstanceId') ?? '';
        const instance = groupOfInstance(id)?.instances.find((i) => i.InstanceId === id);
        if (!instance) return validation(res, `Instance Id not found - No managed instance found for instance ID: ${id}`);
        instance.HealthStatus = form.get('HealthStatus') ?? instance.HealthStatus;
        return xml(res, 200, `<SetInstanceHealthResponse xmlns="${XMLNS}">${metadata()}</SetInstanceHealthResponse>`);
      }
      default:
        return xml(
          res,
          400,
          `<ErrorResponse xmlns="${XMLNS}"><Error><Type>Sender</Type><Code>InvalidAction</Code><Message>The local Auto Scaling stand-in does not answer ${escapeXml(op)}.</Message></Error>${metadata()}</ErrorResponse>`,
        );
    }
  });
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    groups,
    groupOfInstance,
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function describeGroup(g: LocalGroup): string {
  const instances = g.instances.map(
    (i) =>
      tag('InstanceId', i.InstanceId) +
      tag('LifecycleState', i.LifecycleState) +
      tag('HealthStatus', i.HealthStatus) +
      tag('ProtectedFromScaleIn', 'false'),
  );
  return (
    tag('AutoScalingGroupName', g.name) +
    tag('MinSize', g.minSize) +
    tag('MaxSize', g.maxSize) +
    tag('DesiredCapacity', g.desired) +
    tag('DefaultCooldown', 300) +
    tag('HealthCheckType', 'EC2') +
    tag('CreatedTime', new Date(0).toISOString()) +
    `<Instances>${members(instances)}</Instances>`
  );
}

const metadata = () => `<ResponseMetadata>${tag('RequestId', randomUUID())}</ResponseMetadata>`;

function xml(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'text/xml' });
  res.end(`<?xml version="1.0"?>${body}`);
}

function validation(res: ServerResponse, message: string): void {
  xml(
    res,
    400,
    `<ErrorResponse xmlns="${XMLNS}"><Error><Type>Sender</Type><Code>ValidationError</Code><Message>${escapeXml(message)}</Message></Error>${metadata()}</ErrorResponse>`,
  );
}
