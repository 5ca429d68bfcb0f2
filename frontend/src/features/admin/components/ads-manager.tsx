import { type AdminAd, adLinkSchema, datesInOrder } from '@shared/schemas/admin';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { FILES_HOST } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { AdNumbers } from './ad-numbers';
import { AdminTable } from './admin-table';
import type { SectionProps } from './section';

const readDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
const absolute = (url: string) => (/^https?:\/\//.test(url) ? url : `${FILES_HOST}${url}`);
const COLUMNS = ['Banner', 'Link and alt text', 'State', 'Last 30 days', 'Actions'];
const dates = (ad: AdminAd) =>
  ad.startsOn || ad.endsOn ? `${ad.startsOn ?? 'any day'} to ${ad.endsOn ?? 'no end'} (UTC)` : 'Always (no dates)';

/** Ads: list, create (banner checked by its bytes on the server), edit, enable/disable, delete. */
export function AdsManager({ api, onError }: SectionProps) {
  const [ads, setAds] = useState<AdminAd[] | null>(null);
  const [editing, setEditing] = useState<AdminAd | null>(null);
  // Each create remounts the new-ad form: every field starts empty again, the file input too.
  const [created, setCreated] = useState(0);
  const [confirming, setConfirming] = useState<string | null>(null);
  const refresh = useCallback(async () => {
    try {
      setAds(await api.ads());
    } catch (err) {
      onError(err);
    }
  }, [api, onError]);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      notify.success(done);
      setEditing(null);
      await refresh();
      return true;
    } catch (err) {
      onError(err);
      return false;
    }
  };

  return (
    <section aria-label="Ads">
      <h2>Ads</h2>
      <AdForm
        key={editing?.id ?? `new-${created}`}
        ad={editing}
        onCancel={() => setEditing(null)}
        onSubmit={(values) =>
          editing
            ? run(() => api.updateAd(editing.id, values), 'Ad saved.')
            : run(() => api.createAd(newAd(values)), 'Ad created.').then((ok) => {
                if (ok) setCreated((n) => n + 1);
                return ok;
              })
        }
      />
      {!ads && <Spinner label="Loading ads…" />}
      {ads && ads.length === 0 && <p className="empty">No ads yet.</p>}
      {ads && ads.length > 0 && (
        <AdminTable columns={COLUMNS}>
          {ads.map((ad) => (
            <tr key={ad.id} className="admin-ad">
              <td data-label="Banner">
                <img src={absolute(ad.imageUrl)} alt={ad.alternateText} />
              </td>
              <td data-label="Link and alt text">
                <a href={ad.navigateUrl} rel="noopener noreferrer" target="_blank">
                  {ad.navigateUrl}
                </a>
                <br />
                {ad.alternateText}
              </td>
              <td data-label="State">
                {ad.enabled ? 'Enabled' : 'Disabled'}
                <br />
                <span className="admin-card__meta">{dates(ad)}</span>
              </td>
              <td data-label="Last 30 days">
                <AdNumbers api={api} ad={ad} onError={onError} />
              </td>
              <td data-label="Actions" className="admin-card__actions">
                <button type="button" className="btn btn--small" onClick={() => setEditing(ad)}>
                  Edit
                </button>
                <button
                  type="button"
                  className="btn btn--small"
                  onClick={() => void run(() => api.updateAd(ad.id, { enabled: !ad.enabled }), ad.enabled ? 'Ad disabled.' : 'Ad enabled.')}
                >
                  {ad.enabled ? 'Disable' : 'Enable'}
                </button>
                {/* Deleting cannot be undone: a second, explicit click confirms it. */}
                {confirming === ad.id ? (
                  <>
                    <button
                      type="button"
                      className="btn btn--small btn--danger"
                      onClick={() => void run(() => api.deleteAd(ad.id), 'Ad deleted.').finally(() => setConfirming(null))}
                    >
                      Yes, delete this ad
                    </button>
                    <button type="button" className="btn btn--small" onClick={() => setConfirming(null)}>
                      Keep it
                    </button>
                  </>
                ) : (
                  <button type="button" className="btn btn--small" onClick={() => setConfirming(ad.id)}>
                    Delete
                  </button>
                )}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}

/** A new ad's body: an empty date is left out (null clears a date only on an edit). */
const newAd = ({ startsOn, endsOn, image, ...rest }: AdValues) => ({
  ...rest,
  image: image ?? '',
  ...(startsOn ? { startsOn } : {}),
  ...(endsOn ? { endsOn } : {}),
});

interface AdValues {
  navigateUrl: string;
  alternateText: string;
  enabled: boolean;
  image?: string;
  startsOn: string | null;
  endsOn: string | null;
}

function AdForm({ ad, onSubmit, onCancel }: { ad: AdminAd | null; onSubmit: (v: AdValues) => Promise<boolean>; onCancel: () => void }) {
  const id = useId();
  const [url, setUrl] = useState(ad?.navigateUrl ?? '');
  const [alt, setAlt] = useState(ad?.alternateText ?? '');
  const [enabled, setEnabled] = useState(ad?.enabled ?? true);
  const [startsOn, setStartsOn] = useState(ad?.startsOn ?? '');
  const [endsOn, setEndsOn] = useState(ad?.endsOn ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const link = adLinkSchema.safeParse(url);
    if (!link.success) {
      setError(link.error.issues[0]?.message ?? 'The link must be an absolute https:// url.');
      return;
    }
    if (!datesInOrder({ startsOn, endsOn })) {
      setError('The end date comes before the start date.');
      return;
    }
    setError('');
    if (!ad && !file) {
      notify.error('Choose a banner image.');
      return;
    }
    setBusy(true);
    const image = file ? await readDataUrl(file) : undefined;
    const ok = await onSubmit({
      navigateUrl: url,
      alternateText: alt,
      enabled,
      startsOn: startsOn || null,
      endsOn: endsOn || null,
      ...(image ? { image } : {}),
    });
    if (!ok) setBusy(false);
  };
  return (
    <form className="admin-message" onSubmit={(e) => void submit(e)} aria-label={ad ? 'Edit ad' : 'New ad'}>
      <h3>{ad ? 'Edit ad' : 'New ad'}</h3>
      <div className="admin-field">
        <label htmlFor={`${id}-url`}>Link (https://…)</label>
        <input
          id={`${id}-url`}
          className="input"
          type="url"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-url-error` : undefined}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
        {error && (
          <p id={`${id}-url-error`} className="admin-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-alt`}>Alt text</label>
        <input id={`${id}-alt`} className="input" type="text" maxLength={200} value={alt} onChange={(e) => setAlt(e.target.value)} />
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-file`}>{ad ? 'Replace banner (optional)' : 'Banner (PNG, JPEG, GIF or WebP, 300×250)'}</label>
        <input
          id={`${id}-file`}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </div>
      <fieldset className="admin-field">
        <legend>Dates it runs (UTC, both optional)</legend>
        <label htmlFor={`${id}-starts`}>First day</label>
        <input id={`${id}-starts`} className="input" type="date" value={startsOn} onChange={(e) => setStartsOn(e.target.value)} />
        <label htmlFor={`${id}-ends`}>Last day</label>
        <input id={`${id}-ends`} className="input" type="date" value={endsOn} onChange={(e) => setEndsOn(e.target.value)} />
      </fieldset>
      <label>
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} /> Enabled
      </label>
      <div className="admin-card__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {ad ? 'Save ad' : 'Create ad'}
        </button>
        {ad && (
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
