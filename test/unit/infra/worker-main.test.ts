import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AutoScalingClient,
  DescribeAutoScalingGroupsCommand,
  SetDesiredCapacityCommand,
  SetInstanceHealthCommand,
  TerminateInstanceInAutoScalingGroupCommand,
} from '@aws-sdk/client-auto-scaling';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { markUnhealthy, scaleIn } from '../../../worker/instance';
import { InstanceMetadata, main, readEnv, waitForComfy } from '../../../worker/main';
import { resetAnsweringEmpty } from '../../fixtures/aws-mock';

/** The GPU instance's entry point (worker/main.ts): environment, IMDSv2, ComfyUI readiness, idle scale-in. */
type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const servers: Server[] = [];
async function serve(handler: Handler): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A stand-in for the instance metadata service that insists on the IMDSv2 token. */
function fakeImds(values: Record<string, string>): Handler {
  return (req, res) => {
    if (req.method === 'PUT' && req.url === '/latest/api/token') {
      if (!req.headers['x-aws-ec2-metadata-token-ttl-seconds']) return void res.writeHead(400).end();
      return void res.end('secret-token');
    }
    if (req.headers['x-aws-ec2-metadata-token'] !== 'secret-token') return void res.writeHead(401).end();
    const value = values[(req.url ?? '').replace('/latest/meta-data/', '')];
    if (value === undefined) return void res.writeHead(404).end();
    res.end(value);
  };
}

const baseEnv = {
  JOB_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/123456789012/gpu-jobs',
  JOBS_TABLE: 'jobs',
  IMAGES_BUCKET: 'images',
  AWS_REGION: 'us-east-1',
};

describe('worker environment', () => {
  it('applies the defaults', () => {
    const env = readEnv(baseEnv);
    expect(env.COMFYUI_URL).toBe('http://127.0.0.1:8188');
    expect(env.GPU_IDLE_SHUTDOWN_SECONDS).toBe(600);
    expect(env.COMFYUI_TIMEOUT_SECONDS).toBe(60);
    expect(env.WORKER_WARMUP).toBe(true);
    expect(env.WORKER_UNHEALTHY_AFTER).toBe(3);
    expect(readEnv({ ...baseEnv, WORKER_WARMUP: 'false' }).WORKER_WARMUP).toBe(false);
  });

  it('names every missing or malformed variable', () => {
    expect(() => readEnv({ AWS_REGION: 'us-east-1', JOB_QUEUE_URL: 'not a url', GPU_IDLE_SHUTDOWN_SECONDS: '-1' })).toThrow(
      /JOB_QUEUE_URL.*JOBS_TABLE.*IMAGES_BUCKET.*GPU_IDLE_SHUTDOWN_SECONDS/,
    );
  });
});

describe('instance metadata (IMDSv2)', () => {
  it('reads values with a session token', async () => {
    const url = await serve(fakeImds({ 'instance-id': 'i-0abc', 'tags/instance/aws:autoscaling:groupName': 'gpu-asg' }));
    const imds = new InstanceMetadata(url);
    expect(await imds.get('instance-id')).toBe('i-0abc');
    expect(await imds.get('tags/instance/aws:autoscaling:groupName')).toBe('gpu-asg');
    expect(await imds.get('autoscaling/target-lifecycle-state')).toBeUndefined();
  });

  it('answers undefined off EC2 (nothing listening)', async () => {
    const url = await serve(() => {});
    servers.pop()?.close();
    expect(await new InstanceMetadata(url).get('instance-id')).toBeUndefined();
  });
});

describe('waiting for ComfyUI', () => {
  it('returns once /system_stats answers 200', async () => {
    let calls = 0;
    const url = await serve((req, res) => {
      if (req.url !== '/system_stats') return void res.writeHead(404).end();
      calls++;
      if (calls < 3) return void res.writeHead(503).end();
      res.setHeader('content-type', 'application/json');
      res.end('{"system":{}}');
    });
    await waitForComfy(url, 5_000, 20);
    expect(calls).toBe(3);
  });

  it('gives up with the last reason after the deadline', async () => {
    const url = await serve((_req, res) => void res.writeHead(502).end());
    await expect(waitForComfy(url, 150, 20)).rejects.toThrow(/did not answer \/system_stats.*HTTP 502/);
  });
});

describe('idle scale-in', () => {
  const asg = mockClient(AutoScalingClient);
  beforeEach(() => resetAnsweringEmpty(asg, SetDesiredCapacityCommand, TerminateInstanceInAutoScalingGroupCommand));

  // By the group's desired capacity: what scaleIn answers, and the calls it makes of each command.
  it.each([
    [
      'sets the desired capacity to 0 when this is the only instance (warm pool reuse)',
      {
        desired: 1,
        outcome: 'desired-zero',
        setDesired: [{ AutoScalingGroupName: 'gpu-asg', DesiredCapacity: 0, HonorCooldown: false }],
        terminate: [],
      },
    ],
    [
      'terminates itself with a decrement when other instances run, so a busy one is never picked',
      { desired: 2, outcome: 'terminated', setDesired: [], terminate: [{ InstanceId: 'i-0abc', ShouldDecrementDesiredCapacity: true }] },
    ],
  ] as const)('%s', async (_name, { desired, outcome, setDesired, terminate }) => {
    asg.on(DescribeAutoScalingGroupsCommand).resolves({ AutoScalingGroups: [{ DesiredCapacity: desired } as never] });
    expect(await scaleIn('gpu-asg', 'i-0abc')).toBe(outcome);
    expect(asg.commandCalls(SetDesiredCapacityCommand).map((c) => c.args[0].input)).toEqual(setDesired);
    expect(asg.commandCalls(TerminateInstanceInAutoScalingGroupCommand).map((c) => c.args[0].input)).toEqual(terminate);
  });
});

describe('unhealthy instance', () => {
  const asg = mockClient(AutoScalingClient);
  beforeEach(() => asg.reset());

  it('marks itself Unhealthy at once (no grace period), so the group replaces it', async () => {
    asg.on(SetInstanceHealthCommand).resolves({});
    await markUnhealthy('i-0abc');
    expect(asg.commandCalls(SetInstanceHealthCommand)[0]?.args[0].input).toEqual({
      InstanceId: 'i-0abc',
      HealthStatus: 'Unhealthy',
      ShouldRespectGracePeriod: false,
    });
  });
});

describe('main', () => {
  it('does not start while the group prepares the instance for the warm pool', async () => {
    let comfyCalls = 0;
    const comfy = await serve((_req, res) => {
      comfyCalls++;
      res.end('{}');
    });
    const imds = await serve(fakeImds({ 'autoscaling/target-lifecycle-state': 'Warmed:Stopped', 'instance-id': 'i-0abc' }));
    await main(readEnv({ ...baseEnv, COMFYUI_URL: comfy, IMDS_URL: imds }));
    expect(comfyCalls).toBe(0);
  });

  it('fails when ComfyUI never comes up', async () => {
    const comfy = await serve((_req, res) => void res.writeHead(500).end());
    const imds = await serve(fakeImds({ 'autoscaling/target-lifecycle-state': 'InService' }));
    await expect(main(readEnv({ ...baseEnv, COMFYUI_URL: comfy, IMDS_URL: imds, COMFYUI_WAIT_SECONDS: '1' }))).rejects.toThrow(
      /ComfyUI did not answer/,
    );
  });
});
