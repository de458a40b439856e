import { zodResolver } from '@hookform/resolvers/zod';
import { RateVendorInput } from '@localloop/contract';
import type { VendorRating } from '@localloop/contract';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormAlert } from '../../../components/form-alert.tsx';
import { applyServerError } from '../../../components/server-errors.ts';
import { StarsField } from '../../../components/stars-field.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { inputClass } from '../../../components/text-field.tsx';
import { toast } from '../../../lib/toast.ts';
import { useRateVendor } from '../api/rate-vendor.ts';

const RateForm = RateVendorInput.pick({ rating: true, comment: true });
type RateFormInput = z.input<typeof RateForm>;
type RateFormOutput = z.output<typeof RateForm>;

type RateFormProps = {
  vendorId: string;
  vendorName: string;
  current: VendorRating | null;
  onSaved: (rating: VendorRating) => void;
  onCancel?: () => void;
};

/** 1 to 5 stars (a radio group: arrow keys move, as in any radio group) and an optional comment. */
export function VendorRateForm({ vendorId, vendorName, current, onSaved, onCancel }: RateFormProps) {
  const id = useId();
  const rate = useRateVendor();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<RateFormInput, unknown, RateFormOutput>({
    resolver: zodResolver(RateForm),
    defaultValues: { rating: current?.rating, comment: current?.comment ?? '' },
  });
  const { control, register, handleSubmit, setError, formState } = form;

  const onSubmit = handleSubmit(async (values) => {
    setAlert(null);
    try {
      const answer = await rate.mutateAsync({ vendor_id: vendorId, rating: values.rating, comment: values.comment });
      toast.success(current ? 'Your rating has been updated.' : `Thanks for rating ${vendorName}.`);
      onSaved(answer.rating);
    } catch (error) {
      setAlert(applyServerError(error, setError, ['rating', 'comment']));
    }
  });

  const ratingError = formState.errors.rating?.message;
  const commentError = formState.errors.comment?.message;
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4" aria-label={`Rate ${vendorName}`}>
      <FormAlert>{alert}</FormAlert>
      <Controller control={control} name="rating" render={({ field }) => <StarsField field={field} error={ratingError} />} />
      <div>
        <label htmlFor={`${id}-comment`} className="block text-sm font-medium text-slate-800">
          Comment <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <textarea
          id={`${id}-comment`}
          rows={3}
          maxLength={1000}
          aria-invalid={commentError ? true : undefined}
          aria-describedby={commentError ? `${id}-comment-error` : undefined}
          placeholder="What was it like?"
          className={`${inputClass} mt-1.5`}
          {...register('comment')}
        />
        {commentError && (
          <p id={`${id}-comment-error`} className="mt-1.5 text-sm text-red-700">
            {commentError}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-3">
        <SubmitButton busy={formState.isSubmitting} className="btn-primary">
          {current ? 'Update rating' : 'Submit rating'}
        </SubmitButton>
        {onCancel && (
          <button type="button" onClick={onCancel} className="btn-ghost">
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
