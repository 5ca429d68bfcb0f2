import type { Overview as OverviewData } from '@shared/schemas/admin';
import { OVERVIEW_RANGE_LABELS, OVERVIEW_RANGES, type OverviewRange } from '@shared/stats';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { fieldLabel } from '../readable';
import { type ChartSeries, LineChart } from './line-chart';
import type { SectionProps } from './section';

const count = new Intl.NumberFormat('en');
const money = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
const seconds = (s: number | null) => (s === null ? '—' : `${s.toFixed(1)} s`);

/** 1234567 → '1.2 MB' (decimal units, as storage is billed). */
function bytes(n: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let value = n;
  let unit = 0;
  while (Math.abs(value) >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

/** A point's time as its row and axis read it: the hour (today) or the day, in UTC. */
function pointLabel(at: string, step: OverviewData['step']): string {
  const d = new Date(at);
  return step === 'hour'
    ? `${String(d.getUTCHours()).padStart(2, '0')}:00`
    : d.toLocaleDateString('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/**
 * The console's first page (issue 33): how the site is doing today, over 7 or 30 days, from the
 * hourly counters (docs/admin.md, Overview). Tiles for the headline numbers, two charts each with
 * its numbers as a table, and the breakdowns of failures and refusals.
 */
export function Overview({ api, onError }: SectionProps) {
  const [range, setRange] = useState<OverviewRange>('today');
  const [data, setData] = useState<OverviewData>();
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    const abort = new AbortController();
    setLoading(true);
    api
      .overview(range, abort.signal)
      .then(setData)
      .catch((err: unknown) => {
        if (!abort.signal.aborted) onError(err);
      })
      .finally(() => {
        if (!abort.signal.aborted) setLoading(false);
      });
    return () => abort.abort();
  }, [api, range, onError]);

  return (
    <section aria-labelledby="overview-heading" className="overview">
      <div className="overview-head">
        <h2 id="overview-heading">Overview</h2>
        <fieldset className="overview-range">
          <legend className="visually-hidden">Range</legend>
          {OVERVIEW_RANGES.map((r) => (
            <button
              key={r}
              type="button"
              className={`tab${range === r ? ' tab--active' : ''}`}
              aria-pressed={range === r}
              onClick={() => setRange(r)}
            >
              {OVERVIEW_RANGE_LABELS[r]}
            </button>
          ))}
        </fieldset>
      </div>
      {loading && !data && <Spinner label="Loading the overview…" />}
      {data && <OverviewBody data={data} busy={loading} />}
    </section>
  );
}

function OverviewBody({ data, busy }: { data: OverviewData; busy: boolean }) {
  const made = data.generations.visitor + data.generations.operator;
  const failed = data.failures.reduce((n, f) => n + f.count, 0);
  const refused = data.refusals.reduce((n, r) => n + r.count, 0);
  const { cold, warm } = data.timeToPicture;
  const times = useMemo(() => data.points.map((p) => Date.parse(p.at) / 1000), [data]);
  // Today: the whole day, hour by hour, however far it has come; 7 or 30 days: first day to today.
  const first = times[0] ?? Date.parse(data.from) / 1000;
  const span: [number, number] = [first, data.step === 'hour' ? first + 23 * 3600 : (times.at(-1) ?? first)];
  const madeSeries = useMemo<ChartSeries[]>(
    () => [
      { label: 'By visitors', color: '--accent', values: data.points.map((p) => p.visitor) },
      { label: 'By the operator', color: '--success', values: data.points.map((p) => p.operator) },
      { label: 'Failed', color: '--danger', values: data.points.map((p) => p.failed), dash: [6, 4] },
    ],
    [data],
  );
  const waitSeries = useMemo<ChartSeries[]>(
    () => [
      { label: 'p50 (median)', color: '--accent', values: data.points.map((p) => p.waitP50) },
      { label: 'p95', color: '--accent-2', values: data.points.map((p) => p.waitP95), dash: [6, 4] },
    ],
    [data],
  );
  const per = data.step === 'hour' ? 'per hour' : 'per day';
  const rows = (cells: (p: OverviewData['points'][number]) => ReactNode[]) =>
    data.points.map((p) => (
      <tr key={p.at}>
        <th scope="row">{pointLabel(p.at, data.step)}</th>
        {cells(p).map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are fixed columns
          <td key={i}>{c}</td>
        ))}
      </tr>
    ));

  return (
    <div aria-busy={busy}>
      <p className="overview-updated">
        {data.updatedAt ? (
          <>
            Last updated <time dateTime={data.updatedAt}>{new Date(data.updatedAt).toLocaleString()}</time>.
          </>
        ) : (
          'Nothing was counted in this range yet.'
        )}{' '}
        Hours and days are in UTC.
      </p>
      <ul className="overview-tiles" aria-label="Headline numbers">
        <Tile label="Pictures made" value={count.format(made)}>
          {count.format(data.generations.visitor)} by visitors · {count.format(data.generations.operator)} by the operator
        </Tile>
        <Tile label="Failed" value={count.format(failed)}>
          {data.failures[0] ? `Most: ${fieldLabel(data.failures[0].reason)}` : 'None'}
        </Tile>
        <Tile label="Time to picture, warm" value={seconds(warm.p50)}>
          median · p95 {seconds(warm.p95)} · {count.format(warm.count)} pictures
        </Tile>
        <Tile label="Time to picture, cold" value={seconds(cold.p50)}>
          median · p95 {seconds(cold.p95)} · {count.format(cold.count)} pictures
        </Tile>
        <Tile label="GPU minutes" value={count.format(data.gpu.minutes)}>
          ≈ {money.format(data.gpu.estimatedCostUsd)} estimated at {money.format(data.gpu.hourlyPriceUsd)}/hour (busy time)
        </Tile>
        <Tile label="Prompts refused" value={count.format(refused)}>
          {refused ? layerSummary(data.refusals) : 'None'}
        </Tile>
        <Tile label="Held back by the image check" value={count.format(data.imageCheckFlags)} />
        <Tile label="Reports waiting" value={count.format(data.reportsWaiting)}>
          now
        </Tile>
        <Tile label="Unread messages" value={count.format(data.unreadMessages)}>
          now
        </Tile>
        <Tile label="Storage used" value={bytes(data.storage.usedBytes)}>
          +{bytes(data.storage.addedBytes)} · −{bytes(data.storage.removedBytes)} in this range
        </Tile>
      </ul>

      <div className="overview-charts">
        <figure className="overview-figure">
          <figcaption>Pictures made and failed, {per}</figcaption>
          <LineChart
            label={`Chart: pictures made by visitors and by the operator, and failed, ${per}. The table below has the numbers.`}
            times={times}
            span={span}
            series={madeSeries}
            whole
          />
          <details>
            <summary>Pictures made as a table</summary>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must take the focus to be scrolled by keyboard */}
            <section className="overview-table-wrap" aria-label="Pictures made, the numbers" tabIndex={0}>
              <table className="overview-table">
                <caption className="visually-hidden">Pictures made and failed, {per}</caption>
                <thead>
                  <tr>
                    <th scope="col">{data.step === 'hour' ? 'Hour' : 'Day'}</th>
                    <th scope="col">By visitors</th>
                    <th scope="col">By the operator</th>
                    <th scope="col">Failed</th>
                    <th scope="col">Refused</th>
                  </tr>
                </thead>
                <tbody>{rows((p) => [p.visitor, p.operator, p.failed, p.refused].map((n) => count.format(n)))}</tbody>
              </table>
            </section>
          </details>
        </figure>
        <figure className="overview-figure">
          <figcaption>Time to picture (seconds), {per}</figcaption>
          <LineChart
            label={`Chart: the visitors' wait from accepted to picture, median and 95th percentile in seconds, ${per}. The table below has the numbers.`}
            times={times}
            span={span}
            series={waitSeries}
          />
          <details>
            <summary>Time to picture as a table</summary>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must take the focus to be scrolled by keyboard */}
            <section className="overview-table-wrap" aria-label="Time to picture, the numbers" tabIndex={0}>
              <table className="overview-table">
                <caption className="visually-hidden">Time to picture, {per}</caption>
                <thead>
                  <tr>
                    <th scope="col">{data.step === 'hour' ? 'Hour' : 'Day'}</th>
                    <th scope="col">Median</th>
                    <th scope="col">p95</th>
                    <th scope="col">GPU minutes</th>
                  </tr>
                </thead>
                <tbody>{rows((p) => [seconds(p.waitP50), seconds(p.waitP95), count.format(p.gpuMinutes)])}</tbody>
              </table>
            </section>
          </details>
        </figure>
      </div>

      <div className="overview-breakdowns">
        <Breakdown
          title="Failures by reason"
          columns={['Reason', 'Count']}
          rows={data.failures.map((f) => [f.reason, count.format(f.count)])}
          empty="No failures in this range."
        />
        <Breakdown
          title="Refusals by layer and reason"
          columns={['Layer', 'Reason', 'Count']}
          rows={data.refusals.map((r) => [fieldLabel(r.layer), fieldLabel(r.reason), count.format(r.count)])}
          empty="No prompts refused in this range."
        />
      </div>
    </div>
  );
}

function Tile({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  return (
    <li className="overview-tile">
      <span className="overview-tile__label">{label}</span>
      <strong className="overview-tile__value">{value}</strong>
      {children && <span className="overview-tile__note">{children}</span>}
    </li>
  );
}

function layerSummary(refusals: OverviewData['refusals']): string {
  const byLayer = new Map<string, number>();
  for (const r of refusals) byLayer.set(r.layer, (byLayer.get(r.layer) ?? 0) + r.count);
  return [...byLayer].map(([layer, n]) => `${fieldLabel(layer)}: ${count.format(n)}`).join(' · ');
}

function Breakdown({ title, columns, rows, empty }: { title: string; columns: string[]; rows: string[][]; empty: string }) {
  return (
    <section className="overview-breakdown" aria-label={title}>
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <table className="overview-table">
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.join('|')}>
                {r.map((c, i) => (
                  <td key={columns[i]}>{c}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
