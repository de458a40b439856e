import { accountEndpoints } from '@localloop/contract';
import type { Profile } from '@localloop/contract';
import { LogOut, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { call } from '../../api/client.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Panel } from '../../components/panel.tsx';
import { errorMessageOf } from '../../components/server-errors.ts';
import { useAuth } from '../../session/auth-context.tsx';
import { useProfile } from './api/get-profile.ts';
import { ChangePasswordForm } from './components/change-password-form.tsx';
import { DeleteAccountDialog } from './components/delete-account-dialog.tsx';
import { ProfileLoading } from './components/page-state.tsx';

export const accountDeletedMessage = 'Your account has been deleted.';
export const loggedOutEverywhereMessage = 'You have been logged out of all devices.';

/** /Settings (users and vendors): password, sessions, and deleting the account. */
export default function SettingsPage() {
  const profile = useProfile();
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Settings</h1>
      <p className="mt-1 text-sm text-slate-600">Your password, where you are logged in, and your account.</p>
      <div className="mt-8 space-y-6">
        {profile.data ? <SettingsPanels profile={profile.data} /> : <ProfileLoading error={profile.error} onRetry={() => void profile.refetch()} />}
      </div>
    </section>
  );
}

function SettingsPanels({ profile }: { profile: Profile }) {
  const auth = useAuth();
  const [deleting, setDeleting] = useState(false);
  return (
    <>
      <Panel
        title="Password"
        description={
          profile.has_password
            ? 'Changing it keeps you logged in here and logs you out on your other devices.'
            : 'Your account has no password: you log in with Google or with a code sent to your phone.'
        }
      >
        {profile.has_password ? <ChangePasswordForm profile={profile} /> : null}
      </Panel>

      <Panel title="Devices" description="Lost a phone, or logged in on a shared computer? End every session, including this one.">
        <LogoutEverywhere />
      </Panel>

      <Panel
        tone="danger"
        title="Delete account"
        description="Removes your profile and personal details for good. Bookings and purchases stay, without your name, for the vendors' records."
      >
        <button
          type="button"
          onClick={() => setDeleting(true)}
          className="inline-flex items-center justify-center gap-2 rounded-xl border border-red-300 bg-white px-4 py-2.5 text-sm font-semibold text-red-700 shadow-sm hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600"
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Delete my account
        </button>
        <DeleteAccountDialog
          open={deleting}
          hasPassword={profile.has_password}
          onClose={() => setDeleting(false)}
          onDeleted={() => {
            setDeleting(false);
            // The server has ended every session already; nothing is left to revoke.
            void auth.logout({ message: accountDeletedMessage, revoke: false });
          }}
        />
      </Panel>
    </>
  );
}

function LogoutEverywhere() {
  const auth = useAuth();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);

  const logoutAll = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      await call(accountEndpoints.logoutAll);
      await auth.logout({ message: loggedOutEverywhereMessage, revoke: false });
    } catch (failure) {
      setError(errorMessageOf(failure));
      setBusy(false);
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <>
      <button
        type="button"
        onClick={() => {
          setError(null);
          setAsking(true);
        }}
        className="btn-secondary"
      >
        <LogOut aria-hidden="true" className="size-4" />
        Log out of all devices
      </button>
      <ConfirmDialog
        open={asking}
        icon={LogOut}
        title="Log out of all devices?"
        description="Every session of your account ends, this one included: you will need to log in again on each phone and computer."
        confirmLabel="Yes, log out everywhere"
        busy={busy}
        error={error}
        onCancel={() => setAsking(false)}
        onConfirm={() => void logoutAll()}
      />
    </>
  );
}
