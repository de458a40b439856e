import { authEndpoints } from '@localloop/contract';
import { MailCheck } from 'lucide-react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { call } from '../../api/client.ts';
import { CodeForm, expiryText } from '../../components/code-form.tsx';
import { FormCard } from '../../components/form-card.tsx';
import { paths } from '../../paths.ts';
import { MissingStep } from './components/missing-step.tsx';
import { emailFromQuery, readState, SignUpCodeState } from './flow-state.ts';
import type { SignUpCreateState } from './flow-state.ts';
import { EmailText } from '../../components/email-text.tsx';

/** Sign-up, step 2 of 3 (/OtpVerifyPage and /VerifyOtp): the code e-mailed by step 1. */
export default function VerifyRegistrationPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const state = readState(SignUpCodeState, location.state);
  const email = state?.email ?? emailFromQuery(search);

  if (!email) {
    return (
      <MissingStep
        title="Which sign-up is this?"
        explanation="This page checks the code we e-mail when you sign up, but it was opened without the sign-up it belongs to. Start from the beginning and we'll send you a code."
        startPath={paths.createAccount}
        startLabel="Create an account"
      />
    );
  }

  const verify = async (otp: string) => {
    const { verification_token } = await call(authEndpoints.verifyRegistration, { body: { email, otp } });
    const next: SignUpCreateState = {
      verification_token,
      email,
      phone_number: state?.phone_number,
      username: state?.username,
    };
    await navigate(paths.resgisterAccount, { state: next });
  };

  return (
    <FormCard
      icon={MailCheck}
      step="Step 2 of 3"
      title="Check your e-mail"
      footer={
        <p>
          Wrong e-mail address?{' '}
          <Link to={paths.createAccount} className="font-semibold text-teal-800 hover:underline">
            Start again
          </Link>
        </p>
      }
    >
      <CodeForm
        intro={
          <p>
            We sent a 6-digit code to <strong className="font-semibold text-slate-900"><EmailText value={state?.sent?.sent_to ?? email} /></strong>.{' '}
            {expiryText(state?.sent?.expires_in)}
          </p>
        }
        focusOnMount
        submitLabel="Verify"
        resendIn={state?.sent?.resend_in ?? 0}
        onVerify={verify}
        onResend={() => call(authEndpoints.resendRegistrationOtp, { body: { email } })}
        outboxRecipient={email}
      />
    </FormCard>
  );
}
