import type { ClientImage } from '@shared/client-image';
import { ASPECT_RATIOS } from '@shared/ratio-table';
import { useEffect, useRef } from 'react';
import type { GenerationState } from '../generation-state';

export interface VariantGridProps {
  /** The job in progress: its pictures so far and how many it makes (a placeholder for each still to come). */
  state: GenerationState;
  /** The last finished job's pictures, in order. */
  result: readonly ClientImage[] | undefined;
  /** The studio's shape (the running job's: the picker is disabled meanwhile). */
  ratio: string;
  onOpen: (images: readonly ClientImage[], index: number) => void;
  /** 'Vary' puts the last job's prompt back in the studio's field and starts a new job with it: same shape and count, new seeds. */
  onPrompt: (prompt: string) => void;
  generate: (prompt: string, ratio: string, seed: number | undefined, count: number) => Promise<void>;
}

/**
 * A job's pictures (issue 32 item 1), in its own chunk: one, or a two-column grid (2×2 for four) where a placeholder per
 * picture fills as each arrives; each opens the viewer on it, with the job's pictures to step through. Held-back
 * pictures keep the galleries' blur. Arrivals are announced politely ('2 of 4 ready').
 */
export function VariantGrid({ state, result, ratio: picked, onOpen, onPrompt, generate }: VariantGridProps) {
  const { busy } = state;
  // A running job of one picture shows its progress only (its picture opens in the viewer when done).
  const images = (busy ? state.images : result) ?? [];
  const count = busy ? (state.count ?? 1) : images.length;
  const last = result?.[0];
  const ratio = busy ? picked : (last?.aspectRatio ?? picked);
  const shape = (ASPECT_RATIOS.find((r) => r.label === ratio) ?? ASPECT_RATIOS[0]).value;
  const total = Math.max(count, images.length);
  const first = useRef<HTMLButtonElement>(null);
  // The finished job's first picture takes the focus where the focus was lost (the prompt and button were disabled).
  const wasBusy = useRef(busy);
  useEffect(() => {
    if (wasBusy.current && !busy && images.length > 1 && (!document.activeElement || document.activeElement === document.body)) {
      first.current?.focus();
    }
    wasBusy.current = busy;
  }, [busy, images.length]);
  if (busy ? count < 2 : !last) return null;
  return (
    <section className="variant-grid" aria-label="Your pictures">
      <p className="variant-grid__status" role="status">
        {total > 1 ? `${images.length} of ${total} ready` : ''}
      </p>
      <ul className={`variant-grid__tiles${total > 1 ? ' variant-grid__tiles--two' : ''}`}>
        {Array.from({ length: total }, (_, i) => {
          const image = images[i];
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a slot per picture of the job, in order
            <li key={i} className="variant-grid__cell" style={{ aspectRatio: `${shape.width} / ${shape.height}` }}>
              {image ? (
                <button
                  ref={i === 0 ? first : undefined}
                  type="button"
                  className="variant-grid__tile"
                  aria-label={`Open picture ${i + 1} of ${total}: ${image.prompt}`}
                  onClick={() => onOpen(images, i)}
                >
                  <img src={image.thumbnailUrl} alt="" className={image.imageCheck ? 'is-held-back' : undefined} />
                  {image.imageCheck && <span className="tile__held-back">Held back for review</span>}
                </button>
              ) : (
                <span className="variant-grid__waiting" aria-hidden="true" />
              )}
            </li>
          );
        })}
      </ul>
      {!busy && last && (
        <button
          type="button"
          className="btn"
          onClick={() => {
            onPrompt(last.prompt);
            void generate(last.prompt, last.aspectRatio, undefined, images.length);
          }}
        >
          Vary <span className="variant-grid__hint">same prompt and shape, new seeds</span>
        </button>
      )}
    </section>
  );
}
