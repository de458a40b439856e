import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ActivityPerson } from '@localloop/contract';
import { LoaderCircle, UserMinus } from 'lucide-react';
import { useId, useState } from 'react';
import { FormAlert } from '../../../components/form-alert.tsx';
import { inputClass } from '../../../components/text-field.tsx';

/** As ConfirmDialog's destructive button (components/confirm-dialog.tsx keeps its own private). */
const dangerButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-xl bg-red-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:cursor-not-allowed disabled:opacity-60';

type RemoveParticipantDialogProps = {
  person: ActivityPerson | null;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
};

/** "Remove this person?" with an optional reason they are told. */
export function RemoveParticipantDialog({ person, busy, error, onCancel, onConfirm }: RemoveParticipantDialogProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const close = () => {
    if (busy) return;
    setReason('');
    onCancel();
  };
  return (
    <Dialog open={person !== null} onClose={close} className="relative z-[60]">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/50" />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-center justify-center p-4">
          <DialogPanel className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-xl">
            <span className="flex size-11 items-center justify-center rounded-full bg-red-50 text-red-600">
              <UserMinus aria-hidden="true" className="size-5" />
            </span>
            <DialogTitle className="mt-4 text-lg font-semibold text-slate-900 [overflow-wrap:anywhere]">Remove {person?.name ?? ''}?</DialogTitle>
            <p className="mt-1.5 text-sm text-slate-600">They are told, cannot join again, and the first on the waitlist takes the spot.</p>
            <label htmlFor={`${id}-reason`} className="mt-4 block text-sm font-medium text-slate-800">
              Reason <span className="font-normal text-slate-500">(optional)</span>
            </label>
            <textarea id={`${id}-reason`} rows={3} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} className={`${inputClass} mt-1.5`} />
            {error && (
              <div className="mt-4">
                <FormAlert>{error}</FormAlert>
              </div>
            )}
            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <button type="button" data-autofocus onClick={close} disabled={busy} className="btn-secondary">
                Cancel
              </button>
              <button type="button" onClick={() => onConfirm(reason.trim())} disabled={busy} aria-busy={busy} className={dangerButtonClass}>
                {busy && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
                Remove
              </button>
            </div>
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
