import { accountEndpoints, type UndoContactChangeResponse } from '@localloop/contract';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { call } from '../../api/client.ts';
import { FormAlert } from '../../components/form-alert.tsx';
import { FormCard } from '../../components/form-card.tsx';
import { errorMessageOf } from '../../components/server-errors.ts';
import { SubmitButton } from '../../components/submit-button.tsx';
import { paths } from '../../paths.ts';
import { useAuth } from '../../session/auth-context.tsx';

/**
 * /undo-change#<token>: the link sent to the old e-mail or phone after it was replaced. The token travels in the
 * #fragment, which browsers never send to a server (so no log holds it); nothing happens until the person confirms,
 * because mail scanners open links on their own.
 */
export default function UndoChangePage() {
  const { hash } = useLocation();
  const auth = useAuth();
  const token = decodeURIComponent(hash.replace(/^#/, ''));
  const [done, setDone] = useState<UndoContactChangeResponse | null>(null);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const inFlight = useRef(false);

  if (!token) {
    return (
      <FormCard
        icon={ShieldAlert}
        title="This link is incomplete"
        description="Open the link again from the message we sent you, in full. If the change was not you and the link no longer works, choose a new password and contact support."
      >
        <Link to={paths.forgotPassword} className="btn-primary w-full py-3 text-base">
          Choose a new password
        </Link>
      </FormCard>
    );
  }

  if (done) {
    return (
      <FormCard icon={ShieldCheck} title="The change is undone" description={<p role="status">{done.message}</p>}>
        <Link to={paths.forgotPassword} className="btn-primary w-full py-3 text-base">
          Choose a new password
        </Link>
      </FormCard>
    );
  }

  const undo = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setServerError(null);
    try {
      const answer = await call(accountEndpoints.undoContactChange, { body: { token } });
      // The link has done its work: it leaves the address bar and the history.
      window.history.replaceState(window.history.state, '', window.location.pathname);
      if (auth.isAuthenticated) {
        // Every session of that account ended; this browser's too, if it was signed in.
        await auth.logout({ message: answer.message, revoke: false });
        return;
      }
      setDone(answer);
    } catch (error) {
      setServerError(errorMessageOf(error));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  return (
    <FormCard
      icon={ShieldAlert}
      title="Undo the change to your account?"
      description="Someone changed the e-mail address or phone number of your LocalLoop account. If it was not you, undo it now."
    >
      <ul className="list-disc space-y-1.5 pl-5 text-sm text-slate-700">
        <li>Your previous e-mail address or phone number comes back.</li>
        <li>Every device signed in to the account is signed out.</li>
        <li>The password is removed: you choose a new one through your restored address.</li>
      </ul>
      <form
        className="mt-6 space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void undo();
        }}
      >
        <FormAlert>{serverError}</FormAlert>
        <SubmitButton busy={busy}>Undo the change</SubmitButton>
      </form>
    </FormCard>
  );
}
