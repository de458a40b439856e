import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { Appointment } from '@localloop/contract';
import { useId, useState } from 'react';
import { FormAlert } from '../../../components/form-alert.tsx';
import { errorMessageOf } from '../../../components/server-errors.ts';
import { useUpdateAppointmentStatus } from '../api/update-appointment-status.ts';
import { formatWhen } from '../format.ts';

type CancelDialogProps = { appointment: Appointment | null; onClose: () => void; onCancelled: (appointment: Appointment) => void };

/** Asks why before a booking is cancelled (either side); the reason goes to the other side with the news. */
export function CancelAppointmentDialog({ appointment, onClose, onCancelled }: CancelDialogProps) {
  const reasonId = useId();
  const errorId = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const cancel = useUpdateAppointmentStatus();

  const close = () => {
    if (cancel.isPending) return;
    setReason('');
    setProblem(null);
    onClose();
  };

  const submit = async () => {
    if (!appointment) return;
    if (reason.trim().length < 3) {
      setProblem('Say why, in a few words (at least 3 characters).');
      return;
    }
    setProblem(null);
    try {
      const cancelled = await cancel.mutateAsync({ id: appointment.id, status: 'cancelled', reason: reason.trim() });
      setReason('');
      onCancelled(cancelled);
    } catch (error) {
      setProblem(errorMessageOf(error));
    }
  };

  return (
    <Dialog open={appointment !== null} onClose={close} className="relative z-[60]">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-900/50 transition-opacity duration-150 data-closed:opacity-0" />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-center justify-center p-4">
          <DialogPanel transition className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl transition duration-150 data-closed:scale-95 data-closed:opacity-0">
            <DialogTitle className="text-lg font-semibold text-slate-900">Cancel this booking?</DialogTitle>
            {appointment && (
              <Description className="mt-1.5 text-sm text-slate-600">
                {appointment.service.name} with {appointment.provider.name}, {formatWhen(appointment.starts_at, appointment.ends_at, appointment.time_zone)}. The time
                becomes free for others at once.
              </Description>
            )}
            <form
              noValidate
              className="mt-5 space-y-4"
              onSubmit={(event) => {
                event.preventDefault();
                void submit();
              }}
            >
              <div>
                <label htmlFor={reasonId} className="block text-sm font-medium text-slate-800">
                  Reason
                </label>
                <textarea
                  id={reasonId}
                  data-autofocus
                  rows={3}
                  maxLength={500}
                  value={reason}
                  aria-invalid={problem !== null}
                  aria-describedby={problem ? errorId : undefined}
                  onChange={(event) => setReason(event.target.value)}
                  className="mt-1 block w-full rounded-xl border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-teal-600 focus:outline-none focus:ring-2 focus:ring-teal-600/30"
                />
              </div>
              <FormAlert id={errorId}>{problem}</FormAlert>
              <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                <button type="button" className="btn-secondary" onClick={close}>
                  Keep the booking
                </button>
                <button type="submit" className="btn-primary bg-red-600 hover:bg-red-700" disabled={cancel.isPending} aria-busy={cancel.isPending}>
                  Cancel booking
                </button>
              </div>
            </form>
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
