import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { useQuery } from '@tanstack/react-query';
import { LoaderCircle, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import type { PlaceFinder, PlaceSuggestion } from '../place-finder.ts';

/** Spec §5 and §9: address search debounced at 300 ms, suggestions cached for a day. */
const searchDebounceMs = 300;
const suggestionCacheMs = 86_400_000;

/** A typed place search (the location picker's geocoder): choosing a suggestion hands it to `onChoose`. */
export function PlaceSearch({ places, loading, onChoose }: { places: PlaceFinder; loading: boolean; onChoose: (suggestion: PlaceSuggestion) => void }) {
  const inputId = useId();
  const [text, setText] = useState('');
  const typed = useDebouncedValue(text.trim(), searchDebounceMs);
  const suggestions = useQuery({
    queryKey: ['geo', 'suggest', places.name, typed],
    queryFn: ({ signal }) => places.suggest(typed, signal),
    enabled: typed !== '' && !loading,
    staleTime: suggestionCacheMs,
    gcTime: suggestionCacheMs,
  });
  const options = typed !== '' && text.trim() !== '' ? (suggestions.data ?? []) : [];

  return (
    <div>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
        Find the place
      </label>
      <Combobox<PlaceSuggestion | null>
        value={null}
        onChange={(suggestion) => {
          if (!suggestion) return;
          setText(suggestion.label);
          onChoose(suggestion);
        }}
      >
        <div className="relative mt-1.5">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
          <ComboboxInput
            id={inputId}
            placeholder={loading ? 'Loading maps...' : 'Search a city or place'}
            disabled={loading}
            autoComplete="off"
            aria-describedby={`${inputId}-hint`}
            className="block w-full rounded-xl border border-field bg-white py-2.5 pr-9 pl-9 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-teal-600 focus:outline-2 focus:outline-offset-0 focus:outline-teal-600/30 disabled:bg-slate-50"
            displayValue={() => text}
            onChange={(event) => setText(event.target.value)}
          />
          {suggestions.isFetching && (
            <LoaderCircle aria-hidden="true" className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-slate-400" />
          )}
          {options.length > 0 && (
            <ComboboxOptions className="absolute z-20 mt-1 max-h-64 w-full overflow-y-auto rounded-xl border border-slate-200 bg-white py-1 shadow-lg">
              {options.map((suggestion) => (
                <ComboboxOption
                  key={suggestion.id}
                  value={suggestion}
                  className="cursor-pointer px-3 py-2 text-sm text-slate-700 data-focus:bg-teal-50 data-focus:text-teal-900"
                >
                  {suggestion.label}
                </ComboboxOption>
              ))}
            </ComboboxOptions>
          )}
        </div>
      </Combobox>
      <p id={`${inputId}-hint`} className="mt-1.5 text-xs text-slate-500">
        Places the pin and fills in the city, state and country; add the street yourself.
      </p>
    </div>
  );
}
