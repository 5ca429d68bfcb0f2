export interface GenerationState {
  busy: boolean;
  percent: number;
  text: string;
  jobId?: string;
  waitingForGpu: boolean;
}

export const IDLE: GenerationState = { busy: false, percent: 0, text: '', waitingForGpu: false };
