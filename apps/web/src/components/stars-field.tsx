import { Star } from 'lucide-react';
import { useId, useState, type Ref } from 'react';

const starWords = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

/** What react-hook-form's Controller hands a field: its value, the change and blur handlers, its ref and name. */
type StarsControl = {
  value: number | undefined;
  onChange: (stars: number) => void;
  onBlur: () => void;
  ref: Ref<HTMLInputElement>;
  name: string;
};

/**
 * 1 to 5 stars as a radio group (arrow keys move, as in any radio group), under the legend "Stars", with the word for
 * the stars pointed at or chosen and the field's error: every rating form's (vendors, deals).
 */
export function StarsField({ field, error, starClassName = 'size-8' }: { field: StarsControl; error?: string | undefined; starClassName?: string }) {
  const id = useId();
  const [hovered, setHovered] = useState<number | null>(null);
  const shown = hovered ?? field.value ?? 0;
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-800">Stars</legend>
      <div className="mt-1 flex flex-wrap items-center gap-x-3">
        <div className="flex" onMouseLeave={() => setHovered(null)}>
          {[1, 2, 3, 4, 5].map((stars) => (
            <label key={stars} onMouseEnter={() => setHovered(stars)} className="cursor-pointer rounded-lg p-1 has-focus-visible:outline-2 has-focus-visible:outline-teal-600">
              <input
                ref={stars === 1 ? field.ref : undefined}
                type="radio"
                name={`${id}-${field.name}`}
                value={stars}
                checked={field.value === stars}
                onChange={() => field.onChange(stars)}
                onBlur={field.onBlur}
                className="sr-only"
              />
              <Star aria-hidden="true" className={`${starClassName} transition-colors ${shown >= stars ? 'fill-amber-400 text-amber-400' : 'text-slate-300'}`} />
              <span className="sr-only">{stars === 1 ? '1 star' : `${stars} stars`}</span>
            </label>
          ))}
        </div>
        <span aria-hidden="true" className="text-sm font-medium text-slate-700">
          {shown > 0 ? starWords[shown - 1] : ''}
        </span>
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
