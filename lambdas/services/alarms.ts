import { type AlarmStatus, alarmKey, OPERATIONS_DOC } from '../../shared/alarms';
import { describeAlarms } from '../adapters/alarms';
import { ConfigurationError, config } from '../lib/config';

const STATES: AlarmStatus['state'][] = ['ALARM', 'INSUFFICIENT_DATA', 'OK'];
const stateOf = (value: string): AlarmStatus['state'] => STATES.find((s) => s === value) ?? 'INSUFFICIENT_DATA';

/**
 * GET /api/admin/alarms: the stack's alarms, firing first, then those without data, then OK; within
 * each, the most recent change first. Each links to its section of docs/operations.md.
 */
export async function alarmStates(): Promise<AlarmStatus[]> {
  const prefix = config().ALARM_NAME_PREFIX;
  if (!prefix)
    throw new ConfigurationError('ALARM_NAME_PREFIX is not set: the stack sets it on the admin function; locally the runtime does');
  const alarms = (await describeAlarms(prefix)).map((a): AlarmStatus => {
    const key = alarmKey(a.name);
    return {
      name: key ?? a.name,
      state: stateOf(a.state),
      since: (a.updatedAt ?? new Date(0)).toISOString(),
      reason: a.reason,
      description: a.description,
      doc: `${OPERATIONS_DOC}#${key ?? 'alarms'}`,
    };
  });
  return alarms.sort((a, b) => STATES.indexOf(a.state) - STATES.indexOf(b.state) || b.since.localeCompare(a.since));
}
