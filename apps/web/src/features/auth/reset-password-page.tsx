import { zodResolver } from '@hookform/resolvers/zod';
import { authEndpoints, newPassword, passwordProblem } from '@localloop/contract';
import { LockKeyhole } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { call } from '../../api/client.ts';
import { FormAlert } from '../../components/form-alert.tsx';
import { FormCard } from '../../components/form-card.tsx';
import { newPasswordHint, PasswordField } from '../../components/password-field.tsx';
import { applyServerError } from '../../components/server-errors.ts';
import { SubmitButton } from '../../components/submit-button.tsx';
import { toast } from '../../lib/toast.ts';
import { paths } from '../../paths.ts';
import { MissingStep } from './components/missing-step.tsx';
import { readState, ResetPasswordState } from './flow-state.ts';


export const passwordChangedMessage = 'Your password has been changed. Log in with your new password.';

function newPasswordSchema(email: string | undefined) {
  return z
    .object({ password: newPassword('Choose a new password.'), confirm: z.string() })
    .superRefine(({ password, confirm }, ctx) => {
      const problem = passwordProblem(password, { email });
      if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
      if (!confirm && password) ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'Type the new password again.' });
      else if (confirm !== password) ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'The two passwords are not the same.' });
    });
}
type NewPassword = z.infer<ReturnType<typeof newPasswordSchema>>;

/** Forgotten password, step 3 of 3: the new password, set with the reset token of step 2. */
export default function ResetPasswordPage() {
  const location = useLocation();
  const state = readState(ResetPasswordState, location.state);
  if (!state) {
    return (
      <MissingStep
        title="Your reset code isn't checked yet"
        explanation="A new password can be set once the code we e-mail you has been checked, and this page was opened without that check. Start again; it only takes a minute."
        startPath={paths.forgotPassword}
        startLabel="Reset my password"
      />
    );
  }
  return <NewPasswordForm resetToken={state.reset_token} email={state.email} />;
}

function NewPasswordForm({ resetToken, email }: { resetToken: string; email: string | undefined }) {
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const form = useForm<NewPassword>({ resolver: zodResolver(newPasswordSchema(email)), defaultValues: { password: '', confirm: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = async ({ password }: NewPassword) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setServerError(null);
    try {
      await call(authEndpoints.resetPassword, { body: { reset_token: resetToken, password } });
      toast.success(passwordChangedMessage);
      await navigate(paths.login, { replace: true });
    } catch (error) {
      setServerError(applyServerError(error, form.setError, ['password']));
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <FormCard
      icon={LockKeyhole}
      step="Step 3 of 3"
      title="Choose a new password"
      description="You'll be logged out everywhere else; log in again with the new password."
    >
      <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)} className="space-y-5">
        {/* Lets password managers file the new password under the right account. */}
        {email && <input type="email" autoComplete="username" value={email} readOnly hidden />}
        <PasswordField
          label="New password"
          autoComplete="new-password"
          hint={newPasswordHint}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          error={errors.confirm?.message}
          {...form.register('confirm')}
        />
        <FormAlert>{serverError}</FormAlert>
        <SubmitButton busy={isSubmitting}>Change password</SubmitButton>
      </form>
    </FormCard>
  );
}
