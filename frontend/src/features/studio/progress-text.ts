import type { JobStatusResponse } from '../../../../shared/schemas/generation';

/** The studio's status line for a job status (spec section 4 wording, plus the queue while waiting for a GPU). */
export function progressText(job: Pick<JobStatusResponse, 'status' | 'percent' | 'queuePosition' | 'etaSeconds' | 'message'>): string {
  switch (job.status) {
    case 'queued': {
      const parts = ['Waiting for a GPU…'];
      // queuePosition counts the jobs ahead of this one.
      if (job.queuePosition !== undefined) parts.push(job.queuePosition === 0 ? 'next in line' : `${job.queuePosition} ahead of you`);
      if (job.etaSeconds !== undefined) parts.push(`about ${formatEta(job.etaSeconds)}`);
      return parts.join(' · ');
    }
    case 'starting':
      return 'Initializing…';
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

export function formatEta(seconds: number): string {
  const s = Math.max(1, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  const rest = s % 60;
  return rest ? `${m} min ${rest} s` : `${m} min`;
}
