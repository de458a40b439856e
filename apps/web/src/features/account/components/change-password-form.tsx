import { zodResolver } from '@hookform/resolvers/zod';
import { accountEndpoints, newPassword, passwordProblem } from '@localloop/contract';
import type { Profile } from '@localloop/contract';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { call, renewSession } from '../../../api/client.ts';
import { FormAlert } from '../../../components/form-alert.tsx';
import { newPasswordHint, PasswordField } from '../../../components/password-field.tsx';
import { applyServerError } from '../../../components/server-errors.ts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { toast } from '../../../lib/toast.ts';
import { getRefreshToken } from '../../../session/storage.ts';

function changePasswordSchema(profile: Profile) {
  return z
    .object({
      current_password: z.string().min(1, 'Enter your current password.').max(1024),
      new_password: newPassword('Choose a new password.'),
      confirm: z.string(),
    })
    .superRefine(({ current_password, new_password, confirm }, ctx) => {
      const problem = passwordProblem(new_password, { email: profile.email, username: profile.username });
      if (problem) ctx.addIssue({ code: 'custom', path: ['new_password'], message: problem });
      else if (new_password === current_password) {
        ctx.addIssue({ code: 'custom', path: ['new_password'], message: 'Choose a password other than your current one.' });
      }
      if (!confirm && new_password) ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'Type the new password again.' });
      else if (confirm !== new_password) ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'The two passwords are not the same.' });
    });
}
type Values = z.infer<ReturnType<typeof changePasswordSchema>>;

const fieldNames = ['current_password', 'new_password'] as const;

export const passwordChangedToast = 'Your password has been changed. Your other devices have been logged out.';

/** Change password: needs the current one; this device stays signed in, every other session ends. */
export function ChangePasswordForm({ profile }: { profile: Profile }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const form = useForm<Values>({
    resolver: zodResolver(changePasswordSchema(profile)),
    defaultValues: { current_password: '', new_password: '', confirm: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = async ({ current_password, new_password }: Values) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setServerError(null);
    try {
      await call(accountEndpoints.changePassword, { body: { current_password, new_password, refresh: getRefreshToken() ?? undefined } });
      await renewSession();
      form.reset();
      toast.success(passwordChangedToast);
    } catch (error) {
      setServerError(applyServerError(error, form.setError, fieldNames, { CURRENT_PASSWORD_WRONG: 'current_password' }));
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)} className="space-y-5">
      {/* Lets password managers file the new password under the right account. */}
      <input type="text" autoComplete="username" value={profile.email ?? profile.username ?? ''} readOnly hidden />
      <PasswordField label="Current password" autoComplete="current-password" error={errors.current_password?.message} {...form.register('current_password')} />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        hint={newPasswordHint}
        error={errors.new_password?.message}
        {...form.register('new_password')}
      />
      <PasswordField label="Confirm new password" autoComplete="new-password" error={errors.confirm?.message} {...form.register('confirm')} />
      <FormAlert>{serverError}</FormAlert>
      <div className="flex justify-end">
        <SubmitButton busy={isSubmitting} className="btn-primary w-full sm:w-auto">
          Change password
        </SubmitButton>
      </div>
    </form>
  );
}
