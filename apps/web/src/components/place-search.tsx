import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import type { Place } from '@localloop/contract';
import { useQuery } from '@tanstack/react-query';
import { LoaderCircle, LocateFixed, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useDebouncedValue } from '../lib/use-debounced-value.ts';

/** One suggestion of a typed place search; `place` is set when the provider already knows the whole place. */
export type PlaceSuggestion = { id: string; label: string; place?: Place };

/**
 * What a form needs of a geocoder: typed suggestions, the place of a chosen one, and the place at a coordinate.
 * The routing layer (app/pages) hands in the location picker's provider (features/location), so the feature using
 * it does not import another.
 */
export type PlaceFinder = {
  name: string;
  suggest: (text: string, signal?: AbortSignal) => Promise<PlaceSuggestion[]>;
  resolve: (suggestion: PlaceSuggestion) => Promise<Place>;
  reverse: (latitude: number, longitude: number) => Promise<Place>;
};

/** Spec §5 and §9: address search debounced at 300 ms, suggestions cached for a day. */
export const placeSearchDebounceMs = 300;
const suggestionCacheMs = 86_400_000;

/** An option offered whatever is typed, after the suggestions (so Enter on a typed search takes the first place), e.g. "Use my area". */
export type PlaceSearchFallback = { label: string; detail: string; onChoose: () => void };

type PlaceSearchProps = {
  places: PlaceFinder;
  /** The maps script is still loading: the box waits, disabled. */
  loading: boolean;
  label: string;
  placeholder: string;
  hint: string;
  fallback?: PlaceSearchFallback | undefined;
  onChoose: (suggestion: PlaceSuggestion) => void;
};

const fallbackChoice = 'fallback';
type Choice = PlaceSuggestion | typeof fallbackChoice;

/**
 * A typed place search as an accessible combobox (the location picker's geocoder, handed in): debounced, arrow keys
 * and Enter to choose, and a live message when nothing matches or the search fails. Choosing a suggestion hands it
 * to `onChoose`; a `fallback` is offered after them (the list then opens on focus).
 */
export function PlaceSearch({ places, loading, label, placeholder, hint, fallback, onChoose }: PlaceSearchProps) {
  const inputId = useId();
  const [text, setText] = useState('');
  const typed = useDebouncedValue(text.trim(), placeSearchDebounceMs);
  const suggestions = useQuery({
    queryKey: ['geo', 'suggest', places.name, typed],
    queryFn: ({ signal }) => places.suggest(typed, signal),
    enabled: typed !== '' && !loading,
    staleTime: suggestionCacheMs,
    gcTime: suggestionCacheMs,
  });
  const options = typed !== '' && text.trim() !== '' ? (suggestions.data ?? []) : [];
  // Said once the search has answered for what is typed now (not while the debounce waits or a search runs).
  const answeredNow = typed !== '' && typed === text.trim() && !suggestions.isFetching;
  const noMatch = answeredNow && suggestions.isSuccess && suggestions.data.length === 0;
  const failed = answeredNow && suggestions.isError;

  return (
    <div className="min-w-0">
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <Combobox<Choice | null>
        value={null}
        immediate={fallback !== undefined}
        onChange={(choice) => {
          if (!choice) return;
          if (choice === fallbackChoice) {
            setText('');
            fallback?.onChoose();
            return;
          }
          setText(choice.label);
          onChoose(choice);
        }}
      >
        <div className="relative mt-1.5">
          <div className="relative">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
            <ComboboxInput
              id={inputId}
              placeholder={loading ? 'Loading maps...' : placeholder}
              disabled={loading}
              autoComplete="off"
              aria-describedby={`${inputId}-hint ${inputId}-status`}
              className="block w-full min-w-0 rounded-xl border border-field bg-white py-2.5 pr-9 pl-9 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-teal-600 focus:outline-2 focus:outline-offset-0 focus:outline-teal-600/30 disabled:bg-slate-50"
              displayValue={() => text}
              onChange={(event) => setText(event.target.value)}
            />
            {suggestions.isFetching && (
              <LoaderCircle aria-hidden="true" className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-slate-400" />
            )}
          </div>
          {/* A live region present from the start, so what appears in it is announced; the list opens below it, not over it. */}
          <div id={`${inputId}-status`} role="status" className="text-sm empty:hidden">
            {noMatch && (
              <p className="mt-1.5 text-slate-700 [overflow-wrap:anywhere]">
                No places match “{typed}”. Check the spelling, or try a nearby town{fallback ? ` or ${fallback.label.toLowerCase()}` : ''}.
              </p>
            )}
            {failed && <p className="mt-1.5 text-red-700">Places could not be searched just now. Check your connection and try again.</p>}
          </div>
          {(fallback || options.length > 0) && (
            // Not modal: a field in a long form, its list open on focus, must not lock the page's scroll or hide the page.
            <ComboboxOptions
              modal={false}
              className="absolute top-full z-20 mt-1 max-h-72 w-full overflow-y-auto rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
            >
              {options.map((suggestion) => (
                <ComboboxOption
                  key={suggestion.id}
                  value={suggestion}
                  className="cursor-pointer px-3 py-2 text-sm text-slate-700 [overflow-wrap:anywhere] data-focus:bg-teal-50 data-focus:text-teal-900"
                >
                  {suggestion.label}
                </ComboboxOption>
              ))}
              {fallback && (
                <ComboboxOption
                  value={fallbackChoice}
                  className="flex cursor-pointer items-start gap-2 border-t border-slate-100 px-3 first:border-t-0 py-2 text-sm text-slate-700 data-focus:bg-teal-50 data-focus:text-teal-900"
                >
                  <LocateFixed aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-teal-700" />
                  <span className="min-w-0">
                    <span className="block font-medium">{fallback.label}</span>
                    <span className="block text-xs text-slate-500 [overflow-wrap:anywhere]">{fallback.detail}</span>
                  </span>
                </ComboboxOption>
              )}
            </ComboboxOptions>
          )}
        </div>
      </Combobox>
      <p id={`${inputId}-hint`} className="mt-1.5 text-xs text-slate-500">
        {hint}
      </p>
    </div>
  );
}
