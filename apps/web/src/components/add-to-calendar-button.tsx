import { CalendarPlus } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../lib/toast.ts';
import { errorMessageOf } from './server-errors.ts';

/**
 * Saves something with a time (a booking, an activity) as an .ics file that Google Calendar, Apple Calendar and Outlook
 * open: `download` is the feature's fetcher; a failure is a toast.
 */
export function AddToCalendarButton({ download, label = 'Add to calendar', name }: { download: () => Promise<void>; label?: string; name?: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="btn-secondary"
      disabled={busy}
      aria-busy={busy}
      aria-label={name ? `Add ${name} to your calendar` : undefined}
      onClick={() => {
        setBusy(true);
        download()
          .catch((error: unknown) => toast.error(`The calendar file could not be made. ${errorMessageOf(error)}`))
          .finally(() => setBusy(false));
      }}
    >
      <CalendarPlus aria-hidden="true" className="size-4" />
      {label}
    </button>
  );
}
