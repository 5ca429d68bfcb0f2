import { type FormEvent, type ReactNode, useCallback, useId, useState } from 'react';
import { DEFAULT_ASPECT_RATIO } from '../../../../../shared/ratio-table';
import type { ClientImage } from '../../../../../shared/schemas/gallery';
import type { StartJob } from '../generation-flow';
import { useGeneration } from '../hooks/use-generation';
import { useRenderer } from '../hooks/use-renderer';
import { useWarmGpu } from '../hooks/use-warm-gpu';
import { GenerationProgress } from './generation-progress';
import { RatioPicker } from './ratio-picker';

export interface StudioProps {
  onGenerated: (image: ClientImage) => void;
  headingLevel?: 1 | 2;
  /** The admin generator: its category dropdown, shown above the button. */
  extraFields?: ReactNode;
  /** False keeps Generate disabled (the admin generator until a category is chosen). */
  ready?: boolean;
  /** How a job starts (the admin generator posts to the admin API). */
  start?: StartJob;
}

/** The AI Art Studio (spec section 2 'Generator'). */
export function Studio({ onGenerated, headingLevel = 1, extraFields, ready = true, start }: StudioProps) {
  const [prompt, setPrompt] = useState('');
  const [ratio, setRatio] = useState<string>(DEFAULT_ASPECT_RATIO);
  const promptId = useId();
  const renderer = useRenderer();
  const warm = useWarmGpu();
  const onSettled = useCallback((ok: boolean) => ok && setPrompt(''), []);
  const { state, generate, cancel } = useGeneration(onGenerated, onSettled, start);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!state.busy && ready) void generate(prompt, ratio);
  };

  return (
    <section className="studio" aria-labelledby={`${promptId}-title`}>
      <div className="studio__head">
        <Heading id={`${promptId}-title`}>AI Art Studio</Heading>
        {renderer === 'preview' && (
          <span className="badge studio__badge" title="Pictures are drawn by a deterministic local renderer, not by AI">
            preview renderer — no GPU
          </span>
        )}
      </div>
      <p className="studio__lede">Describe a picture, choose its shape, and FLUX.1-schnell paints it in seconds.</p>
      <form className="studio__form" onSubmit={submit}>
        <label htmlFor={promptId} className="studio__label">
          Prompt
        </label>
        <textarea
          id={promptId}
          className="studio__prompt"
          rows={3}
          placeholder="A colorful sunset over the ocean, soft light, wide angle"
          value={prompt}
          disabled={state.busy}
          onChange={(e) => {
            setPrompt(e.target.value);
            warm();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) submit(e);
          }}
        />
        <RatioPicker value={ratio} onChange={setRatio} disabled={state.busy} />
        {extraFields}
        <button type="submit" className="btn btn--primary btn--large" disabled={state.busy || prompt.trim() === '' || !ready}>
          {state.busy ? 'Loading...Please wait..' : 'Generate Image'}
        </button>
      </form>
      <GenerationProgress state={state} onCancel={cancel} />
    </section>
  );
}
