import type { AlarmStatus } from '@shared/alarms';
import { useCallback, useEffect, useState } from 'react';
import operations from '../../../../../docs/operations.md?raw';
import { Spinner } from '../../../components/ui/spinner';
import type { SectionProps } from './section';

/** docs/operations.md's sections by heading (the alarm ids): what the operator reads beside each alarm. */
const SECTIONS = new Map(
  operations
    .split(/^## /m)
    .slice(1)
    .map((part) => {
      const [heading = '', ...body] = part.split('\n');
      return [
        heading.trim(),
        body
          .join('\n')
          .trim()
          .split(/\n\s*\n/),
      ] as const;
    }),
);
const STATE_LABEL: Record<AlarmStatus['state'], string> = { ALARM: 'Firing', INSUFFICIENT_DATA: 'No data', OK: 'OK' };

/** The stack's alarms, firing first (the API's order), each with since when, CloudWatch's reason and what to do. */
export function AlarmsPanel({ api, onError }: SectionProps) {
  const [alarms, setAlarms] = useState<AlarmStatus[] | null>(null);
  const refresh = useCallback(async () => {
    try {
      setAlarms(await api.alarms());
    } catch (err) {
      onError(err);
    }
  }, [api, onError]);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  const firing = alarms?.filter((a) => a.state === 'ALARM').length ?? 0;
  return (
    <section aria-label="Alarms">
      <h2>Alarms</h2>
      <div className="admin-bar">
        <p role="status">{alarms ? (firing ? `${firing} firing` : 'None firing') : ''}</p>
        <button type="button" className="btn btn--small" onClick={() => void refresh()}>
          Refresh
        </button>
      </div>
      {!alarms && <Spinner label="Loading alarms…" />}
      {alarms && alarms.length === 0 && <p className="empty">No alarms found for this stack.</p>}
      {alarms && alarms.length > 0 && (
        <ul className="admin-alarms">
          {alarms.map((alarm) => (
            <li key={alarm.name} className={`admin-message admin-alarm admin-alarm--${alarm.state.toLowerCase()}`} aria-label={alarm.name}>
              <h3>
                <span className="admin-alarm__state">{STATE_LABEL[alarm.state]}</span> {alarm.name}
              </h3>
              <p className="admin-card__meta">
                Since <time dateTime={alarm.since}>{new Date(alarm.since).toLocaleString()}</time>
              </p>
              {alarm.description && <p>{alarm.description}</p>}
              <p className="admin-alarm__reason">{alarm.reason}</p>
              <details>
                <summary>What to do ({alarm.doc})</summary>
                {(SECTIONS.get(alarm.name) ?? ['See docs/operations.md.']).map((text) => (
                  <p key={text}>{text}</p>
                ))}
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
