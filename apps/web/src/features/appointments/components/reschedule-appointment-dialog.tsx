import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { Appointment } from '@localloop/contract';
import { CalendarClock, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { ApiError } from '../../../api/client.ts';
import { FormAlert } from '../../../components/form-alert.tsx';
import { errorMessageOf } from '../../../components/server-errors.ts';
import { useRescheduleAppointment } from '../api/reschedule-appointment.ts';
import { dayAndTime, dayIn, daysAhead, DAYS_SHOWN, formatWhen } from '../format.ts';
import { DayChoice, SlotChoice } from './slot-pickers.tsx';

type RescheduleDialogProps = {
  /** The booking to move; the dialog is open while it is set. */
  appointment: Appointment | null;
  onClose: () => void;
  onRescheduled: (appointment: Appointment) => void;
};

/**
 * Moves a booking to another free time of the same provider and service, in one step: the old time is kept until the
 * new one is taken. A time someone else took first is said so, and the free times are fetched again.
 */
export function RescheduleAppointmentDialog({ appointment, onClose, onRescheduled }: RescheduleDialogProps) {
  const [busy, setBusy] = useState(false);
  // The last booking shown stays in the panel while it fades out.
  const [shown, setShown] = useState(appointment);
  if (appointment && appointment !== shown) setShown(appointment);
  const current = appointment ?? shown;

  return (
    <Dialog open={appointment !== null} onClose={() => !busy && onClose()} className="relative z-[60]">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-900/50 transition-opacity duration-150 data-closed:opacity-0" />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-center justify-center p-3 sm:p-4">
          <DialogPanel transition className="w-full min-w-0 max-w-xl rounded-2xl bg-white p-5 shadow-xl transition duration-150 data-closed:scale-95 data-closed:opacity-0 sm:p-6">
            <DialogTitle className="flex items-center gap-2 text-lg font-semibold text-slate-900">
              <CalendarClock aria-hidden="true" className="size-5 shrink-0 text-teal-700" /> Change the time
            </DialogTitle>
            {current && (
              <>
                <Description className="mt-1.5 text-sm text-slate-600 [overflow-wrap:anywhere]">
                  {current.service.name} with {current.provider.name} at {current.vendor.business_name}, now {formatWhen(current.starts_at, current.ends_at, current.time_zone)}.
                  Your time stays yours until the new one is booked.
                </Description>
                {/* Keyed by the booking: each opening starts from its current day, with no time chosen. */}
                <RescheduleForm key={current.id} appointment={current} onClose={onClose} onRescheduled={onRescheduled} onBusy={setBusy} />
              </>
            )}
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}

function RescheduleForm({ appointment, onClose, onRescheduled, onBusy }: { appointment: Appointment } & Omit<RescheduleDialogProps, 'appointment'> & { onBusy: (busy: boolean) => void }) {
  const move = useRescheduleAppointment();
  const timeZone = appointment.time_zone;
  const days = daysAhead(timeZone, DAYS_SHOWN);
  const bookedDay = dayIn(appointment.starts_at, timeZone);
  const [day, setDay] = useState<string | null>(days.includes(bookedDay) ? bookedDay : (days[0] ?? null));
  const [startsAt, setStartsAt] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { service, provider } = appointment;

  if (service.id === null || provider.id === null) {
    return <p className="mt-5 text-sm text-slate-700">This service or provider is no longer offered: cancel this booking and book again.</p>;
  }

  const submit = async () => {
    if (!startsAt) return;
    setFailure(null);
    onBusy(true);
    try {
      onRescheduled(await move.mutateAsync({ id: appointment.id, startsAt }));
    } catch (error) {
      // Someone else took the time: the choice is cleared while the free times are fetched again.
      if (error instanceof ApiError && error.status === 409) setStartsAt(null);
      setFailure(errorMessageOf(error));
    } finally {
      onBusy(false);
    }
  };

  return (
    <form
      noValidate
      className="mt-5 space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <DayChoice
        legend="New day"
        days={days}
        value={day}
        onChange={(next) => {
          setDay(next);
          setStartsAt(null);
        }}
      />
      <SlotChoice
        legend="New time"
        serviceId={service.id}
        providerId={provider.id}
        day={day}
        value={startsAt}
        timeZone={timeZone}
        onChange={setStartsAt}
        prompt="Choose a day to see the free times."
      />
      <FormAlert>{failure}</FormAlert>
      <div className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-slate-50 p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="min-w-0 text-sm text-slate-700" aria-live="polite">
          {startsAt ? (
            <>
              New time: <span className="font-semibold text-slate-900">{dayAndTime(startsAt, timeZone)}</span>
            </>
          ) : (
            'Choose a new time.'
          )}
        </p>
        <div className="flex shrink-0 flex-col-reverse gap-2 sm:flex-row">
          <button type="button" className="btn-secondary whitespace-nowrap" onClick={onClose} disabled={move.isPending}>
            Keep current time
          </button>
          <button type="submit" className="btn-primary whitespace-nowrap" disabled={!startsAt || move.isPending} aria-busy={move.isPending}>
            {move.isPending && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
            Move booking
          </button>
        </div>
      </div>
    </form>
  );
}
