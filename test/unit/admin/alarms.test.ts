import { readFileSync } from 'node:fs';
import { CloudWatchClient, DescribeAlarmsCommand } from '@aws-sdk/client-cloudwatch';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfig } from '../../../lambdas/lib/config';
import { alarmStates } from '../../../lambdas/services/alarms';
import { ALARM_KEYS, alarmKey } from '../../../shared/alarms';

// The AWS adapter of the console's alarm list (the integration twin: test/integration/admin/alarms.test.ts).
const cw = mockClient(CloudWatchClient);
const PREFIX = 'Artloom-prod-';
const named = (id: string) => `${PREFIX}monitoring${id.replace(/-/g, '')}1A2B3C4D-XyZ0aBcD1234`;

describe('alarm states from CloudWatch', () => {
  beforeEach(() => {
    cw.reset();
    vi.stubEnv('ALARM_NAME_PREFIX', PREFIX);
    resetConfig();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    resetConfig();
  });

  it('asks for the stack’s alarms only, page after page, and answers firing first with since, reason and the doc', async () => {
    cw.on(DescribeAlarmsCommand)
      .resolvesOnce({
        MetricAlarms: [
          { AlarmName: named('api-5xx'), StateValue: 'OK', StateReason: 'fine', StateUpdatedTimestamp: new Date('2026-11-01T00:00:00Z') },
          {
            AlarmName: named('dead-letters'),
            StateValue: 'ALARM',
            StateReason: 'Threshold Crossed: 1 datapoint [1.0] >= 1.0',
            StateUpdatedTimestamp: new Date('2026-11-27T10:00:00Z'),
            AlarmDescription: 'A GPU job message was received 3 times',
          },
        ],
        NextToken: 'page-2',
      })
      .resolves({ MetricAlarms: [{ AlarmName: named('lambda-errors'), StateValue: 'INSUFFICIENT_DATA', StateReason: 'no data' }] });
    const alarms = await alarmStates();
    expect(alarms.map((a) => [a.name, a.state])).toEqual([
      ['dead-letters', 'ALARM'],
      ['lambda-errors', 'INSUFFICIENT_DATA'],
      ['api-5xx', 'OK'],
    ]);
    expect(alarms[0]).toMatchObject({
      since: '2026-11-27T10:00:00.000Z',
      reason: 'Threshold Crossed: 1 datapoint [1.0] >= 1.0',
      doc: 'docs/operations.md#dead-letters',
    });
    const calls = cw.commandCalls(DescribeAlarmsCommand).map((c) => c.args[0].input);
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatchObject({ AlarmNamePrefix: PREFIX, AlarmTypes: ['MetricAlarm'] });
    expect(calls[1]).toMatchObject({ AlarmNamePrefix: PREFIX, NextToken: 'page-2' });
  });

  it('refuses to list every alarm of the account when the stack did not set its prefix', async () => {
    vi.stubEnv('ALARM_NAME_PREFIX', '');
    resetConfig();
    await expect(alarmStates()).rejects.toThrow(/ALARM_NAME_PREFIX/);
    expect(cw.commandCalls(DescribeAlarmsCommand)).toHaveLength(0);
  });
});

describe('alarmKey', () => {
  it('reads every alarm id back from a CloudFormation-generated name, and nothing else', () => {
    for (const key of ALARM_KEYS) expect(alarmKey(named(key))).toBe(key);
    expect(alarmKey('Artloom-prod-monitoringapi5xx-XYZ')).toBeUndefined();
    expect(alarmKey('someone-elses-alarm')).toBeUndefined();
    // 'gpu-backstop-idle' is no prefix-match of another id.
    expect(alarmKey(named('gpu-backstop-idle'))).toBe('gpu-backstop-idle');
  });

  it('has a section of docs/operations.md for every alarm (the console links to its anchor)', () => {
    const headings = readFileSync('docs/operations.md', 'utf8').match(/^## .+$/gm) ?? [];
    for (const key of ALARM_KEYS) expect(headings).toContain(`## ${key}`);
  });
});
