/**
 * The stack's alarms by their construct id (infra/lib/constructs/monitoring.ts), each with a section of
 * docs/operations.md whose anchor is the id. CloudFormation names an alarm
 * `<stack>-<logical id>-<suffix>`, the logical id being `monitoring` + the id without its dashes + an
 * 8-character hash; alarmKey reads the id back from such a name.
 */
export const ALARM_KEYS = [
  'cloudfront-5xx',
  'api-5xx',
  'lambda-errors',
  'lambda-throttles',
  'generation-failed',
  'generation-timed-out',
  'dead-letters',
  'waf-blocks',
  'gpu-in-service-too-long',
  'gpu-launches-without-in-service',
  'gpu-backstop-launch-loop',
  'gpu-backstop-idle',
  'gpu-backstop-no-service',
  'prompt-guardrail-unavailable',
] as const;
export type AlarmKey = (typeof ALARM_KEYS)[number];

const compact = (key: string) => key.replace(/[^A-Za-z0-9]/g, '');

/** The alarm id in a CloudFormation-generated alarm name, or undefined for an alarm that is not one of ours. */
export function alarmKey(alarmName: string): AlarmKey | undefined {
  return ALARM_KEYS.find((key) => new RegExp(`-monitoring${compact(key)}[0-9A-F]{8}(-|$)`).test(alarmName));
}

/** Where the operator reads what to do about an alarm. */
export const OPERATIONS_DOC = 'docs/operations.md';

/** An alarm as the console shows it (GET /api/admin/alarms). */
export interface AlarmStatus {
  /** The alarm's id (ALARM_KEYS) where known, else its full name. */
  name: string;
  state: 'OK' | 'ALARM' | 'INSUFFICIENT_DATA';
  /** When it entered that state (ISO 8601). */
  since: string;
  reason: string;
  description: string;
  /** `docs/operations.md#<id>`. */
  doc: string;
}
