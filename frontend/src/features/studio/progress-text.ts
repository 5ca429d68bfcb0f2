import type { JobStatusResponse } from '@shared/schemas/generation';

type JobView = Pick<JobStatusResponse, 'status' | 'percent' | 'queuePosition' | 'etaSeconds' | 'message'>;

/**
 * The studio's status line for a job status: the spec's section 4 wording for each stage, plus the
 * status API's queue position and ETA while the job waits for a GPU ('queued': a worker is warm and
 * busy; 'starting': the fleet is booting one). The words name the renderer in use (GET /api/health's
 * `renderer`): locally, without COMFYUI_URL, no GPU is waited for (issue 32: honest everywhere).
 */
export function progressText(job: JobView, renderer?: string): string {
  const machine = renderer === 'preview' ? 'the preview renderer' : 'a GPU';
  switch (job.status) {
    case 'queued':
      return withQueue(`Waiting for ${machine}…`, job);
    case 'starting':
      return job.queuePosition === undefined && job.etaSeconds === undefined ? 'Initializing…' : withQueue(`Starting ${machine}…`, job);
    case 'generating':
      return `Generating… ${Math.round(job.percent)}%`;
    case 'saving':
      return 'Saving…';
    case 'done':
      return 'Done!';
    default:
      return job.message;
  }
}

/** Is the job still waiting for a GPU (no percent to show yet)? */
export function isWaitingForGpu(status: JobStatusResponse['status']): boolean {
  return status === 'queued' || status === 'starting';
}

function withQueue(head: string, job: JobView): string {
  const parts = [head];
  // queuePosition counts the jobs ahead of this one.
  if (job.queuePosition !== undefined) parts.push(job.queuePosition === 0 ? 'next in line' : `${job.queuePosition} ahead of you`);
  if (job.etaSeconds !== undefined) parts.push(`about ${formatEta(job.etaSeconds)}`);
  return parts.join(' · ');
}

export function formatEta(seconds: number): string {
  const s = Math.max(1, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  const rest = s % 60;
  return rest ? `${m} min ${rest} s` : `${m} min`;
}
