import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { ChevronsUpDown, Globe } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { describeTimeZone, searchTimeZones, timeZoneIds, timeZoneLabel } from '../time-zones.ts';
import type { TimeZoneOption } from '../time-zones.ts';

type TimeZonePickerProps = {
  label: string;
  value: string;
  onChange: (zone: string) => void;
  disabled?: boolean;
  error?: string | undefined;
  hint?: string;
};

/**
 * A searchable list of every IANA time zone the browser knows: type a city ("lisbon"), a zone's name ("pacific") or
 * an offset ("utc+2"). A combobox, so it is used with the keyboard like a select with a search box.
 */
export function TimeZonePicker({ label, value, onChange, disabled = false, error, hint }: TimeZonePickerProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  // Described once for the page: a few hundred Intl formatters.
  const options = useMemo(() => timeZoneIds(value).map((zone) => describeTimeZone(zone)), [value]);
  const selected = options.find((option) => option.id === value) ?? describeTimeZone(value);
  const shown = searchTimeZones(options, query);
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;

  return (
    <div>
      <label htmlFor={`${id}-input`} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <Combobox<TimeZoneOption | null>
        value={selected}
        by={(a, b) => a?.id === b?.id}
        disabled={disabled}
        onChange={(option) => {
          if (option) onChange(option.id);
        }}
        onClose={() => setQuery('')}
      >
        <div className="relative mt-1.5">
          <Globe aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
          <ComboboxInput
            id={`${id}-input`}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            displayValue={(option: TimeZoneOption | null) => (option ? `${option.region ? `${option.region} / ` : ''}${timeZoneLabel(option)}` : '')}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Search a city, a zone or an offset"
            className="block w-full truncate rounded-xl border border-field bg-white py-2.5 pr-10 pl-9 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-teal-600 focus:outline-2 focus:outline-offset-0 focus:outline-teal-600/30 disabled:bg-slate-50 disabled:text-slate-500"
          />
          <ComboboxButton aria-label={`Show all ${label.toLowerCase()}s`} className="absolute inset-y-0 right-0 flex items-center px-3 text-slate-500 disabled:opacity-50">
            <ChevronsUpDown aria-hidden="true" className="size-4" />
          </ComboboxButton>
          <ComboboxOptions className="absolute z-20 mt-1 max-h-72 w-full overflow-y-auto rounded-xl border border-slate-200 bg-white py-1 shadow-lg empty:invisible">
            {shown.length === 0 ? (
              <p className="px-3 py-2 text-sm text-slate-600">No time zone matches “{query}”.</p>
            ) : (
              shown.map((option) => (
                <ComboboxOption
                  key={option.id}
                  value={option}
                  className="cursor-pointer px-3 py-2 text-sm text-slate-700 data-focus:bg-teal-50 data-focus:text-teal-900 data-selected:font-semibold"
                >
                  <span className="block truncate">{timeZoneLabel(option)}</span>
                  <span className="block truncate text-xs text-slate-500">{option.id}</span>
                </ComboboxOption>
              ))
            )}
          </ComboboxOptions>
        </div>
      </Combobox>
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  );
}
