import { describe, expect, it } from 'vitest';
import { formatEta, isWaitingForGpu, progressText } from '../../../frontend/src/features/studio/progress-text';

describe('studio progress text', () => {
  it('follows the spec wording for each stage', () => {
    expect(progressText({ status: 'starting', percent: 0, message: '' })).toBe('Initializing…');
    expect(progressText({ status: 'generating', percent: 49.6, message: '' })).toBe('Generating… 50%');
    expect(progressText({ status: 'saving', percent: 100, message: '' })).toBe('Saving…');
  });

  it('shows the queue and the estimate while waiting for a GPU', () => {
    expect(progressText({ status: 'queued', percent: 0, message: '', queuePosition: 2, etaSeconds: 75 })).toBe(
      'Waiting for a GPU… · 2 ahead of you · about 1 min 15 s',
    );
    expect(progressText({ status: 'queued', percent: 0, message: '', queuePosition: 0 })).toBe('Waiting for a GPU… · next in line');
    expect(progressText({ status: 'starting', percent: 0, message: '', queuePosition: 0, etaSeconds: 180 })).toBe(
      'Starting a GPU… · next in line · about 3 min',
    );
  });

  it('names the preview renderer, not a GPU, where it draws (issue 32)', () => {
    expect(progressText({ status: 'queued', percent: 0, message: '', queuePosition: 0 }, 'preview')).toBe(
      'Waiting for the preview renderer… · next in line',
    );
    expect(progressText({ status: 'starting', percent: 0, message: '', queuePosition: 1, etaSeconds: 4 }, 'preview')).toBe(
      'Starting the preview renderer… · 1 ahead of you · about 4 s',
    );
    expect(progressText({ status: 'queued', percent: 0, message: '', queuePosition: 0 }, 'comfyui')).toBe(
      'Waiting for a GPU… · next in line',
    );
  });

  it('treats queued and starting as waiting for a GPU, and nothing else', () => {
    expect(isWaitingForGpu('queued')).toBe(true);
    expect(isWaitingForGpu('starting')).toBe(true);
    expect(isWaitingForGpu('generating')).toBe(false);
    expect(isWaitingForGpu('saving')).toBe(false);
  });

  it("falls back to the server's message for other states", () => {
    expect(progressText({ status: 'failed', percent: 0, message: 'Worker lost' })).toBe('Worker lost');
  });

  it('formats estimates', () => {
    expect(formatEta(0.2)).toBe('1 s');
    expect(formatEta(59)).toBe('59 s');
    expect(formatEta(120)).toBe('2 min');
  });
});
