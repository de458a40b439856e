import { authEndpoints } from '@localloop/contract';
import { BadgeCheck } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { call } from '../../api/client.ts';
import { FormAlert } from '../../components/form-alert.tsx';
import { FormCard } from '../../components/form-card.tsx';
import { errorMessageOf } from '../../components/server-errors.ts';
import { SubmitButton } from '../../components/submit-button.tsx';
import { toast } from '../../lib/toast.ts';
import { paths } from '../../paths.ts';
import { useAuth } from '../../session/auth-context.tsx';
import { homePathOf } from '../../session/auth-rules.ts';
import { storeUsername } from '../../session/storage.ts';
import { MissingStep } from './components/missing-step.tsx';
import { readState, SignUpCreateState } from './flow-state.ts';
import { EmailText } from '../../components/email-text.tsx';

/** Sign-up, step 3 of 3 (/resgisterAccount and /Register): creates the verified account and logs it in. */
export default function RegisterAccountPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const auth = useAuth();
  const state = readState(SignUpCreateState, location.state);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  if (!state) {
    return (
      <MissingStep
        title="Your e-mail isn't verified yet"
        explanation="An account is created once the code we e-mail you has been checked, and this page was opened without that check. Start from the beginning; it only takes a minute."
        startPath={paths.createAccount}
        startLabel="Create an account"
      />
    );
  }

  const create = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setServerError(null);
    try {
      const { notice, ...response } = await call(authEndpoints.createUser, { body: { verification_token: state.verification_token } });
      if (state.username) storeUsername(state.username);
      const role = auth.login(response);
      // Said once the account exists, e.g. that a phone number another account uses was left out.
      if (notice) toast.info(notice, { autoClose: 10_000 });
      if (role === 'public') return;
      await navigate(homePathOf(role), { replace: true });
    } catch (error) {
      setServerError(errorMessageOf(error));
      setBusy(false);
    } finally {
      inFlight.current = false;
    }
  };

  const details: [string, string | undefined][] = [
    ['Email', state.email],
    ['Phone number', state.phone_number],
    ['Username', state.username],
  ];

  return (
    <FormCard
      icon={BadgeCheck}
      step="Step 3 of 3"
      title="Create your account"
      description="Your e-mail address is verified. Check your details and create your account."
      footer={
        <p>
          Something wrong?{' '}
          <Link to={paths.createAccount} className="font-semibold text-teal-800 hover:underline">
            Start again
          </Link>
        </p>
      }
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void create();
        }}
        className="space-y-5"
      >
        <dl className="divide-y divide-slate-100 rounded-2xl border border-slate-200">
          {details
            .filter((detail): detail is [string, string] => Boolean(detail[1]))
            .map(([term, value]) => (
              <div key={term} className="flex flex-col gap-0.5 px-4 py-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
                <dt className="text-sm text-slate-500">{term}</dt>
                <dd className="min-w-0 text-sm font-medium text-slate-900 sm:text-right">{term === 'Email' ? <EmailText value={value} /> : value}</dd>
              </div>
            ))}
        </dl>
        <FormAlert>{serverError}</FormAlert>
        <SubmitButton busy={busy}>Create my account</SubmitButton>
      </form>
    </FormCard>
  );
}
