import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { RefundInput } from '@localloop/contract';
import type { Sale } from '@localloop/contract';
import { RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormAlert } from '../../../components/form-alert.tsx';
import { applyServerError } from '../../../components/server-errors.ts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { inputClass } from '../../../components/text-field.tsx';
import { useRefundPurchase } from '../api/refund-purchase.ts';
import { formatMoney } from '../format.ts';

type RefundDialogProps = {
  /** The purchase to refund; the dialog is open while there is one. */
  sale: Sale | null;
  onClose: () => void;
  onRefunded: (sale: Sale) => void;
};

const dangerButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-xl bg-red-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:cursor-not-allowed disabled:opacity-60';

/** "Refund this purchase?" with the reason the customer is told; the units go back on sale. */
export function RefundDialog({ sale, onClose, onRefunded }: RefundDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={sale !== null} onClose={() => !busy && onClose()} className="relative z-[60]">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-900/50 transition-opacity duration-150 data-closed:opacity-0" />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-center justify-center p-4">
          <DialogPanel transition className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl transition duration-150 data-closed:scale-95 data-closed:opacity-0">
            <span className="flex size-11 items-center justify-center rounded-full bg-red-50 text-red-600">
              <RotateCcw aria-hidden="true" className="size-5" />
            </span>
            {/* Kept while the dialog fades out; mounted afresh for each purchase. */}
            {sale && <RefundForm key={sale.id} sale={sale} onClose={onClose} onRefunded={onRefunded} onBusy={setBusy} />}
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}

function RefundForm({ sale, onClose, onRefunded, onBusy }: { sale: Sale; onClose: () => void; onRefunded: (sale: Sale) => void; onBusy: (busy: boolean) => void }) {
  const id = useId();
  const refund = useRefundPurchase();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<z.input<typeof RefundInput>, unknown, z.output<typeof RefundInput>>({ resolver: zodResolver(RefundInput), defaultValues: { reason: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = async ({ reason }: z.output<typeof RefundInput>) => {
    setServerError(null);
    onBusy(true);
    try {
      await refund.mutateAsync({ id: sale.id, reason });
      onRefunded(sale);
    } catch (error) {
      setServerError(applyServerError(error, form.setError, ['reason']));
    } finally {
      onBusy(false);
    }
  };
  return (
    <>
      <DialogTitle className="mt-4 text-lg font-semibold text-slate-900 [overflow-wrap:anywhere]">Refund {sale.buyer_first_name}&apos;s purchase?</DialogTitle>
      <Description className="mt-1.5 text-sm text-slate-600 [overflow-wrap:anywhere]">
        {sale.quantity} × {sale.deal.title} for {formatMoney(sale.total)}. The customer is paid back and told why; the units go back on sale. This cannot be undone.
      </Description>
      <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)} className="mt-4 space-y-4">
        <div>
          <label htmlFor={`${id}-reason`} className="block text-sm font-medium text-slate-800">
            Reason
          </label>
          <textarea
            id={`${id}-reason`}
            data-autofocus
            rows={3}
            maxLength={500}
            className={`${inputClass} mt-1.5`}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
            {...form.register('reason')}
          />
          {errors.reason && (
            <p id={`${id}-reason-error`} className="mt-1.5 text-sm text-red-700">
              {errors.reason.message}
            </p>
          )}
        </div>
        <FormAlert>{serverError}</FormAlert>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </button>
          <SubmitButton busy={isSubmitting} className={dangerButtonClass}>
            Refund
          </SubmitButton>
        </div>
      </form>
    </>
  );
}
