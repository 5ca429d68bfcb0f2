import type { ClientImage } from '@shared/client-image';
import { MAX_PROMPT_LENGTH } from '@shared/constants';
import { ASPECT_RATIO_LABELS, DEFAULT_ASPECT_RATIO } from '@shared/ratio-table';
import { type FormEvent, lazy, memo, type ReactNode, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { StartJob } from '../generation-flow';
import { useGeneration } from '../hooks/use-generation';
import { useInputBeforeHydration } from '../hooks/use-input-before-hydration';
import { useQuota } from '../hooks/use-quota';
import { useRenderer } from '../hooks/use-renderer';
import { useWarmGpu } from '../hooks/use-warm-gpu';
import { GenerationProgress } from './generation-progress';
import { PromptCounter, tooLong } from './prompt-counter';
import { RatioPicker } from './ratio-picker';
import '../studio.css';

// Variants (issue 32): the options and a job's pictures come in chunks of their own, never on a first visit's load.
const extras = () => import('./studio-extras');
const StudioOptions = lazy(() => extras().then((m) => ({ default: m.StudioOptions })));
const VariantGrid = lazy(() => extras().then((m) => ({ default: m.VariantGrid })));

export interface StudioProps {
  /** A job's pictures, in order, once it is done. */
  onGenerated: (images: readonly ClientImage[]) => void;
  /** Opens the viewer on a picture of the job (the tiles under the studio); without it they show no tiles. */
  onOpen?: (images: readonly ClientImage[], index: number) => void;
  headingLevel?: 1 | 2;
  /** The admin generator: its category dropdown, shown above the button. */
  extraFields?: ReactNode;
  /** False keeps Generate disabled (the admin generator until a category is chosen). */
  ready?: boolean;
  /** How a job starts (the admin generator posts to the admin API). */
  start?: StartJob;
  /** False: no visitor's hourly allowance applies (the operator's generator is charged to none). */
  metered?: boolean;
}

/** The AI Art Studio (spec section 2 'Generator'). */
/**
 * A link may open the studio with a prompt and ratio to start from, as router state: home's 'Try
 * this prompt', the viewer's 'Use this prompt', and 'Make it in another shape' (with the picture's seed).
 */
function startingPoint(state: unknown): { prompt: string; ratio: string; seed?: number | undefined } {
  const s = (state ?? {}) as { prompt?: unknown; aspectRatio?: unknown; seed?: unknown };
  const prompt = typeof s.prompt === 'string' ? s.prompt.slice(0, MAX_PROMPT_LENGTH) : '';
  const ratio = ASPECT_RATIO_LABELS.find((label) => label === s.aspectRatio) ?? DEFAULT_ASPECT_RATIO;
  const seed = typeof s.seed === 'number' && Number.isSafeInteger(s.seed) && s.seed >= 0 ? s.seed : undefined;
  return { prompt, ratio, ...(seed !== undefined && prompt ? { seed } : {}) };
}

/** The seed a remix keeps while its prompt is left as it came. */
type Remix = { prompt: string; seed: number } | undefined;
const remixOf = (start: ReturnType<typeof startingPoint>): Remix =>
  start.seed !== undefined ? { prompt: start.prompt, seed: start.seed } : undefined;

function StudioForm({ onGenerated, onOpen, headingLevel = 1, extraFields, ready = true, start, metered = true }: StudioProps) {
  const location = useLocation();
  const [prompt, setPrompt] = useState(() => startingPoint(location.state).prompt);
  const [ratio, setRatio] = useState<string>(() => startingPoint(location.state).ratio);
  const [remix, setRemix] = useState<Remix>(() => remixOf(startingPoint(location.state)));
  // A remix link followed while the studio is already on screen (the viewer on /generate): take it in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each navigation (location.key) brings its own state
  useEffect(() => {
    const start = startingPoint(location.state);
    if (!start.prompt) return;
    setPrompt(start.prompt);
    setRatio(start.ratio);
    setRemix(remixOf(start));
    if (start.seed !== undefined) setCount(1);
  }, [location.key]);
  const seed = remix && remix.prompt === prompt ? remix.seed : undefined;
  const form = useRef<HTMLFormElement>(null);
  useInputBeforeHydration(form, setPrompt, setRatio);
  const promptId = useId();
  const renderer = useRenderer();
  const warm = useWarmGpu();
  const { quota, refresh: refreshQuota } = useQuota(metered);
  // Loaded once the visitor turns to the studio (or a link brought a seed): studio-options.tsx.
  const [options, setOptions] = useState(false);
  const [count, setCount] = useState(1);
  const [result, setResult] = useState<readonly ClientImage[]>();
  const onPictures = useCallback(
    (images: readonly ClientImage[]) => {
      setResult(images);
      onGenerated(images);
    },
    [onGenerated],
  );
  const onSettled = useCallback(
    (ok: boolean) => {
      if (ok) setPrompt('');
      refreshQuota();
    },
    [refreshQuota],
  );
  const { state, generate, cancel } = useGeneration(onPictures, onSettled, start, renderer);
  // An accepted job has used one image of the hour: the meter shows it at once.
  useEffect(() => {
    if (state.jobId) refreshQuota();
  }, [state.jobId, refreshQuota]);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  // None left this hour: Generate stays disabled (typing does not wake it) and says when it comes back.
  const spent = quota?.enforced === true && quota.remaining === 0;
  const left = quota?.enforced ? quota.remaining : undefined;
  // More pictures than are left this hour (none left included): Generate stays disabled, the options say why.
  const fewer = left !== undefined && count > left;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!state.busy && ready && !fewer) void generate(prompt, ratio, seed, count);
  };

  return (
    <section
      className="studio"
      aria-labelledby={`${promptId}-title`}
      onPointerEnter={() => setOptions(true)}
      onFocus={() => setOptions(true)}
    >
      <div className="studio__head">
        <Heading id={`${promptId}-title`}>AI Art Studio</Heading>
        {renderer === 'preview' && (
          <span className="badge studio__badge" title="Pictures are drawn by a deterministic local renderer, not by AI">
            preview renderer — no GPU
          </span>
        )}
      </div>
      <p className="studio__lede">
        {renderer === 'preview'
          ? 'Describe a picture and choose its shape: here the preview renderer draws it from your words in a moment (no AI model runs locally).'
          : 'Describe a picture, choose its shape, and FLUX.1-schnell paints it in seconds.'}
      </p>
      <form ref={form} className="studio__form" onSubmit={submit}>
        <label htmlFor={promptId} className="studio__label">
          Prompt
        </label>
        <textarea
          id={promptId}
          className="studio__prompt"
          rows={3}
          placeholder="A colorful sunset over the ocean, soft light, wide angle"
          value={prompt}
          aria-describedby={`${promptId}-count`}
          disabled={state.busy}
          onChange={(e) => {
            setPrompt(e.target.value);
            warm();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) submit(e);
          }}
        />
        <PromptCounter id={`${promptId}-count`} length={prompt.length} />
        <RatioPicker value={ratio} onChange={setRatio} disabled={state.busy} />
        <div className="studio__options">
          {(options || seed !== undefined) && (
            <Suspense fallback={null}>
              <StudioOptions
                prompt={prompt}
                onPrompt={setPrompt}
                count={start ? null : count}
                onCount={setCount}
                seed={seed}
                left={left}
                disabled={state.busy}
              />
            </Suspense>
          )}
        </div>
        {extraFields}
        <button
          type="submit"
          className="btn btn--primary btn--large"
          disabled={state.busy || prompt.trim() === '' || tooLong(prompt) || !ready || fewer}
          aria-describedby={quota?.enforced ? `${promptId}-quota` : undefined}
        >
          {state.busy ? 'Loading...Please wait..' : 'Generate Image'}
          {spent && !state.busy && quota && <span className="studio__again">again at {quota.again}</span>}
        </button>
      </form>
      {quota?.enforced && (
        <p id={`${promptId}-quota`} className="studio__quota" aria-live="polite">
          {quota.text}
        </p>
      )}
      <GenerationProgress state={state} onCancel={cancel} />
      {onOpen && (state.busy || result) && (
        <Suspense fallback={null}>
          <VariantGrid state={state} result={result} ratio={ratio} onOpen={onOpen} onPrompt={setPrompt} generate={generate} />
        </Suspense>
      )}
    </section>
  );
}

/**
 * Memoised: the generator page re-renders for each of its start-up answers (the featured list, the ads, a claim on
 * home), and the studio's props are stable callbacks there, so those renders skip the studio's tree (issue 32: each
 * answer's render is a task Lighthouse's 4× CPU counts). Its own state, the quota and the renderer re-render it.
 */
export const Studio = memo(StudioForm);
