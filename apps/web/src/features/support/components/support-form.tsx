import { zodResolver } from '@hookform/resolvers/zod';
import { MAX_SUPPORT_MESSAGE_LENGTH, SupportRequestInput, supportTopicLabels, supportTopics } from '@localloop/contract';
import type { SupportRequest } from '@localloop/contract';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormAlert } from '../../../components/form-alert.tsx';
import { applyServerError } from '../../../components/server-errors.ts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { inputClass } from '../../../components/text-field.tsx';
import { useCreateSupportRequest } from '../api/create-support-request.ts';
import { useSupportReferences } from '../api/get-support-references.ts';

/** The contract's input, with the picker's "none" ('') as no reference. */
const FormSchema = SupportRequestInput.extend({
  reference_id: z.union([z.literal(''), z.string().uuid('Choose one of your orders or bookings.')]).transform((v) => v || null),
});
type FormInput = z.input<typeof FormSchema>;
type FormOutput = z.output<typeof FormSchema>;
const fieldNames = ['topic', 'message', 'reference_id'] as const;
const empty: FormInput = { topic: '' as FormInput['topic'], message: '', reference_id: '' };

type SupportFormProps = { onSent: (request: SupportRequest) => void };

/** Topic, an optional order or booking, and the message; the server's refusals land under their fields. */
export function SupportForm({ onSent }: SupportFormProps) {
  const id = useId();
  const references = useSupportReferences();
  const create = useCreateSupportRequest();
  const [alert, setAlert] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, control, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(FormSchema),
    defaultValues: empty,
  });
  const message = useWatch({ control, name: 'message' }) ?? '';
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setAlert(null);
    try {
      const request = await create.mutateAsync(values);
      reset(empty);
      onSent(request);
    } catch (error) {
      setAlert(applyServerError(error, setError, fieldNames));
    }
  });

  const describe = (name: (typeof fieldNames)[number], hint?: string) =>
    [errors[name] ? `${id}-${name}-error` : null, hint ? `${id}-${name}-hint` : null].filter(Boolean).join(' ') || undefined;
  const errorLine = (name: (typeof fieldNames)[number]) =>
    errors[name]?.message ? (
      <p id={`${id}-${name}-error`} className="mt-1.5 text-sm text-red-700">
        {errors[name]?.message}
      </p>
    ) : null;

  const options = references.data?.results ?? [];
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5" aria-describedby={alert ? `${id}-alert` : undefined}>
      <FormAlert id={`${id}-alert`}>{alert}</FormAlert>
      <div>
        <label htmlFor={`${id}-topic`} className="block text-sm font-medium text-slate-800">
          What is it about?
        </label>
        <select id={`${id}-topic`} aria-invalid={errors.topic ? true : undefined} aria-describedby={describe('topic')} className={`${inputClass} mt-1.5`} {...register('topic')}>
          <option value="" disabled>
            Choose a topic
          </option>
          {supportTopics.map((topic) => (
            <option key={topic} value={topic}>
              {supportTopicLabels[topic]}
            </option>
          ))}
        </select>
        {errorLine('topic')}
      </div>
      <div>
        <label htmlFor={`${id}-reference`} className="block text-sm font-medium text-slate-800">
          Order or booking <span className="font-normal text-slate-600">(optional)</span>
        </label>
        <select
          id={`${id}-reference`}
          aria-invalid={errors.reference_id ? true : undefined}
          aria-describedby={describe('reference_id', 'hint')}
          className={`${inputClass} mt-1.5 truncate`}
          {...register('reference_id')}
        >
          <option value="">None</option>
          {options.map((ref) => (
            <option key={ref.id} value={ref.id}>
              {ref.label}
            </option>
          ))}
        </select>
        {errorLine('reference_id')}
        <p id={`${id}-reference_id-hint`} className="mt-1.5 text-xs text-slate-600">
          {references.isPending ? 'Loading your recent orders and bookings…' : references.isError ? 'Your orders and bookings could not be loaded; you can still send your request.' : options.length === 0 ? 'You have no orders or bookings yet.' : 'Your 20 most recent orders and bookings.'}
        </p>
      </div>
      <div>
        <label htmlFor={`${id}-message`} className="block text-sm font-medium text-slate-800">
          Your message
        </label>
        <textarea
          id={`${id}-message`}
          rows={6}
          maxLength={MAX_SUPPORT_MESSAGE_LENGTH}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describe('message', 'hint')}
          className={`${inputClass} mt-1.5 min-h-32`}
          {...register('message')}
        />
        {errorLine('message')}
        <p id={`${id}-message-hint`} className="mt-1.5 text-xs text-slate-600">
          What happened, and what you expected. {message.length.toLocaleString('en-US')} / {MAX_SUPPORT_MESSAGE_LENGTH.toLocaleString('en-US')} characters.
        </p>
      </div>
      <SubmitButton busy={formState.isSubmitting}>Send request</SubmitButton>
    </form>
  );
}
