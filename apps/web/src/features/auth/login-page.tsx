import { zodResolver } from '@hookform/resolvers/zod';
// The auth table, not the whole endpoint table: the log-in page then builds only the auth schemas (see the contract's package.json).
import { authEndpoints, LoginInput } from '@localloop/contract';
import { useMutation } from '@tanstack/react-query';
import { LogIn } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { call } from '../../api/client.ts';
import { FormAlert } from '../../components/form-alert.tsx';
import { FormCard } from '../../components/form-card.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { applyServerError, errorMessageOf } from '../../components/server-errors.ts';
import { SubmitButton } from '../../components/submit-button.tsx';
import { TextField } from '../../components/text-field.tsx';
import { paths } from '../../paths.ts';
import { useAuth } from '../../session/auth-context.tsx';
import { homePathOf } from '../../session/auth-rules.ts';
import { ContinueWithGoogle } from './components/continue-with-google.tsx';

type LoginFields = z.input<typeof LoginInput>;

const fieldNames = ['email', 'password'] as const satisfies readonly (keyof LoginFields)[];

export default function LoginPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  // The button is disabled while submitting; this also stops a second submit fired before re-render.
  const inFlight = useRef(false);

  const form = useForm<LoginFields, unknown, LoginInput>({
    resolver: zodResolver(LoginInput),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const login = useMutation({ mutationFn: (body: LoginInput) => call(authEndpoints.login, { body }) });

  const submit = async (values: LoginInput) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setServerError(null);
    try {
      const response = await login.mutateAsync(values);
      // An e-mail login always answers a session; the code-sent answer belongs to phone login.
      if (!('access' in response)) throw new Error('login/v2 answered without a session');
      const role = auth.login(response);
      // 'public' means the answer carried no session; login() has already logged out and moved on.
      if (role === 'public') return;
      navigate(homePathOf(role), { replace: true });
    } catch (error) {
      // The alert always carries the server's words; field messages also go under their fields.
      setServerError(applyServerError(error, form.setError, fieldNames) ?? errorMessageOf(error));
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <FormCard
      icon={LogIn}
      title="Log in to LocalLoop"
      description="Welcome back. Use the e-mail address you signed up with."
      footer={
        <>
          <p>
            New to LocalLoop?{' '}
            <Link to={paths.createAccount} className="font-semibold text-teal-800 hover:underline">
              Create an account
            </Link>
          </p>
          <p>
            <Link to={paths.phoneOtp} className="font-semibold text-teal-800 hover:underline">
              Log in with your phone number
            </Link>
          </p>
          <ContinueWithGoogle />
        </>
      }
    >
      <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)} className="space-y-5">
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" error={errors.email?.message} {...form.register('email')} />
        <PasswordField label="Password" autoComplete="current-password" error={errors.password?.message} {...form.register('password')} />

        <div className="flex justify-end">
          <Link to={paths.forgotPassword} className="text-sm font-medium text-teal-800 hover:underline">
            Forgot password?
          </Link>
        </div>

        <FormAlert>{serverError}</FormAlert>

        <SubmitButton busy={isSubmitting}>Log in</SubmitButton>
      </form>
    </FormCard>
  );
}
