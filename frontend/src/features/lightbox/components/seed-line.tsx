import { notify } from '../../../lib/notify';

/** The picture's seed (issue 32), selectable and copied by its button: 'Reuse seed' (More) makes it again. */
export function SeedLine({ seed }: { seed: number }) {
  const copy = () =>
    (navigator.clipboard?.writeText(String(seed)) ?? Promise.reject(new Error('no clipboard'))).then(
      () => notify.info('Seed copied.'),
      () => notify.info(`Seed ${seed}: copy it from the viewer's caption.`),
    );
  return (
    <>
      {' · '}
      <span className="lightbox__seed">
        Seed <span className="lightbox__seed-value">{seed}</span>{' '}
        <button type="button" className="btn btn--small btn--ghost" aria-label={`Copy seed ${seed}`} onClick={copy}>
          Copy
        </button>
      </span>
    </>
  );
}
