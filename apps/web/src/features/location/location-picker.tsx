import {
  Combobox,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Dialog,
  DialogBackdrop,
  DialogPanel,
  DialogTitle,
} from '@headlessui/react';
import { useQuery } from '@tanstack/react-query';
import { LoaderCircle, LocateFixed, LocateOff, MapPin, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { getUserLocation, useLocationRefused, useStoredLocation } from '../../session/user-location.ts';
import type { StoredLocation } from '../../session/user-location.ts';
import { useAccountLocationSync } from './account-location.ts';
import { useGeocoding } from './geocoding.ts';
import type { GeocodingProvider, Suggestion } from './geocoding.ts';
import { useLocationActions } from './use-location-actions.ts';

/** Spec §9: address search debounce and autocomplete cache. */
export const searchDebounceMs = 300;
const suggestionCacheMs = 86_400_000;

/**
 * The spec's label, to the letter: "Select Location" with nothing chosen; else the area plus the city
 * and state, where the area falls back to "Selected Location" when none is known.
 */
export function locationLabel(location: StoredLocation | null, refused = false): { title: string; detail: string | null } {
  // The browser refused the position: the picker becomes the prompt to set the area by hand.
  if (!location?.city && refused) return { title: 'Set your area', detail: 'Location access is off' };
  if (!location?.city) return { title: 'Select Location', detail: null };
  return { title: location.area || 'Selected Location', detail: [location.city, location.state].filter(Boolean).join(', ') };
}

type LocationPickerProps = {
  /** Shows the location without opening the dialog. */
  displayOnly?: boolean;
  /**
   * The header's own picker (only one on a page): brings the account's kept location to this device, then tries to
   * detect the location once on mount when no city is stored and the browser has not refused it before.
   */
  autoDetect?: boolean;
  className?: string;
  /** Called before the dialog opens. */
  onOpen?: () => void;
  /** Called once a location is stored (e.g. the phone's side menu the picker sits in closes itself). */
  onChosen?: () => void;
};

/** The header's location picker (spec §2) and its dialog "Select Your Location". */
export function LocationPicker({ displayOnly = false, autoDetect = false, className = '', onOpen, onChosen }: LocationPickerProps) {
  const location = useStoredLocation();
  const refused = useLocationRefused();
  const [open, setOpen] = useState(false);
  const chosen = useCallback(() => {
    setOpen(false);
    onChosen?.();
  }, [onChosen]);
  const actions = useLocationActions({ onChosen: chosen });
  const { clearError } = actions;
  const close = useCallback(() => {
    setOpen(false);
    clearError();
  }, [clearError]);
  const { maps } = useGeocoding();
  // Spec: the picker shows "Loading maps..." until the maps script is ready (only when Google Maps is set up).
  const { title, detail } = maps === 'loading' ? { title: 'Loading maps...', detail: null } : locationLabel(location, refused);
  const needsArea = !location?.city && refused;

  const settled = useAccountLocationSync(autoDetect);
  const tried = useRef(false);
  const { detectOnMount } = actions;
  useEffect(() => {
    // Read afresh: the account's location may have been stored by the sync's effect just before this one.
    if (!autoDetect || !settled || tried.current || getUserLocation()?.city) return;
    tried.current = true;
    void detectOnMount(refused);
  }, [autoDetect, settled, refused, detectOnMount]);

  const content = (
    <>
      {needsArea ? (
        <LocateOff aria-hidden="true" className="size-4 shrink-0 text-teal-700" />
      ) : (
        <MapPin aria-hidden="true" className="size-4 shrink-0 text-teal-700" />
      )}
      <span className="flex min-w-0 flex-col text-left leading-tight">
        <span className="truncate text-sm font-medium text-slate-900">{title}</span>
        {detail && <span className="truncate text-xs text-slate-500">{detail}</span>}
      </span>
    </>
  );

  if (displayOnly) {
    return (
      <div data-testid="location-picker" className={`flex min-w-0 items-center gap-2 px-2 py-1 ${className}`}>
        {content}
      </div>
    );
  }

  return (
    <>
      <button
        type="button"
        data-testid="location-picker"
        aria-haspopup="dialog"
        onClick={() => {
          onOpen?.();
          setOpen(true);
        }}
        className={`flex min-w-0 max-w-56 items-center gap-2 rounded-xl px-2 py-1 ${
          needsArea ? 'border border-dashed border-teal-600/60 bg-teal-50/60 hover:bg-teal-50' : 'hover:bg-slate-100'
        } ${className}`}
      >
        {content}
      </button>
      <LocationDialog open={open} onClose={close} actions={actions} />
    </>
  );
}

type Actions = ReturnType<typeof useLocationActions>;

/** "Select Your Location": the device's position, or a typed place. */
export function LocationDialog({ open, onClose, actions }: { open: boolean; onClose: () => void; actions: Actions }) {
  const { provider, maps } = useGeocoding();
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-900/40 transition-opacity duration-200 data-closed:opacity-0" />
      <div className="fixed inset-0 flex items-start justify-center overflow-y-auto p-4 sm:pt-24">
        <DialogPanel transition className="w-full max-w-md rounded-2xl bg-white p-5 shadow-xl transition duration-200 data-closed:scale-95 data-closed:opacity-0">
          <div className="flex items-center justify-between">
            <DialogTitle className="text-lg font-semibold text-slate-900">Select Your Location</DialogTitle>
            <button type="button" onClick={onClose} className="btn-ghost -mr-2 p-2" aria-label="Close">
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
          <button
            type="button"
            onClick={() => void actions.detect()}
            disabled={actions.detecting}
            className="btn-primary mt-4 w-full disabled:cursor-wait"
          >
            {actions.detecting ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            ) : (
              <LocateFixed aria-hidden="true" className="size-4" />
            )}
            Use Current Location
          </button>
          {actions.error && (
            <p role="alert" className="mt-3 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800">
              {actions.error} <span className="text-red-700">Type your area below instead.</span>
            </p>
          )}
          <p className="my-4 text-center text-sm text-slate-500">- OR -</p>
          {maps === 'loading' ? (
            <p role="status" className="flex items-center justify-center gap-2 py-2.5 text-sm text-slate-500">
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
              Loading maps...
            </p>
          ) : (
            <PlaceSearch provider={provider} onChoose={(suggestion) => void actions.choose(suggestion)} />
          )}
        </DialogPanel>
      </div>
    </Dialog>
  );
}

