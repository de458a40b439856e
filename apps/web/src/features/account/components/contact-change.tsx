import { zodResolver } from '@hookform/resolvers/zod';
import { accountEndpoints, authEndpoints, emailAddress, phoneNumber } from '@localloop/contract';
import type { OtpSentResponse, Profile } from '@localloop/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ApiError, call } from '../../../api/client.ts';
import { CodeForm, expiryText } from '../../../components/code-form.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { applyServerError } from '../../../components/server-errors.ts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { toast } from '../../../lib/toast.ts';
import { useAccountId } from '../../../session/auth-context.tsx';
import { getProfileQueryOptions, useApplyProfile } from '../api/get-profile.ts';
import { EmailText } from '../../../components/email-text.tsx';

export type Channel = 'email' | 'sms';

const channels = {
  email: {
    label: 'Email',
    noun: 'e-mail address',
    newLabel: 'New e-mail address',
    field: 'email',
    input: { type: 'email', autoComplete: 'email', inputMode: 'email' },
    hint: 'We’ll e-mail a code to the new address; the current one stays until you enter it.',
    changed: 'Your e-mail address has been changed.',
    schema: emailAddress('Enter the new e-mail address.'),
  },
  sms: {
    label: 'Phone number',
    noun: 'phone number',
    newLabel: 'New phone number',
    field: 'phone_number',
    input: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
    hint: 'With the country code, e.g. +1 555 123 4567. We’ll text a code to it; the current number stays until you enter it.',
    changed: 'Your phone number has been changed.',
    schema: phoneNumber('Enter the new phone number.'),
  },
} as const;

type Mode = { kind: 'view' } | { kind: 'enter' } | { kind: 'code'; sent: (OtpSentResponse & { to: string }) | null };

/** One contact (e-mail or phone): its value, a pending change, and the change itself, verified by code. */
export function ContactRow({ profile, channel }: { profile: Profile; channel: Channel }) {
  const copy = channels[channel];
  const applyProfile = useApplyProfile();
  const [mode, setMode] = useState<Mode>({ kind: 'view' });
  const current = channel === 'email' ? profile.email : profile.phone_number;
  const pending = channel === 'email' ? profile.pending_email : profile.pending_phone_number;

  // /resend-otp/ with the session resends the account's pending change (the server prefers it to any flow cookie of
  // this browser); asking for the new value again would need the current password again.
  const resend = () => call(authEndpoints.resendOtp);

  const verify = async (otp: string) => {
    applyProfile(await call(accountEndpoints.verifyContact, { body: { channel, otp } }));
    toast.success(copy.changed);
    setMode({ kind: 'view' });
  };

  return (
    <div className="py-4 first:pt-0 last:pb-0">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <p className="text-sm text-slate-500">{copy.label}</p>
          <p className="font-medium text-slate-900">{current ? <EmailText value={current} /> : <span className="font-normal text-slate-500">Not added yet</span>}</p>
          {pending && mode.kind !== 'code' && (
            <p className="mt-1 text-sm text-amber-800">
              Waiting for the code sent to <EmailText value={pending} className="font-medium" />.{' '}
              <button type="button" onClick={() => setMode({ kind: 'code', sent: null })} className="font-semibold text-teal-800 underline-offset-2 hover:underline">
                Enter the code
              </button>
            </p>
          )}
        </div>
        {mode.kind === 'view' && (
          <button type="button" onClick={() => setMode({ kind: 'enter' })} className="btn-secondary shrink-0" aria-label={`${current ? 'Change' : 'Add'} ${copy.label.toLowerCase()}`}>
            {current ? 'Change' : 'Add'}
          </button>
        )}
      </div>

      {mode.kind === 'enter' && (
        <NewContactForm channel={channel} hasPassword={profile.has_password} onSent={(sent) => setMode({ kind: 'code', sent })} onCancel={() => setMode({ kind: 'view' })} />
      )}
      {mode.kind === 'code' && (
        <div className="mt-4 rounded-2xl bg-slate-50 p-4 sm:p-5">
          <CodeForm
            intro={
              <p>
                We sent a 6-digit code to{' '}
                <strong className="font-semibold text-slate-900">{mode.sent?.sent_to ?? pending ? <EmailText value={mode.sent?.sent_to ?? pending ?? ''} /> : 'your new contact'}</strong>.{' '}
                {expiryText(mode.sent?.expires_in)}
              </p>
            }
            submitLabel={`Confirm ${copy.label.toLowerCase()}`}
            resendIn={mode.sent?.resend_in ?? 0}
            onVerify={verify}
            onResend={resend}
            outboxRecipient={mode.sent?.to ?? pending ?? undefined}
            focusOnMount
            after={
              <button type="button" onClick={() => setMode({ kind: 'view' })} className="text-sm font-semibold text-teal-800 hover:underline">
                Cancel
              </button>
            }
          />
        </div>
      )}
    </div>
  );
}

