import { zodResolver } from '@hookform/resolvers/zod';
import { OtpCode } from '@localloop/contract';
import { useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { DevOutboxHint } from './dev-outbox-hint.tsx';
import { FormAlert, FormNotice } from './form-alert.tsx';
import { OtpField } from './otp-field.tsx';
import { ResendButton } from './resend-button.tsx';
import { applyServerError, errorMessageOf, otpFieldCodes } from './server-errors.ts';
import { SubmitButton } from './submit-button.tsx';

const CodeInput = z.object({ otp: OtpCode });
type CodeInput = z.infer<typeof CodeInput>;

const otpCodeFields: Record<string, 'otp'> = Object.fromEntries(otpFieldCodes.map((code) => [code, 'otp']));

export type CodeSent = { sent_to: string; resend_in: number };

type CodeFormProps = {
  /** What the page says above the field: where the code went and for how long it holds. */
  intro: ReactNode;
  submitLabel: string;
  /** Seconds before the first resend (the server's resend_in); 0 when unknown. */
  resendIn: number;
  /** Checks the code; throws the server's ApiError when it is refused. */
  onVerify: (otp: string) => Promise<void>;
  onResend: () => Promise<CodeSent>;
  /** The address or number the developer outbox link filters on. */
  outboxRecipient?: string | undefined;
  /** Under the buttons: "Use a different number", "Start again", … */
  after?: ReactNode;
  /** Puts the focus in the code field when the form appears: on a code step the person came to type the code. */
  focusOnMount?: boolean;
};

/**
 * The code step shared by sign-up, phone login, password reset and contact changes: one 6-digit field,
 * the refusal under it in the server's words, a Resend button with its countdown, the outbox hint.
 */
export function CodeForm({ intro, submitLabel, resendIn, onVerify, onResend, outboxRecipient, after, focusOnMount = false }: CodeFormProps) {
  const [serverError, setServerError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const inFlight = useRef(false);
  const form = useForm<CodeInput>({ resolver: zodResolver(CodeInput), defaultValues: { otp: '' } });
  const { errors, isSubmitting } = form.formState;

  // In the commit that shows the field (see NewContactForm in contact-change.tsx): never after typing has begun elsewhere.
  useLayoutEffect(() => {
    if (focusOnMount) form.setFocus('otp');
  }, [focusOnMount, form]);

  const submit = async ({ otp }: CodeInput) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setServerError(null);
    try {
      await onVerify(otp);
    } catch (error) {
      setServerError(applyServerError(error, form.setError, ['otp'], otpCodeFields));
    } finally {
      inFlight.current = false;
    }
  };

  const resend = async (): Promise<number | null> => {
    setServerError(null);
    setNotice(null);
    try {
      const sent = await onResend();
      form.reset({ otp: '' });
      // A neutral answer (a reset for an address without an account) names no destination.
      setNotice(sent.sent_to ? `We sent a new code to ${sent.sent_to}.` : 'We sent a new code.');
      return sent.resend_in;
    } catch (error) {
      setServerError(errorMessageOf(error));
      return null;
    }
  };

  return (
    <div className="space-y-5">
      <div className="text-sm text-slate-600">{intro}</div>
      <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)} className="space-y-5">
        <OtpField error={errors.otp?.message} {...form.register('otp')} />
        <FormNotice tone="success">{notice}</FormNotice>
        <FormAlert>{serverError}</FormAlert>
        <SubmitButton busy={isSubmitting}>{submitLabel}</SubmitButton>
      </form>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">Didn&apos;t get it?</p>
        <ResendButton availableIn={resendIn} onResend={resend} />
      </div>
      {after}
      <DevOutboxHint recipient={outboxRecipient} />
    </div>
  );
}

/** "It expires in 10 minutes." from the server's expires_in. */
export function expiryText(expiresIn: number | undefined): string {
  if (!expiresIn || expiresIn <= 0) return 'It expires in a few minutes.';
  const minutes = Math.max(1, Math.round(expiresIn / 60));
  return `It expires in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