function PlaceSearch({ provider, onChoose }: { provider: GeocodingProvider; onChoose: (suggestion: Suggestion) => void }) {
  const [text, setText] = useState('');
  const typed = useDebouncedValue(text.trim(), searchDebounceMs);
  const suggestions = useQuery({
    queryKey: ['geo', 'suggest', provider.name, typed],
    queryFn: ({ signal }) => provider.suggest(typed, signal),
    enabled: typed !== '',
    staleTime: suggestionCacheMs,
    gcTime: suggestionCacheMs,
  });
  const options = typed !== '' && text.trim() !== '' ? (suggestions.data ?? []) : [];
  // Said once the search has answered for what is typed now (not while the debounce waits or a search runs).
  const answeredNow = typed !== '' && typed === text.trim() && !suggestions.isFetching;
  const noMatch = answeredNow && suggestions.isSuccess && suggestions.data.length === 0;
  const failed = answeredNow && suggestions.isError;

  return (
    <Combobox<Suggestion | null>
      value={null}
      onChange={(suggestion) => {
        if (suggestion) onChoose(suggestion);
      }}
    >
      <div className="relative">
        <ComboboxInput
          aria-label="Search location"
          placeholder="Enter location (e.g., New York, USA)"
          autoComplete="off"
          className="w-full rounded-xl border border-field bg-white px-3 py-2.5 text-sm shadow-sm placeholder:text-slate-500 focus:border-teal-600 focus:outline-none focus:ring-2 focus:ring-teal-600/30"
          displayValue={() => text}
          onChange={(event) => setText(event.target.value)}
        />
        {options.length > 0 && (
          <ComboboxOptions className="absolute z-10 mt-1 max-h-64 w-full overflow-y-auto rounded-xl border border-slate-200 bg-white py-1 shadow-lg">
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
      {/* A live region present from the start, so what appears in it is announced. */}
      <div role="status" className="text-sm text-slate-600 empty:hidden">
        {noMatch && (
          <p className="mt-3">
            No places match “{typed}”. Check the spelling, or try a nearby town or a bigger city.
          </p>
        )}
        {failed && <p className="mt-3 text-red-700">Places could not be searched just now. Check your connection and try again.</p>}
      </div>
    </Combobox>
  );
}
