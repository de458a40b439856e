import { Search, X } from 'lucide-react';
import { useId } from 'react';
import { inputClass } from './text-field.tsx';

type SearchFieldProps = {
  /** What a screen reader announces (the field has no visible label: the magnifier and placeholder say it). */
  label: string;
  placeholder: string;
  value: string;
  onChange: (text: string) => void;
  /** Empties the field; its button shows only while there is text. */
  onClear: () => void;
  maxLength?: number;
};

/** The search box of every list page (vendors, services, deals): a magnifier, the text, and a button that clears it. */
export function SearchField({ label, placeholder, value, onChange, onClear, maxLength = 100 }: SearchFieldProps) {
  const id = useId();
  return (
    <div className="min-w-0 flex-1">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
        <input
          id={id}
          type="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={placeholder}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={maxLength}
          className={`${inputClass} pl-10 pr-10 [&::-webkit-search-cancel-button]:hidden`}
        />
        {value && (
          <button type="button" onClick={onClear} aria-label="Clear search" className="absolute right-1.5 top-1/2 -translate-y-1/2 rounded-lg p-1.5 text-slate-500 hover:bg-slate-100">
            <X aria-hidden="true" className="size-4" />
          </button>
        )}
      </div>
    </div>
  );
}
