import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { ApproveInput, DecisionReasonInput, kycStepLabels, kycSteps, RejectInput } from '@localloop/contract';
import type { KycStep, ProposedChanges } from '@localloop/contract';
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

type DecisionForm = { text: string; steps: string[] };
type DecisionValues = { text: string; steps: KycStep[] };
const noSteps = z.array(z.string()).transform((): KycStep[] => []);
const RequiredText: z.ZodType<DecisionValues, DecisionForm> = z.object({ text: DecisionReasonInput.shape.reason, steps: noSteps });
const OptionalText: z.ZodType<DecisionValues, DecisionForm> = z.object({ text: ApproveInput.shape.note.unwrap(), steps: noSteps });
// A rejection also names the steps the vendor must fix: the contract's rule (at least one).
const Rejection: z.ZodType<DecisionValues, DecisionForm> = z.object({ text: DecisionReasonInput.shape.reason, steps: z.array(z.string()).pipe(RejectInput.shape.steps) });

type DecidedVendor = { id: string; business_name: string; proposed_changes: ProposedChanges | null; steps: Record<KycStep, boolean> };

/** What a rejection points at to begin with: the steps an approved vendor's changes touch, or a step left incomplete. */
export function suggestedSteps(vendor: DecidedVendor): KycStep[] {
  const changes = vendor.proposed_changes;
  if (changes) return kycSteps.filter((step) => (step === 'basic_info' && changes.fields.length > 0) || (step === 'bank_details' && changes.bank_details));
  return kycSteps.filter((step) => !vendor.steps[step]);
}
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
  const isRejection = kind === 'reject';
  const { register, handleSubmit, setError, formState } = useForm<DecisionForm, unknown, DecisionValues>({
    resolver: zodResolver(isRejection ? Rejection : copy.required ? RequiredText : OptionalText),
    defaultValues: { text: '', steps: isRejection ? suggestedSteps(vendor) : [] },
  });
  const error = formState.errors.text?.message;
  const stepsError = formState.errors.steps?.message ?? formState.errors.steps?.root?.message;

  const onSubmit = handleSubmit(async ({ text, steps }) => {
    setAlert(null);
    try {
      await decide.mutateAsync({ id: vendor.id, kind, text, ...(isRejection ? { steps } : {}) });
      toast.success(copy.done);
      onClose();
    } catch (failure) {
      const fields = failure instanceof ApiError ? (failure.fields ?? {}) : {};
      const fieldMessage = fields.reason ?? fields.note;
      const stepsMessage = Object.entries(fields).find(([name]) => name.startsWith('steps'))?.[1];
      if (stepsMessage) setError('steps', { type: 'server', message: stepsMessage });
      if (fieldMessage) setError('text', { type: 'server', message: fieldMessage }, { shouldFocus: true });
      if (!fieldMessage && !stepsMessage) setAlert(errorMessageOf(failure));
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
        {isRejection && (
          <fieldset aria-describedby={stepsError ? `${id}-steps-error` : `${id}-steps-hint`} aria-invalid={stepsError ? true : undefined}>
            <legend className="text-sm font-medium text-slate-800">Steps the vendor must fix</legend>
            <p id={`${id}-steps-hint`} className="mt-0.5 text-xs text-slate-500">
              The vendor&apos;s sign-up steps show these as needing changes.
            </p>
            <div className="mt-2 grid grid-cols-1 gap-1.5 sm:grid-cols-2">
              {kycSteps.map((step) => (
                <label key={step} className="flex cursor-pointer items-center gap-2.5 rounded-lg px-2 py-1.5 text-sm text-slate-800 hover:bg-slate-50">
                  <input type="checkbox" value={step} className="size-4 rounded border-slate-300 accent-red-600" {...register('steps')} />
                  {kycStepLabels[step]}
                </label>
              ))}
            </div>
            {stepsError && (
              <p id={`${id}-steps-error`} className="mt-1.5 text-sm text-red-700">
                {stepsError}
              </p>
            )}
          </fieldset>
        )}
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
