// @vitest-environment happy-dom
import { MAX_PROMPT_LENGTH } from '@shared/constants';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { count, PromptCounter, tooLong } from '../../../frontend/src/features/studio/components/prompt-counter';

afterEach(cleanup);

const live = (container: HTMLElement) => container.querySelector('[aria-live="polite"]')?.textContent;

describe('prompt counter', () => {
  it('shows the length against the shared limit', () => {
    const { container } = render(<PromptCounter id="c" length={26} />);
    expect(container.textContent).toContain(`26 / ${MAX_PROMPT_LENGTH.toLocaleString('en-US')}`);
    expect(live(container)).toBe('Up to 1,000 characters');
  });

  it('tells screen readers how many characters are left near the limit, and how many over past it', () => {
    const near = render(<PromptCounter id="c" length={MAX_PROMPT_LENGTH - 40} />);
    expect(live(near.container)).toBe('40 characters left');
    cleanup();
    const over = render(<PromptCounter id="c" length={MAX_PROMPT_LENGTH + 5} />);
    expect(live(over.container)).toBe('5 characters over the 1,000-character limit');
    expect(over.container.querySelector('.studio__count--over')).not.toBeNull();
  });

  it('calls a prompt too long only past the limit', () => {
    expect(tooLong('a'.repeat(MAX_PROMPT_LENGTH))).toBe(false);
    expect(tooLong('a'.repeat(MAX_PROMPT_LENGTH + 1))).toBe(true);
  });

  it('writes numbers as en-US does, without Intl', () => {
    for (const n of [0, 7, 999, 1000, 1001, 12_345, 100_000, 1_234_567]) expect(count(n)).toBe(n.toLocaleString('en-US'));
  });
});
