import { zodResolver } from '@hookform/resolvers/zod';
import { UpdateDealRatingInput } from '@localloop/contract';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormAlert } from '../../../components/form-alert.tsx';
import { applyServerError } from '../../../components/server-errors.ts';
import { StarsField } from '../../../components/stars-field.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { inputClass } from '../../../components/text-field.tsx';
import { toast } from '../../../lib/toast.ts';
import { useRateDeal } from '../api/rate-deal.ts';
import { useUpdateDealRating } from '../api/update-deal-rating.ts';

type RateFormInput = z.input<typeof UpdateDealRatingInput>;
type RateFormOutput = z.output<typeof UpdateDealRatingInput>;

type DealRateFormProps = {
  dealId: string;
  dealTitle: string;
  /** The person's rating when they change it (PUT); null for a first rating (POST). */
  current: { rating: number; comment: string } | null;
  onSaved: () => void;
  onCancel?: () => void;
};

/** 1 to 5 stars (a radio group: arrow keys move) and an optional comment; a first rating or a change of it. */
export function DealRateForm({ dealId, dealTitle, current, onSaved, onCancel }: DealRateFormProps) {
  const id = useId();
  const rate = useRateDeal();
  const update = useUpdateDealRating();
  const [alert, setAlert] = useState<string | null>(null);
  const { control, register, handleSubmit, setError, formState } = useForm<RateFormInput, unknown, RateFormOutput>({
    resolver: zodResolver(UpdateDealRatingInput),
    defaultValues: { rating: current?.rating, comment: current?.comment ?? '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setAlert(null);
    try {
      if (current) await update.mutateAsync({ dealId, input: values });
      else await rate.mutateAsync({ deal_id: dealId, ...values });
      toast.success(current ? 'Your rating has been updated.' : `Thanks for rating ${dealTitle}.`);
      onSaved();
    } catch (error) {
      setAlert(applyServerError(error, setError, ['rating', 'comment']));
    }
  });

  const ratingError = formState.errors.rating?.message;
  const commentError = formState.errors.comment?.message;
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4" aria-label={current ? `Edit your rating of ${dealTitle}` : `Rate ${dealTitle}`}>
      <FormAlert>{alert}</FormAlert>
      <Controller control={control} name="rating" render={({ field }) => <StarsField field={field} error={ratingError} starClassName="size-7" />} />
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
          placeholder="How was it?"
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
