import { paginateDescribeAlarms } from '@aws-sdk/client-cloudwatch';
import { cloudWatch } from './aws-clients';

/** One metric alarm's state as CloudWatch answers DescribeAlarms. */
export interface AlarmRecord {
  name: string;
  state: string;
  updatedAt?: Date;
  reason: string;
  description: string;
}

/** Every metric alarm whose name begins with `prefix` (the stack's: a few dozen at most). */
export async function describeAlarms(prefix: string): Promise<AlarmRecord[]> {
  const out: AlarmRecord[] = [];
  const pages = paginateDescribeAlarms({ client: cloudWatch() }, { AlarmNamePrefix: prefix, AlarmTypes: ['MetricAlarm'], MaxRecords: 100 });
  for await (const page of pages) {
    for (const a of page.MetricAlarms ?? []) {
      out.push({
        name: a.AlarmName ?? '',
        state: a.StateValue ?? 'INSUFFICIENT_DATA',
        ...(a.StateUpdatedTimestamp ? { updatedAt: a.StateUpdatedTimestamp } : {}),
        reason: a.StateReason ?? '',
        description: a.AlarmDescription ?? '',
      });
    }
  }
  return out;
}
