import { zodResolver } from '@hookform/resolvers/zod';
import { authEndpoints, PhoneLoginInput } from '@localloop/contract';
import type { LoginResponse, OtpSentResponse } from '@localloop/contract';
import { Smartphone } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { call } from '../../api/client.ts';
import { CodeForm, expiryText } from '../../components/code-form.tsx';
import { FormAlert } from '../../components/form-alert.tsx';
import { FormCard } from '../../components/form-card.tsx';
import { applyServerError } from '../../components/server-errors.ts';
import { SubmitButton } from '../../components/submit-button.tsx';
import { TextField } from '../../components/text-field.tsx';
import { paths } from '../../paths.ts';
import { useAuth } from '../../session/auth-context.tsx';
import { homePathOf } from '../../session/auth-rules.ts';

type Fields = z.input<typeof PhoneLoginInput>;
type Values = z.output<typeof PhoneLoginInput>;

type CodeStep = { phone_number: string; sent: OtpSentResponse };

/** Phone login (/PhoneOtp): a number, then the code texted to it, on the same page. */
export default function PhoneLoginPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [step, setStep] = useState<CodeStep | null>(null);

  const finish = async (response: LoginResponse) => {
    const role = auth.login(response);
    if (role === 'public') return;
    await navigate(homePathOf(role), { replace: true });
  };

  if (!step) {
    return <PhoneStep onSent={setStep} onLoggedIn={finish} />;
  }

  const { phone_number, sent } = step;
  return (
    <FormCard icon={Smartphone} title="Enter your code">
      <CodeForm
        intro={
          <p>
            We texted a 6-digit code to <strong className="font-semibold whitespace-nowrap text-slate-900">{sent.sent_to}</strong>.{' '}
            {expiryText(sent.expires_in)}
          </p>
        }
        submitLabel="Log in"
        resendIn={sent.resend_in}
        onVerify={async (otp) => finish(await call(authEndpoints.loginOtp, { body: { phone_number, otp } }))}
        onResend={() => call(authEndpoints.resendLoginOtp, { body: { phone_number } })}
        outboxRecipient={phone_number}
        focusOnMount
        after={
          <button type="button" onClick={() => setStep(null)} className="text-sm font-semibold text-teal-800 hover:underline">
            Use a different number
          </button>
        }
      />
    </FormCard>
  );
}

type PhoneStepProps = { onSent: (step: CodeStep) => void; onLoggedIn: (response: LoginResponse) => Promise<void> };

function PhoneStep({ onSent, onLoggedIn }: PhoneStepProps) {
  const [serverError, setServerError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const form = useForm<Fields, unknown, Values>({ resolver: zodResolver(PhoneLoginInput), defaultValues: { phone_number: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = async ({ phone_number }: Values) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setServerError(null);
    try {
      const response = await call(authEndpoints.login, { body: { phone_number } });
      if ('access' in response) await onLoggedIn(response);
      else onSent({ phone_number, sent: response });
    } catch (error) {
      setServerError(applyServerError(error, form.setError, ['phone_number']));
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <FormCard
      icon={Smartphone}
      title="Log in with your phone"
      description="We'll text a 6-digit code to the number on your account."
      footer={
        <>
          <p>
            <Link to={paths.login} className="font-semibold text-teal-800 hover:underline">
              Log in with e-mail and password
            </Link>
          </p>
          <p>
            New to LocalLoop?{' '}
            <Link to={paths.createAccount} className="font-semibold text-teal-800 hover:underline">
              Create an account
            </Link>
          </p>
        </>
      }
    >
      <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)} className="space-y-5">
        <TextField
          label="Phone number"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          hint="With the country code, e.g. +1 555 123 4567."
          error={errors.phone_number?.message}
          {...form.register('phone_number')}
        />
        <FormAlert>{serverError}</FormAlert>
        <SubmitButton busy={isSubmitting}>Send code</SubmitButton>
      </form>
    </FormCard>
  );
}
