import type { ClientImage } from '@shared/client-image';
import { ASPECT_RATIO_LABELS } from '@shared/ratio-table';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import '../lightbox.css';

/** What the studio takes from a remix link, as router state (features/studio/components/studio.tsx). */
export interface RemixState {
  prompt: string;
  aspectRatio: string;
  /**
   * 'Reuse seed' and 'Make it in another shape' keep the picture's seed, so the composition stays as close as the model
   * allows; the studio then makes one picture.
   */
  seed?: number;
}

/**
 * 'Use this prompt' (the studio with this prompt and ratio), 'Reuse seed' (the same with this picture's seed: one
 * picture, the same again until the prompt is changed; issue 32) and 'Make it in another shape' (the same
 * prompt and seed in a ratio chosen here): both leave the viewer for /generate. The new address closes it (the open
 * picture is the page's `?picture=`, use-picture-address.ts); closing it first went Back, which undid the navigation.
 * Back from the studio returns to the picture, open.
 */
export function RemixActions({ image }: { image: ClientImage }) {
  const navigate = useNavigate();
  const [choosing, setChoosing] = useState(false);
  const groupId = useId();
  const go = (state: RemixState) => navigate(paths.generate, { state });
  return (
    <>
      <button type="button" className="btn" onClick={() => go({ prompt: image.prompt, aspectRatio: image.aspectRatio })}>
        Use this prompt
      </button>
      {image.seed !== undefined && (
        <button
          type="button"
          className="btn"
          onClick={() => go({ prompt: image.prompt, aspectRatio: image.aspectRatio, seed: image.seed })}
        >
          Reuse seed
        </button>
      )}
      <button type="button" className="btn" aria-expanded={choosing} aria-controls={groupId} onClick={() => setChoosing((open) => !open)}>
        Make it in another shape
      </button>
      {choosing && (
        <fieldset id={groupId} className="lightbox__shapes">
          <legend className="visually-hidden">New shape for this prompt</legend>
          {ASPECT_RATIO_LABELS.filter((ratio) => ratio !== image.aspectRatio).map((ratio) => (
            <button
              key={ratio}
              type="button"
              className="btn btn--small"
              onClick={() => go({ prompt: image.prompt, aspectRatio: ratio, ...(image.seed !== undefined ? { seed: image.seed } : {}) })}
            >
              {ratio}
            </button>
          ))}
        </fieldset>
      )}
    </>
  );
}
