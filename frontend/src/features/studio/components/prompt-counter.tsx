import { MAX_PROMPT_LENGTH } from '@shared/constants';

/** From here on screen readers hear how many characters are left (the visible count is not read on every key). */
const NEAR = Math.floor(MAX_PROMPT_LENGTH * 0.9);
/**
 * '1,000' as en-US writes it, without Intl: `toLocaleString` loads the locale's number data on its first call, and here
 * that first call was on the studio's first render (50 ms of home's start-up on the 2-core test host, ×4 in
 * Lighthouse's simulation: docs/frontend.md). The counts are whole numbers up to a few thousand.
 */
export const count = (n: number) => String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

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
