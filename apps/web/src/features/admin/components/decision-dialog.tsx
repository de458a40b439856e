import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { ApproveInput, DecisionReasonInput } from '@localloop/contract';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../../../api/client.ts';
import { FormAlert } from '../../../components/form-alert.tsx';
import { errorMessageOf } from '../../../components/server-errors.ts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { inputClass } from '../../../components/text-field.tsx';
import { toast } from '../../../lib/toast.ts';
import { useDecideVendor } from '../api/decide-vendor.ts';
import type { VendorDecisionKind } from '../api/decide-vendor.ts';

type Copy = { title: string; text: string; field: string; confirm: string; done: string; danger: boolean; required: boolean };

/** `changes`: the vendor is live and the review is of its proposed changes, which the decision publishes or discards. */
export function decisionCopy(kind: VendorDecisionKind, name: string, changes = false): Copy {
  switch (kind) {
    case 'approve':
      return {
        title: `Approve ${name}?`,
        text: changes
          ? 'The proposed changes replace the live details at once, and the owner is notified.'
          : 'The business goes live in the directory, the owner can switch to the vendor view and is notified.',
        field: 'Note (optional)',
        confirm: 'Approve',
        done: changes ? `The changes to ${name} are live. The owner has been notified.` : `${name} is approved. The owner has been notified.`,
        danger: false,
        required: false,
      };
    case 'reject':
      return {
        title: `Reject ${name}?`,
        text: changes
          ? 'The proposed changes are discarded and the shop keeps its live details. The owner sees your reason.'
          : 'The owner sees your reason, can fix what is wrong and send the application again.',
        field: 'Reason for the vendor',
        confirm: 'Reject',
        done: changes ? `The changes to ${name} are discarded. The owner has been told why.` : `${name} is rejected. The owner has been told why.`,
        danger: true,
        required: true,
      };
    case 'suspend':
      return {
        title: `Suspend ${name}?`,
        text: 'The business leaves the directory at once until you lift the suspension. The owner sees your reason.',
        field: 'Reason for the vendor',
        confirm: 'Suspend',
        done: `${name} is suspended and off the marketplace.`,
        danger: true,
        required: true,
      };
    case 'unsuspend':
      return {
        title: `Lift the suspension of ${name}?`,
        text: 'The business is listed again and the owner is notified.',
        field: 'Note (optional)',
        confirm: 'Unsuspend',
        done: `${name} is back on the marketplace.`,
        danger: false,
        required: false,
      };
  }
}

const RequiredText = z.object({ text: DecisionReasonInput.shape.reason });
const OptionalText = z.object({ text: ApproveInput.shape.note.unwrap() });
type DecisionForm = { text: string };

type DecidedVendor = { id: string; business_name: string; proposed_changes: unknown };
type DecisionDialogProps = { kind: VendorDecisionKind | null; vendor: DecidedVendor; onClose: () => void };

/** Confirms a decision; a rejection or suspension needs a reason the vendor will read. */
export function DecisionDialog({ kind, vendor, onClose }: DecisionDialogProps) {
  return (
    <Dialog open={kind !== null} onClose={onClose} className="relative z-[60]">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-900/50 transition-opacity duration-150 data-closed:opacity-0" />
      <div className="fixed inset-0 flex items-end justify-center p-4 sm:items-center">
        <DialogPanel
          transition
          className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl transition duration-150 data-closed:scale-95 data-closed:opacity-0"
        >
          {kind && <DecisionFormBody key={kind} kind={kind} vendor={vendor} onClose={onClose} />}
        </DialogPanel>
      </div>
    </Dialog>
  );
}

function DecisionFormBody({ kind, vendor, onClose }: { kind: VendorDecisionKind; vendor: DecidedVendor; onClose: () => void }) {
  const id = useId();
  const copy = decisionCopy(kind, vendor.business_name, vendor.proposed_changes !== null);
  const decide = useDecideVendor();
  const [alert, setAlert] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<DecisionForm>({
    resolver: zodResolver(copy.required ? RequiredText : OptionalText),
    defaultValues: { text: '' },
  });
  const error = formState.errors.text?.message;

  const onSubmit = handleSubmit(async ({ text }) => {
    setAlert(null);
    try {
      await decide.mutateAsync({ id: vendor.id, kind, text });
      toast.success(copy.done);
      onClose();
    } catch (failure) {
      const fieldMessage = failure instanceof ApiError ? (failure.fields?.reason ?? failure.fields?.note) : undefined;
      if (fieldMessage) setError('text', { type: 'server', message: fieldMessage }, { shouldFocus: true });
      else setAlert(errorMessageOf(failure));
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <DialogTitle className="text-lg font-semibold text-slate-900">{copy.title}</DialogTitle>
      <Description className="mt-1.5 text-sm text-slate-600">{copy.text}</Description>
      <div className="mt-4 space-y-3">
        <FormAlert>{alert}</FormAlert>
        <div>
          <label htmlFor={`${id}-text`} className="block text-sm font-medium text-slate-800">
            {copy.field}
          </label>
          <textarea
            id={`${id}-text`}
            rows={4}
            data-autofocus
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            aria-required={copy.required}
            className={`${inputClass} mt-1.5`}
            {...register('text')}
          />
          {error && (
            <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
      </div>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" onClick={onClose} className="btn-secondary">
          Cancel
        </button>
        <SubmitButton
          busy={formState.isSubmitting}
          className={
            copy.danger
              ? 'inline-flex items-center justify-center gap-2 rounded-xl bg-red-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-red-700 disabled:opacity-60'
              : 'btn-primary'
          }
        >
          {copy.confirm}
        </SubmitButton>
      </div>
    </form>
  );
}
