import type { ActivityPerson } from '@localloop/contract';
import { UserMinus } from 'lucide-react';
import { useId, useState } from 'react';
import { ActionDialog } from '../../../components/action-dialog.tsx';
import { inputClass } from '../../../components/text-field.tsx';

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
    <ActionDialog
      open={person !== null}
      icon={UserMinus}
      title={`Remove ${person?.name ?? ''}?`}
      description="They are told, cannot join again, and the first on the waitlist takes the spot."
      actionLabel="Remove"
      onAction={() => onConfirm(reason.trim())}
      onCancel={close}
      busy={busy}
      error={error}
    >
      <label htmlFor={`${id}-reason`} className="mt-4 block text-sm font-medium text-slate-800">
        Reason <span className="font-normal text-slate-500">(optional)</span>
      </label>
      <textarea id={`${id}-reason`} rows={3} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} className={`${inputClass} mt-1.5`} />
    </ActionDialog>
  );
}
