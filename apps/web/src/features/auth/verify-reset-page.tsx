import { authEndpoints } from '@localloop/contract';
import { MailCheck } from 'lucide-react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { call } from '../../api/client.ts';
import { CodeForm, expiryText } from '../../components/code-form.tsx';
import { FormCard } from '../../components/form-card.tsx';
import { paths } from '../../paths.ts';
import { MissingStep } from './components/missing-step.tsx';
import { emailFromQuery, readState, ResetCodeState } from './flow-state.ts';
import type { ResetPasswordState } from './flow-state.ts';
import { EmailText } from '../../components/email-text.tsx';

/** The server allows another code after a minute; its first answer here does not say (it is neutral). */
const firstResendWait = 60;

/** Forgotten password, step 2 of 3: the code e-mailed by step 1; answers the reset token. */
export default function VerifyResetPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const state = readState(ResetCodeState, location.state);
  const email = state?.email ?? emailFromQuery(search);

  if (!email) {
    return (
      <MissingStep
        title="Which account is this for?"
        explanation="This page checks the code we e-mail when you reset a forgotten password, but it was opened without the e-mail address it was sent to. Start again and we'll send you a code."
        startPath={paths.forgotPassword}
        startLabel="Reset my password"
      />
    );
  }

  const verify = async (otp: string) => {
    const { reset_token } = await call(authEndpoints.verifyReset, { body: { email, otp } });
    const next: ResetPasswordState = { reset_token, email };
    await navigate(paths.resetPassword, { state: next });
  };

  return (
    <FormCard
      icon={MailCheck}
      step="Step 2 of 3"
      title="Check your e-mail"
      footer={
        <p>
          Wrong e-mail address?{' '}
          <Link to={paths.forgotPassword} className="font-semibold text-teal-800 hover:underline">
            Start again
          </Link>
        </p>
      }
    >
      <CodeForm
        intro={
          <p>
            If <strong className="font-semibold text-slate-900"><EmailText value={email} /></strong> belongs to a LocalLoop account, we sent a
            6-digit code to it. {expiryText(undefined)}
          </p>
        }
        focusOnMount
        submitLabel="Continue"
        resendIn={state ? firstResendWait : 0}
        onVerify={verify}
        onResend={() => call(authEndpoints.resendOtp)}
        outboxRecipient={email}
      />
    </FormCard>
  );
}
