import { VARIANT_CHOICES } from '@shared/variants';
import { useEffect, useId } from 'react';
import { hasPreset, readVariantCount, rememberVariantCount, STYLE_PRESETS, togglePreset, type VariantChoice } from '../variants';

export interface StudioOptionsProps {
  prompt: string;
  onPrompt: (prompt: string) => void;
  /** How many pictures; null where the studio makes one only (the operator's generator). */
  count: number | null;
  onCount: (count: VariantChoice) => void;
  /** The seed a remix or 'Reuse seed' keeps while the prompt is left as it came. */
  seed: number | undefined;
  /** Pictures left this hour, where a cap applies. */
  left: number | undefined;
  disabled: boolean;
}

/**
 * The studio's options (issue 32 item 1), in their own chunk, loaded when the visitor turns to the studio (a pointer,
 * a focus, a touch), never on a first visit's load: how many pictures (1, 2 or 4, remembered), the style presets (each
 * appends a visible phrase to the prompt; nothing is added out of sight) and the seed a link brought.
 */
export function StudioOptions({ prompt, onPrompt, count, onCount, seed, left, disabled }: StudioOptionsProps) {
  const name = useId();
  // The remembered count, once, when the options arrive (not when a link brought a seed: that makes one picture).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once
  useEffect(() => {
    if (count !== null && seed === undefined) onCount(readVariantCount());
  }, []);
  return (
    <div className="studio-options">
      {count !== null && (
        <fieldset className="studio-options__set" disabled={disabled}>
          <legend>Pictures</legend>
          <div className="ratio-picker__options">
            {VARIANT_CHOICES.map((n) => (
              <label key={n} className={`ratio${n === count ? ' ratio--selected' : ''}`}>
                <input
                  type="radio"
                  name={name}
                  value={n}
                  checked={n === count}
                  onChange={() => {
                    onCount(n);
                    rememberVariantCount(n);
                  }}
                />
                <span className="ratio__label">{n}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <fieldset className="studio-options__set" disabled={disabled}>
        <legend>Style</legend>
        <div className="studio-options__chips">
          {STYLE_PRESETS.map((preset) => {
            const next = togglePreset(prompt, preset);
            return (
              <button
                key={preset.label}
                type="button"
                className="chip"
                aria-pressed={hasPreset(prompt, preset)}
                disabled={next === undefined}
                title={`Adds “${preset.phrase}” to the prompt`}
                onClick={() => next !== undefined && onPrompt(next)}
              >
                {preset.label}
              </button>
            );
          })}
        </div>
      </fieldset>
      <p className="studio-options__note" aria-live="polite">
        {count !== null && left !== undefined && count > left
          ? `Only ${left} ${left === 1 ? 'picture' : 'pictures'} left this hour: choose fewer.`
          : count !== null && count > 1
            ? `${count} pictures, each with its own seed: ${count} of this hour’s allowance.`
            : ''}
        {seed !== undefined &&
          ` Same seed as the picture you chose (seed ${seed}): this prompt remakes it, and in a new shape the composition stays as close as the model allows.`}
      </p>
    </div>
  );
}
