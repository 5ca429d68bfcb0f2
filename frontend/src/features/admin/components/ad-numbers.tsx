import type { AdDayCount, AdminAd } from '@shared/schemas/admin';
import { useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../lib/notify';
import type { SectionProps } from './section';

/** Click-through rate in percent, as the sponsor's CSV writes it ('–' without impressions). */
const ctr = (n: { impressions: number; clicks: number }) => (n.impressions ? `${((100 * n.clicks) / n.impressions).toFixed(2)} %` : '–');

/** An ad's last 30 days: totals in the row, then per day on demand (a table), and the sponsor's CSV. */
export function AdNumbers({ api, ad, onError }: SectionProps & { ad: AdminAd }) {
  const [days, setDays] = useState<AdDayCount[] | null>(null);
  const load = async () => {
    if (days) return;
    try {
      setDays((await api.adStats(ad.id)).days);
    } catch (err) {
      onError(err);
    }
  };
  const exportCsv = async () => {
    try {
      const link = document.createElement('a');
      link.href = URL.createObjectURL(await api.adStatsCsv(ad.id));
      link.download = `ad-${ad.id}-last-30-days.csv`;
      link.click();
      URL.revokeObjectURL(link.href);
      notify.success('Ad numbers exported.');
    } catch (err) {
      onError(err);
    }
  };
  return (
    <>
      <dl className="ad-numbers">
        <dt>Impressions</dt>
        <dd>{ad.recent.impressions}</dd>
        <dt>Clicks</dt>
        <dd>{ad.recent.clicks}</dd>
        <dt>CTR</dt>
        <dd>{ctr(ad.recent)}</dd>
      </dl>
      <details onToggle={(e) => e.currentTarget.open && void load()}>
        <summary>Per day</summary>
        {!days && <Spinner label="Loading the days…" />}
        {days && (
          <table className="ad-days">
            <caption className="visually-hidden">Impressions, clicks and click-through rate per day (UTC), newest first</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Impr.</th>
                <th scope="col">Clicks</th>
                <th scope="col">CTR</th>
              </tr>
            </thead>
            <tbody>
              {[...days].reverse().map((d) => (
                <tr key={d.day}>
                  <th scope="row">{d.day}</th>
                  <td>{d.impressions}</td>
                  <td>{d.clicks}</td>
                  <td>{ctr(d)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </details>
      <button type="button" className="btn btn--small" onClick={() => void exportCsv()}>
        Export CSV
      </button>
    </>
  );
}
