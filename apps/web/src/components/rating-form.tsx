import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { RatingFields } from '@localloop/contract';
import type { z } from 'zod';
import { FormAlert } from './form-alert.tsx';
import { applyServerError } from './server-errors.ts';
import { StarsField } from './stars-field.tsx';
import { SubmitButton } from './submit-button.tsx';
import { inputClass } from './text-field.tsx';

export type RatingValues = z.output<typeof RatingFields>;

type RatingFormProps = {
  /** The form's accessible name: "Rate Hudson Bakery", "Edit your rating of …". */
  label: string;
  /** The person's rating when they change it; null for a first one. */
  current: { rating: number; comment: string } | null;
  placeholder: string;
  starClassName?: string;
  /** Sends the rating; a thrown ApiError's message and fields are shown in the form. */
  onSubmit: (values: RatingValues) => Promise<void>;
  onCancel?: (() => void) | undefined;
};

/** 1 to 5 stars (a radio group: arrow keys move, as in any radio group) and an optional comment: every rating form's body. */
export function RatingForm({ label, current, placeholder, starClassName, onSubmit, onCancel }: RatingFormProps) {
  const id = useId();
  const [alert, setAlert] = useState<string | null>(null);
  const { control, register, handleSubmit, setError, formState } = useForm<z.input<typeof RatingFields>, unknown, RatingValues>({
    resolver: zodResolver(RatingFields),
    defaultValues: { rating: current?.rating, comment: current?.comment ?? '' },
  });
  const submit = handleSubmit(async (values) => {
    setAlert(null);
    try {
      await onSubmit(values);
    } catch (error) {
      setAlert(applyServerError(error, setError, ['rating', 'comment']));
    }
  });
  const ratingError = formState.errors.rating?.message;
  const commentError = formState.errors.comment?.message;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4" aria-label={label}>
      <FormAlert>{alert}</FormAlert>
      <Controller control={control} name="rating" render={({ field }) => <StarsField field={field} error={ratingError} {...(starClassName ? { starClassName } : {})} />} />
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
          placeholder={placeholder}
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
