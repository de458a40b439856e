import { authEndpoints } from '@localloop/contract';
import { LogIn } from 'lucide-react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { call } from '../../api/client.ts';
import { FormAlert } from '../../components/form-alert.tsx';
import { FormCard } from '../../components/form-card.tsx';
import { errorMessageOf } from '../../components/server-errors.ts';
import { Spinner } from '../../components/spinner.tsx';
import { config } from '../../config.ts';
import { paths } from '../../paths.ts';
import { useAuth } from '../../session/auth-context.tsx';
import { homePathOf } from '../../session/auth-rules.ts';
import { loadGoogleIdentity } from './google-identity.ts';
import type { GoogleCredentialResponse } from './google-identity.ts';

const otherWays = (
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
);

/** /SocialLogin: "Continue with Google", offered only when this build has a Google client id. */
export default function SocialLoginPage() {
  const clientId = config.googleClientId;
  if (!clientId) {
    return (
      <FormCard
        icon={LogIn}
        title="Google sign-in is not available"
        description="This LocalLoop is not set up to sign in with Google. Log in with your e-mail address and password, or with a code sent to your phone."
        footer={
          <p>
            <Link to={paths.phoneOtp} className="font-semibold text-teal-800 hover:underline">
              Log in with your phone number
            </Link>
          </p>
        }
      >
        <Link to={paths.login} className="btn-primary w-full py-3 text-base">
          Go to log in
        </Link>
      </FormCard>
    );
  }
  return <GoogleSignIn clientId={clientId} />;
}

type Status = 'loading' | 'ready' | 'unavailable' | 'signing-in';

function GoogleSignIn({ clientId }: { clientId: string }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const buttonRef = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [serverError, setServerError] = useState<string | null>(null);

  const signIn = useEffectEvent(async (answer: GoogleCredentialResponse) => {
    setServerError(null);
    setStatus('signing-in');
    try {
      const response = await call(authEndpoints.socialLogin, {
        body: { credential: answer.credential, client_id: answer.client_id ?? answer.clientId ?? clientId, select_by: answer.select_by },
      });
      const role = auth.login(response);
      if (role === 'public') return;
      await navigate(homePathOf(role), { replace: true });
    } catch (error) {
      setServerError(errorMessageOf(error));
      setStatus('ready');
    }
  });

  useEffect(() => {
    let active = true;
    loadGoogleIdentity().then(
      (google) => {
        const parent = buttonRef.current;
        if (!active || !parent) return;
        google.initialize({ client_id: clientId, callback: (answer) => void signIn(answer), context: 'signin', itp_support: true });
        google.renderButton(parent, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'continue_with',
          shape: 'pill',
          logo_alignment: 'left',
          // Google draws the button at a fixed pixel width, between 200 and 400.
          width: Math.min(400, Math.max(200, Math.floor(parent.clientWidth))),
        });
        setStatus('ready');
      },
      () => {
        if (active) setStatus('unavailable');
      },
    );
    return () => {
      active = false;
    };
  }, [clientId]);

  return (
    <FormCard
      icon={LogIn}
      title="Continue with Google"
      description="Use your Google account to log in, or to create a LocalLoop account with its verified e-mail address."
      footer={otherWays}
    >
      <div className="space-y-5">
        <div ref={buttonRef} data-testid="google-button" className="flex min-h-11 w-full justify-center" />
        {status === 'loading' && <Spinner label="Loading Google sign-in…" />}
        {status === 'signing-in' && <Spinner label="Signing you in…" />}
        {status === 'unavailable' && (
          <FormAlert>Google sign-in could not be loaded. Check your connection, or log in with your e-mail address.</FormAlert>
        )}
        <FormAlert>{serverError}</FormAlert>
      </div>
    </FormCard>
  );
}
