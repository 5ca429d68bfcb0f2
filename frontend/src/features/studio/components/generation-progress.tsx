import type { GenerationState } from '../generation-state';

export function GenerationProgress({ state, onCancel }: { state: GenerationState; onCancel: () => void }) {
  const percent = Math.round(state.percent);
  return (
    <div className="gen-progress">
      <div
        className="gen-progress__track"
        role="progressbar"
        aria-label="Generation progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div
          className={`gen-progress__bar${state.waitingForGpu ? ' gen-progress__bar--waiting' : ''}`}
          style={state.waitingForGpu ? undefined : { width: `${percent}%` }}
        />
      </div>
      <div className="gen-progress__row">
        <p className="gen-progress__text" role="status">
          {state.text}
          {state.busy && !state.waitingForGpu && state.text && !state.text.includes('%') && percent > 0 ? ` ${percent}%` : ''}
        </p>
        {!state.busy && !state.text && (
          <p className="gen-progress__hint">
            <kbd>Enter</kbd> generates · <kbd>Shift</kbd>+<kbd>Enter</kbd> starts a new line
          </p>
        )}
        {state.busy && state.jobId && state.percent < 100 && (
          <button type="button" className="btn btn--ghost btn--small" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </div>
  );
}
