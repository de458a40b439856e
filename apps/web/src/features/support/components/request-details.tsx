import { MAX_SUPPORT_MESSAGE_LENGTH, SupportReplyInput, supportTopicLabels } from '@localloop/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../../api/client.ts';
import { FormAlert } from '../../../components/form-alert.tsx';
import { applyServerError, errorMessageOf } from '../../../components/server-errors.ts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { SupportStatusBadge, SupportThread } from '../../../components/support-thread.tsx';
import { inputClass } from '../../../components/text-field.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { useSupportRequest } from '../api/get-support-request.ts';
import { useReplySupportRequest } from '../api/reply-support-request.ts';

type ReplyInput = z.input<typeof SupportReplyInput>;

/** One request: its thread, and a box to add to it while it is not closed. */
export function RequestDetails({ id }: { id: string }) {
  const request = useSupportRequest(id);
  const headingId = useId();
  if (request.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 py-6 text-sm text-slate-600">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> Loading the conversation…
      </p>
    );
  }
  if (request.isError && request.error instanceof ApiError && request.error.status === 404) {
    // Another account's request answers as one that does not exist: asking again will not change that.
    return (
      <p role="alert" className="rounded-2xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800">
        That request was not found among yours. Check that you are logged in with the account that sent it.
      </p>
    );
  }
  if (request.isError) {
    return (
      <div role="alert" className="space-y-3 py-4 text-sm">
        <p className="text-red-800">Could not load this request. {errorMessageOf(request.error)}</p>
        <button type="button" className="btn-secondary" onClick={() => void request.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const r = request.data;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-slate-50 p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="text-base font-semibold text-slate-900">
          Request #{r.number}: {supportTopicLabels[r.topic]}
        </h3>
        <SupportStatusBadge status={r.status} />
      </div>
      <p className="mt-1 text-xs text-slate-600">Sent {formatDate(r.created_at)}</p>
      {r.reference && <p className="mt-1 text-sm text-slate-700 [overflow-wrap:anywhere]">About: {r.reference.label}</p>}
      <div className="mt-4">
        <SupportThread messages={r.messages} label={`Conversation of request #${r.number}`} />
      </div>
      {r.status === 'closed' ? (
        <p className="mt-4 text-sm text-slate-700">This request is closed. If you still need help, send a new request.</p>
      ) : (
        <ReplyForm id={r.id} waiting={r.status === 'open'} />
      )}
    </section>
  );
}

function ReplyForm({ id, waiting }: { id: string; waiting: boolean }) {
  const fieldId = useId();
  const reply = useReplySupportRequest(id);
  const [alert, setAlert] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<ReplyInput>({ resolver: zodResolver(SupportReplyInput), defaultValues: { message: '' } });
  const onSubmit = handleSubmit(async ({ message }) => {
    setAlert(null);
    try {
      await reply.mutateAsync(message);
      reset({ message: '' });
    } catch (error) {
      setAlert(applyServerError(error, setError, ['message']));
    }
  });
  const error = formState.errors.message?.message;
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4 space-y-3">
      <FormAlert>{alert}</FormAlert>
      <div>
        <label htmlFor={fieldId} className="block text-sm font-medium text-slate-800">
          Add to your request
        </label>
        <textarea
          id={fieldId}
          rows={3}
          maxLength={MAX_SUPPORT_MESSAGE_LENGTH}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : `${fieldId}-hint`}
          className={`${inputClass} mt-1.5`}
          {...register('message')}
        />
        {error ? (
          <p id={`${fieldId}-error`} className="mt-1.5 text-sm text-red-700">
            {error}
          </p>
        ) : (
          <p id={`${fieldId}-hint`} className="mt-1.5 text-xs text-slate-600">
            {waiting ? 'Support has not answered yet; anything you add reaches them with it.' : 'Reply to support; the request waits for them again.'}
          </p>
        )}
      </div>
      <SubmitButton busy={formState.isSubmitting} className="btn-secondary">
        Send reply
      </SubmitButton>
    </form>
  );
}