type NewContactFormProps = {
  channel: Channel;
  /** An account with a password confirms it; one without (Google) must have signed in within the last minutes. */
  hasPassword: boolean;
  onSent: (sent: OtpSentResponse & { to: string }) => void;
  onCancel: () => void;
};
type NewContactValues = { value: string; current_password: string };

function NewContactForm({ channel, hasPassword, onSent, onCancel }: NewContactFormProps) {
  const copy = channels[channel];
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  const [serverError, setServerError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const schema = z.object({
    value: copy.schema,
    current_password: hasPassword ? z.string().min(1, 'Enter your current password.') : z.string(),
  });
  const form = useForm<NewContactValues>({ resolver: zodResolver(schema), defaultValues: { value: '', current_password: '' } });
  const { errors, isSubmitting } = form.formState;

  // In the commit that shows the form, not after it is painted: a passive effect could run once someone (a fast typist,
  // a test) had already moved on to the password, and take the focus, and their typing, back to this field.
  useLayoutEffect(() => {
    form.setFocus('value');
  }, [form]);

  const submit = async ({ value, current_password }: NewContactValues) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setServerError(null);
    try {
      const contact = channel === 'email' ? { email: value } : { phone_number: value };
      const body = hasPassword ? { ...contact, current_password } : contact;
      const sent = await call(accountEndpoints.sendVerificationOtp, { body });
      // The profile now has a pending e-mail or phone; show it.
      void queryClient.invalidateQueries({ queryKey: getProfileQueryOptions(accountId).queryKey });
      onSent({ ...sent, to: value });
    } catch (error) {
      setServerError(applyServerError(asValueError(error, copy.field), form.setError, ['value', 'current_password'], { EMAIL_TAKEN: 'value', PHONE_TAKEN: 'value' }));
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)} className="mt-4 space-y-4 rounded-2xl bg-slate-50 p-4 sm:p-5">
      <TextField label={copy.newLabel} {...copy.input} hint={copy.hint} error={errors.value?.message} {...form.register('value')} />
      {hasPassword && (
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          hint={`For your safety: codes and password resets will go to the new ${copy.noun}.`}
          error={errors.current_password?.message}
          {...form.register('current_password')}
        />
      )}
      <FormAlert>{serverError}</FormAlert>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" onClick={onCancel} className="btn-secondary">
          Cancel
        </button>
        <SubmitButton busy={isSubmitting} className="btn-primary">
          Send code
        </SubmitButton>
      </div>
    </form>
  );
}

/** The server names the field email or phone_number; this form calls it value. */
function asValueError(error: unknown, field: string): unknown {
  const message = error instanceof ApiError ? error.fields?.[field] : undefined;
  if (!(error instanceof ApiError) || message === undefined) return error;
  const rest = Object.fromEntries(Object.entries(error.fields ?? {}).filter(([name]) => name !== field));
  return new ApiError(error.status, error.code, error.message, { ...rest, value: message });
}
