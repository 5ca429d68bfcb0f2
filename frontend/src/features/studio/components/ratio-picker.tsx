import { ASPECT_RATIOS } from '@shared/ratio-table';
import { useId, useState } from 'react';

export interface RatioPickerProps {
  value: string;
  onChange: (label: string) => void;
  disabled?: boolean;
}

/**
 * The aspect-ratio picker (spec section 4 'Ratio selection'): hovering or focusing previews a
 * ratio, leaving resets the preview to the selected one, click or touch selects. The preview is a
 * fixed-size box (studio.css): the pills never move while the pointer is on them.
 */
export function RatioPicker({ value, onChange, disabled }: RatioPickerProps) {
  const [preview, setPreview] = useState<string | null>(null);
  const name = useId();
  const shown = ASPECT_RATIOS.find((r) => r.label === (preview ?? value)) ?? ASPECT_RATIOS[0];
  const scale = 56 / Math.max(shown.value.width, shown.value.height);
  return (
    <fieldset className="ratio-picker" disabled={disabled} onPointerLeave={() => setPreview(null)}>
      <legend>Aspect ratio</legend>
      <div className="ratio-picker__options">
        {ASPECT_RATIOS.map((r) => (
          <label key={r.label} className={`ratio${r.label === value ? ' ratio--selected' : ''}`} onPointerEnter={() => setPreview(r.label)}>
            <input
              type="radio"
              name={name}
              value={r.label}
              checked={r.label === value}
              onChange={() => onChange(r.label)}
              onFocus={() => setPreview(r.label)}
              onBlur={() => setPreview(null)}
            />
            <span className="ratio__label">{r.label}</span>
          </label>
        ))}
      </div>
      <div className="ratio-preview" aria-live="polite">
        <span className="ratio-preview__frame" aria-hidden="true">
          <span className="ratio-preview__box" style={{ width: shown.value.width * scale, height: shown.value.height * scale }} />
        </span>
        <span className="ratio-preview__text">
          <span>
            <strong>{shown.label}</strong> {shown.description}
          </span>
          <span className="ratio-preview__size">
            {shown.value.width}×{shown.value.height}
          </span>
        </span>
      </div>
    </fieldset>
  );
}
