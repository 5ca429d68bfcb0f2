/**
 * Stored keys and values as the operator reads them: 'feedbackType' → 'Feedback type', 'bug_report' → 'Bug report',
 * and an audit entry's before/after as the fields that changed. Free text (addresses, links, messages) is left as is:
 * only identifier-shaped values are turned into words.
 */
import { REPORT_REASON_LABELS } from '@shared/safety';

/** Values some fields hold, as the visitor saw them (a report's reason) or as the operator says them. */
const VALUES: Record<string, Record<string, string>> = {
  reason: REPORT_REASON_LABELS,
  owner: { admin: 'The operator', user: 'A visitor' },
};

const WORDS: Record<string, string> = { url: 'URL', id: 'ID', ip: 'IP', imageId: 'Picture ID', userId: 'Visitor ID' };

const words = (key: string) =>
  key
    .replace(/[_.-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/\b(url|id|ip)\b/g, (w) => w.toUpperCase())
    .replace(/^./, (c) => c.toUpperCase());

/** A field name as a label. */
export function fieldLabel(key: string): string {
  return WORDS[key] ?? words(key);
}

/** A field value as text; an identifier-like value ('bug_report', 'not_safe') becomes words. */
export function fieldValue(value: unknown, key?: string): string {
  const known = key && typeof value === 'string' ? VALUES[key]?.[value] : undefined;
  if (known) return known;
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return /^[a-z]+(_[a-z]+)+$/.test(value) ? words(value) : value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** One changed field of an audit entry: its label, the value before and after ('—' when absent). */
export interface Change {
  label: string;
  before: string;
  after: string;
}

const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** The fields that differ between `before` and `after` (a plain value is one field, 'Value'). */
export function changes(before: unknown, after: unknown): Change[] {
  const b = asRecord(before);
  const a = asRecord(after);
  if (!a && !b) {
    if (before === undefined && after === undefined) return [];
    return [{ label: 'Value', before: fieldValue(before), after: fieldValue(after) }];
  }
  const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  return keys
    .map((key) => ({ label: fieldLabel(key), before: fieldValue(b?.[key], key), after: fieldValue(a?.[key], key) }))
    .filter((change) => change.before !== change.after);
}
