import type { JobStatus } from '../../shared/schemas/generation';

/**
 * The ETA the status API shows, from measured history (the jobs table keeps the latest durations of
 * each kind; medians resist one odd job). Only when there is no history yet do the first-guess
 * defaults apply (documented in docs/generation.md).
 */
export interface DurationHistory {
  coldStartMs: number[];
  generationMs: number[];
}

/**
 * Used only until history exists. coldStartMs: capacity request → a worker takes the job on the
 * warm-pool path (the default), steps 1–8 of the cold-path table in docs/deploy.md (~75 s; ~115 s
 * with no pool). generationMs: one 1024×768 FLUX.1-schnell image on an L4 (estimated 8 s).
 */
export const FIRST_GUESS = { coldStartMs: 75_000, generationMs: 8_000, savingMs: 1_000 } as const;

/**
 * Variants (issue 32): the pictures of a job run one after another on the one GPU, so each further
 * picture adds about one more picture's time. Measured on an H200 with the real ComfyUI
 * (../shared/tools/gpu-proof/README.md): four single prompts queued back to back 3.7–4.2 s, the first
 * after ≈ 1 s, each further ≈ 0.9–1.0 s, so each further picture counts as 0.9 of the first (which also
 * carries the job's fixed costs: the pick, the text encoding, the upload).
 */
export const FURTHER_PICTURE_SHARE = 0.9;

/** How many one-picture times a job of `count` pictures takes. */
export const pictureTimes = (count: number): number => 1 + FURTHER_PICTURE_SHARE * (Math.max(1, count) - 1);

export function median(values: number[]): number | undefined {
  if (!values.length) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export interface EtaInput {
  status: JobStatus;
  percent: number;
  /** Pictures the job makes (absent: 1); the history is of one picture's time (StoreImage divides by pictureTimes). */
  count?: number;
  /** Jobs ahead of this one (queued/starting only). */
  queuePosition?: number;
  /** Is a worker warm right now? */
  warm: boolean;
  /** ms since EnsureCapacity asked for a GPU (status starting). */
  sinceCapacityRequestMs?: number;
  /** ms since the worker took the job (generating). */
  sincePickedMs?: number;
  history: DurationHistory;
}

/** Seconds until the image should be ready, or undefined once the job has ended. */
export function estimateEta(input: EtaInput): number | undefined {
  const cold = median(input.history.coldStartMs) ?? FIRST_GUESS.coldStartMs;
  const gen = median(input.history.generationMs) ?? FIRST_GUESS.generationMs;
  // This job's own time: its pictures one after another (the jobs ahead are counted as one picture each).
  const own = gen * pictureTimes(input.count ?? 1);
  let ms: number;
  switch (input.status) {
    case 'queued':
      ms = (input.queuePosition ?? 0) * gen + own + (input.warm ? 0 : cold);
      break;
    case 'starting':
      ms = Math.max(0, cold - (input.sinceCapacityRequestMs ?? 0)) + (input.queuePosition ?? 0) * gen + own;
      break;
    case 'generating':
      ms = Math.max(own * (1 - input.percent / 100), own - (input.sincePickedMs ?? 0), 0) + FIRST_GUESS.savingMs / 2;
      break;
    case 'saving':
      ms = FIRST_GUESS.savingMs;
      break;
    default:
      return undefined;
  }
  return Math.max(1, Math.ceil(ms / 1000));
}
