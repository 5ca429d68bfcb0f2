import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '../../../lambdas/adapters/aws-clients';
import { recordDuration } from '../../../lambdas/adapters/fleet-records';
import { config } from '../../../lambdas/lib/config';
import type { LocalGroup } from '../../../local/autoscaling-stand-in';
import { generationRuntime } from '../../../local/plugins/generation';
import { markUnhealthy, scaleIn } from '../../../worker/instance';
import type { TestApp } from '../../support/local-app';
import { ended, newRequest, postGenerate, startFlowApp, waitFor } from './support';

/**
 * The in-process GPU worker calls AWS as the GPU instance does: through the gateway, under the
 * instance role of the template, with DynamoDB's condition keys (dynamodb:LeadingKeys,
 * dynamodb:Attributes) filled from each request, so a condition of the role can deny. Removing one
 * of the worker's grants (its job-table UpdateItem, say) fails the first test: docs/local.md.
 */
describe('the GPU worker under its instance role', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startFlowApp({ PREVIEW_STEP_DELAY_MS: '20' });
  });
  afterAll(async () => app?.stop());
  const gpuCalls = () => Object.entries(app.deployment.gateway.stats.calls).filter(([call]) => call.startsWith('gpu-instance'));
  const denied = () => app.deployment.gateway.stats.denied;
  const asGpu = <T>(call: () => Promise<T>) => generationRuntime().asGpu(call);

  it('runs a generation with every worker call checked against the instance role, and none denied', { timeout: 120_000 }, async () => {
    const req = newRequest();
    const res = await postGenerate(app, req);
    expect(res.status).toBe(202);
    const { jobId } = (await res.json()) as { jobId: string };
    // The first picture cold-starts every step function: on a loaded machine that takes a while.
    const { last } = await waitFor(app, { jobId, userId: req.userId }, ended, 90_000);
    expect(last.status).toBe('done');
    expect(denied()).toEqual([]);
    // Its queue, job record, staging object, flow callback and beacon: each a call of the instance.
    const calls = gpuCalls().map(([call]) => call);
    const operations = calls.map((call) => call.split(' ').pop());
    expect(operations).toEqual(expect.arrayContaining(['ReceiveMessage', 'DeleteMessage', 'GetItem', 'PutItem', 'SendTaskSuccess']));
    expect(operations.some((op) => op === 'UpdateItem' || op === 'TransactWriteItems')).toBe(true);
    expect(calls.some((call) => call.endsWith(' PUT s3'))).toBe(true);
  });

  it('is denied a write outside the partitions and attributes its role names (LeadingKeys, Attributes)', async () => {
    const before = denied().length;
    try {
      await deniedWrites(before);
    } finally {
      // The denials this test provokes are expected: they must not fail the run's permission report (any earlier one stays).
      denied().splice(before);
    }
  });

  async function deniedWrites(before: number) {
    const provoked = () => denied().slice(before);
    const table = config().JOBS_TABLE;
    const beacon = { pk: 'worker#parity', sk: 'worker', workerId: 'parity', state: 'idle', lastSeen: 1 };
    // Its own beacon, with the beacon's attributes: allowed.
    await asGpu(() => dynamo().send(new PutCommand({ TableName: table, Item: beacon })));
    expect(provoked()).toEqual([]);
    // One attribute more than the role's dynamodb:Attributes list: denied.
    await expect(asGpu(() => dynamo().send(new PutCommand({ TableName: table, Item: { ...beacon, admin: true } })))).rejects.toMatchObject({
      name: 'AccessDeniedException',
    });
    expect(provoked().at(-1)).toMatchObject({ action: 'dynamodb:PutItem' });
    // Another partition (a duration record, pk `stats#generation`): not a worker#* key, denied by dynamodb:LeadingKeys.
    await expect(asGpu(() => recordDuration('generation', 'parity-job', 1000))).rejects.toMatchObject({ name: 'AccessDeniedException' });
    expect(provoked()).toHaveLength(2);
    expect(provoked().every((d) => d.principal.startsWith('gpu-instance'))).toBe(true);
    // The same write by the runtime itself (not the instance) goes straight to the store, unchecked.
    await recordDuration('generation', 'parity-job', 1000);
    expect(provoked()).toHaveLength(2);
  }

  it('scales its own group in and marks its instance unhealthy through the Auto Scaling stand-in, under its role', async () => {
    const group = [...app.autoScaling.groups.values()][0] as LocalGroup;
    group.instances = [
      { InstanceId: 'i-0parity1', LifecycleState: 'InService', HealthStatus: 'Healthy' },
      { InstanceId: 'i-0parity2', LifecycleState: 'InService', HealthStatus: 'Healthy' },
    ];
    group.desired = 2;
    await expect(asGpu(() => scaleIn(group.name, 'i-0parity2'))).resolves.toBe('terminated');
    expect(group.desired).toBe(1);
    await asGpu(() => markUnhealthy('i-0parity1'));
    expect(group.instances[0]?.HealthStatus).toBe('Unhealthy');
    await expect(asGpu(() => scaleIn(group.name, 'i-0parity1'))).resolves.toBe('desired-zero');
    expect(group.desired).toBe(0);
    expect(denied()).toEqual([]);
    expect(gpuCalls().map(([call]) => call)).toEqual(expect.arrayContaining([expect.stringMatching(/ POST autoscaling$/)]));
  });
});
