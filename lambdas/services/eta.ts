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

export function median(values: number[]): number | undefined {
  if (!values.length) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export interface EtaInput {
  status: JobStatus;
  percent: number;
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
  let ms: number;
  switch (input.status) {
    case 'queued':
      ms = (input.queuePosition ?? 0) * gen + gen + (input.warm ? 0 : cold);
      break;
    case 'starting':
      ms = Math.max(0, cold - (input.sinceCapacityRequestMs ?? 0)) + (input.queuePosition ?? 0) * gen + gen;
      break;
    case 'generating':
      ms = Math.max(gen * (1 - input.percent / 100), gen - (input.sincePickedMs ?? 0), 0) + FIRST_GUESS.savingMs / 2;
      break;
    case 'saving':
      ms = FIRST_GUESS.savingMs;
      break;
    default:
      return undefined;
  }
  return Math.max(1, Math.ceil(ms / 1000));
}
