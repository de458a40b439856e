import { CalendarPlus } from 'lucide-react';
import { useState } from 'react';
import { errorMessageOf } from '../../../components/server-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { downloadCalendarFile } from '../api/download-calendar-file.ts';

/** Downloads the booking as an .ics file that Google Calendar, Apple Calendar and Outlook open. */
export function AddToCalendarButton({ appointment, label = 'Add to calendar', name }: { appointment: { id: string; starts_at: string }; label?: string; name?: string }) {
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
        downloadCalendarFile(appointment)
          .catch((error: unknown) => toast.error(`The calendar file could not be made. ${errorMessageOf(error)}`))
          .finally(() => setBusy(false));
      }}
    >
      <CalendarPlus aria-hidden="true" className="size-4" />
      {label}
    </button>
  );
}
