import { RATING } from '@shared/constants';

export interface StarRatingProps {
  name: string;
  value: number;
  onChange: (value: number) => void;
  onBlur?: () => void;
  /** Id of the hint/message the group is described by. */
  describedBy?: string;
  invalid?: boolean;
  firstRef?: (el: HTMLInputElement | null) => void;
}

const STARS = Array.from({ length: RATING.max - RATING.min + 1 }, (_, i) => RATING.min + i);

/**
 * The 5-star rating as a native radio group: arrow keys move between stars, the group has a
 * legend, each star its own label ('3 stars').
 */
export function StarRating({ name, value, onChange, onBlur, describedBy, invalid, firstRef }: StarRatingProps) {
  return (
    <fieldset className="star-rating" aria-describedby={describedBy} aria-invalid={invalid || undefined}>
      <legend className="form-field__label">Rating</legend>
      <div className="star-rating__stars">
        {STARS.map((star) => (
          <label key={star} className={`star-rating__star${star <= value ? ' is-on' : ''}`}>
            <input
              ref={star === RATING.min ? firstRef : undefined}
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              onBlur={onBlur}
              className="visually-hidden"
            />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">
              {star} {star === 1 ? 'star' : 'stars'}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
