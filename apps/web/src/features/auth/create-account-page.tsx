import { zodResolver } from '@hookform/resolvers/zod';
import { authEndpoints, RegisterInput } from '@localloop/contract';
import { UserPlus } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { call } from '../../api/client.ts';
import { FormAlert } from '../../components/form-alert.tsx';
import { FormCard } from '../../components/form-card.tsx';
import { newPasswordHint, PasswordField } from '../../components/password-field.tsx';
import { applyServerError } from '../../components/server-errors.ts';
import { SubmitButton } from '../../components/submit-button.tsx';
import { TextField } from '../../components/text-field.tsx';
import { paths, to } from '../../paths.ts';
import type { SignUpCodeState } from './flow-state.ts';
import { ContinueWithGoogle } from './components/continue-with-google.tsx';


type Fields = z.input<typeof RegisterInput>;
type Values = z.output<typeof RegisterInput>;

const fieldNames = ['email', 'phone_number', 'username', 'password'] as const;
const takenCodes = { EMAIL_TAKEN: 'email', PHONE_TAKEN: 'phone_number', USERNAME_TAKEN: 'username' } as const;

/** Sign-up, step 1 of 3: the details, checked by the server, which e-mails a code. */
export default function CreateAccountPage() {
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const form = useForm<Fields, unknown, Values>({
    resolver: zodResolver(RegisterInput),
    defaultValues: { email: '', phone_number: '', username: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = async (values: Values) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setServerError(null);
    try {
      const sent = await call(authEndpoints.register, { body: values });
      const state: SignUpCodeState = { email: values.email, phone_number: values.phone_number, username: values.username, sent };
      await navigate(to.withEmail(paths.otpVerifyPage, values.email), { state });
    } catch (error) {
      setServerError(applyServerError(error, form.setError, fieldNames, takenCodes));
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <FormCard
      icon={UserPlus}
      step="Step 1 of 3"
      title="Create your account"
      description="Book local services, buy deals nearby and join activities. We'll e-mail you a code to confirm it's you."
      footer={
        <>
          <p>
            Already have an account?{' '}
            <Link to={paths.login} className="font-semibold text-teal-800 hover:underline">
              Log in
            </Link>
          </p>
          <ContinueWithGoogle />
        </>
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
        <TextField
          label="Phone number"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          hint="With the country code, e.g. +1 555 123 4567."
          error={errors.phone_number?.message}
          {...form.register('phone_number')}
        />
        <TextField
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          hint="3 to 30 letters, digits, dots or underscores."
          error={errors.username?.message}
          {...form.register('username')}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          hint={newPasswordHint}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <FormAlert>{serverError}</FormAlert>
        <SubmitButton busy={isSubmitting}>Continue</SubmitButton>
      </form>
    </FormCard>
  );
}
