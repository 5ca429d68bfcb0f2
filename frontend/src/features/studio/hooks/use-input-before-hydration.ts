import { type RefObject, useEffect } from 'react';

/**
 * Home and /generate paint the studio from prerendered HTML before its chunk runs, and a visitor may type a
 * prompt or pick a ratio in that time. Hydration keeps what the DOM holds (React does not reset a textarea's
 * value or a radio's check while hydrating) but its state still says "empty prompt, default ratio": Generate
 * stayed disabled under a visible prompt, and the next render emptied it. Once hydrated, the studio takes in
 * what was entered. A client render (any later navigation) finds the DOM equal to its state: setting the same
 * value changes nothing.
 */
export function useInputBeforeHydration(
  form: RefObject<HTMLFormElement | null>,
  setPrompt: (typed: string) => void,
  setRatio: (picked: string) => void,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after the first (hydrating) render
  useEffect(() => {
    const typed = form.current?.querySelector('textarea')?.value;
    if (typed) setPrompt(typed);
    // The picker's radios carry the six labels as their values (ratio-picker.tsx).
    const picked = form.current?.querySelector<HTMLInputElement>('.ratio-picker :checked')?.value;
    if (picked) setRatio(picked);
  }, []);
}
