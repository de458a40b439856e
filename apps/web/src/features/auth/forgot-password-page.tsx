import { zodResolver } from '@hookform/resolvers/zod';
import { authEndpoints, ForgotPasswordInput } from '@localloop/contract';
import { KeyRound } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { call } from '../../api/client.ts';
import { FormAlert } from '../../components/form-alert.tsx';
import { FormCard } from '../../components/form-card.tsx';
import { applyServerError } from '../../components/server-errors.ts';
import { SubmitButton } from '../../components/submit-button.tsx';
import { TextField } from '../../components/text-field.tsx';
import { paths, to } from '../../paths.ts';
import type { ResetCodeState } from './flow-state.ts';

type Fields = z.input<typeof ForgotPasswordInput>;
type Values = z.output<typeof ForgotPasswordInput>;

/** Forgotten password, step 1 of 3: the e-mail address. The answer never says whether it has an account. */
export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const form = useForm<Fields, unknown, Values>({ resolver: zodResolver(ForgotPasswordInput), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = async ({ email }: Values) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setServerError(null);
    try {
      // The answer is the same whether or not the address has an account; the next page words it that way.
      await call(authEndpoints.forgotPassword, { body: { email } });
      const state: ResetCodeState = { email };
      await navigate(to.withEmail(paths.verifyOtpForgotPassword, email), { state });
    } catch (error) {
      setServerError(applyServerError(error, form.setError, ['email']));
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <FormCard
      icon={KeyRound}
      step="Step 1 of 3"
      title="Forgot your password?"
      description="Enter the e-mail address you signed up with and we'll send you a code to choose a new password."
      footer={
        <p>
          Remembered it?{' '}
          <Link to={paths.login} className="font-semibold text-teal-800 hover:underline">
            Log in
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)} className="space-y-5">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <FormAlert>{serverError}</FormAlert>
        <SubmitButton busy={isSubmitting}>Send code</SubmitButton>
      </form>
    </FormCard>
  );
}
