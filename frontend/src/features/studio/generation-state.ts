import type { ClientImage } from '@shared/client-image';

export interface GenerationState {
  busy: boolean;
  percent: number;
  text: string;
  jobId?: string;
  waitingForGpu: boolean;
  /** Variants (issue 32): how many pictures the job makes, and those finished so far, in order. */
  count?: number;
  images?: readonly ClientImage[];
}

export const IDLE: GenerationState = { busy: false, percent: 0, text: '', waitingForGpu: false };
