import { MapPin } from 'lucide-react';
import { useCallback, useState } from 'react';
import { defaultLocation, useStoredLocation } from '../../session/user-location.ts';
import { LocationDialog } from './location-picker.tsx';
import { useLocationActions } from './use-location-actions.ts';

/**
 * For a page whose list is "near you" while no area is chosen (a visitor, or a person whose browser refused the
 * position): says whose neighbourhood the list is about and offers "Set your area", which opens the picker's dialog.
 * Renders nothing once a location is stored.
 */
export function SetAreaPrompt({ what }: { what: string }) {
  const location = useStoredLocation();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const actions = useLocationActions({ onChosen: close });
  const { clearError } = actions;
  const dismiss = useCallback(() => {
    setOpen(false);
    clearError();
  }, [clearError]);
  if (location?.city) return null;
  return (
    <section
      aria-label="Set your area"
      className="flex flex-col gap-3 rounded-2xl border border-teal-200 bg-teal-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex min-w-0 items-start gap-3">
        <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-teal-700" />
        <p className="min-w-0 text-sm text-slate-700">
          <span className="block font-semibold text-slate-900">
            Showing {what} near {defaultLocation.city}
          </span>
          Choose your area to see what is close to you.
        </p>
      </div>
      <button type="button" className="btn-primary shrink-0" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Set your area
      </button>
      <LocationDialog open={open} onClose={dismiss} actions={actions} />
    </section>
  );
}
