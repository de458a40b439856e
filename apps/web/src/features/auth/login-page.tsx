import { zodResolver } from '@hookform/resolvers/zod';
import { endpoints, LoginInput } from '@localloop/contract';
import { useMutation } from '@tanstack/react-query';
import { LoaderCircle, LogIn } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { FieldError } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { ApiError, call } from '../../api/client.ts';
import { paths } from '../../paths.ts';
import { useAuth } from '../../session/auth-context.tsx';

type LoginFields = z.input<typeof LoginInput>;

const fieldNames = ['email', 'password'] as const satisfies readonly (keyof LoginFields)[];

function isLoginField(name: string): name is (typeof fieldNames)[number] {
  return (fieldNames as readonly string[]).includes(name);
}

type FieldProps = {
  id: string;
  label: string;
  error: FieldError | undefined;
  children: (describedBy: string | undefined) => ReactNode;
};

function Field({ id, label, error, children }: FieldProps) {
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="mt-1.5">{children(error ? errorId : undefined)}</div>
      {error?.message && (
        <p id={errorId} className="mt-1.5 text-sm text-red-700">
          {error.message}
        </p>
      )}
    </div>
  );
}

const inputClass =
  'block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-teal-600 focus:outline-2 focus:outline-offset-0 focus:outline-teal-600/30 aria-invalid:border-red-500';

export default function LoginPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const id = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  // The button is disabled while submitting; this also stops a second submit fired before re-render.
  const inFlight = useRef(false);

  const form = useForm<LoginFields, unknown, LoginInput>({
    resolver: zodResolver(LoginInput),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const login = useMutation({ mutationFn: (body: LoginInput) => call(endpoints.login, { body }) });

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
      navigate(role === 'vendor' ? paths.vendorDashboard : paths.localActivities, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        for (const [name, message] of Object.entries(error.fields)) {
          if (isLoginField(name)) form.setError(name, { message });
        }
      }
      setServerError(error instanceof ApiError ? error.message : 'Something went wrong. Please try again.');
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <section className="mx-auto flex max-w-md flex-col px-4 py-12 sm:py-16">
      <div className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <span className="flex size-11 items-center justify-center rounded-2xl bg-teal-50 text-teal-700">
          <LogIn aria-hidden="true" className="size-5" />
        </span>
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">Log in to LocalLoop</h1>
        <p className="mt-1.5 text-sm text-slate-600">Welcome back. Use the e-mail address you signed up with.</p>

        <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)} className="mt-6 space-y-5">
          <Field id={`${id}-email`} label="Email" error={errors.email}>
            {(describedBy) => (
              <input
                id={`${id}-email`}
                type="email"
                autoComplete="email"
                inputMode="email"
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={describedBy}
                className={inputClass}
                {...form.register('email')}
              />
            )}
          </Field>
          <Field id={`${id}-password`} label="Password" error={errors.password}>
            {(describedBy) => (
              <input
                id={`${id}-password`}
                type="password"
                autoComplete="current-password"
                aria-invalid={errors.password ? true : undefined}
                aria-describedby={describedBy}
                className={inputClass}
                {...form.register('password')}
              />
            )}
          </Field>

          <div className="flex justify-end">
            <Link to={paths.forgotPassword} className="text-sm font-medium text-teal-800 hover:underline">
              Forgot password?
            </Link>
          </div>

          {serverError && (
            <p id={`${id}-server`} role="alert" className="rounded-xl border border-red-200 bg-red-50 px-3.5 py-2.5 text-sm text-red-800">
              {serverError}
            </p>
          )}

          <button type="submit" disabled={isSubmitting} aria-busy={isSubmitting} className="btn-primary w-full py-3 text-base">
            {isSubmitting && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
            Log in
          </button>
        </form>

        <div className="mt-6 space-y-2 border-t border-slate-100 pt-5 text-center text-sm text-slate-600">
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
        </div>
      </div>
    </section>
  );
}
