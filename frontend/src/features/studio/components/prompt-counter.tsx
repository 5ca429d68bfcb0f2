import { MAX_PROMPT_LENGTH } from '@shared/constants';

/** From here on screen readers hear how many characters are left (the visible count is not read on every key). */
const NEAR = Math.floor(MAX_PROMPT_LENGTH * 0.9);
const count = (n: number) => n.toLocaleString('en-US');

/**
 * The prompt's length against the server's limit (shared MAX_PROMPT_LENGTH), visible while typing: the limit used to
 * show only as a toast after submitting.
 */
export function PromptCounter({ id, length }: { id: string; length: number }) {
  const over = length - MAX_PROMPT_LENGTH;
  return (
    <p id={id} className={`studio__count${over > 0 ? ' studio__count--over' : ''}`}>
      <span aria-hidden="true">
        {count(length)} / {count(MAX_PROMPT_LENGTH)}
      </span>
      <span className="visually-hidden" aria-live="polite">
        {over > 0
          ? `${count(over)} characters over the ${count(MAX_PROMPT_LENGTH)}-character limit`
          : length >= NEAR
            ? `${count(MAX_PROMPT_LENGTH - length)} characters left`
            : `Up to ${count(MAX_PROMPT_LENGTH)} characters`}
      </span>
    </p>
  );
}

/** Whether a prompt is longer than the server takes. */
export const tooLong = (prompt: string) => prompt.length > MAX_PROMPT_LENGTH;
