import { Settings } from 'lucide-react';
import { Link } from 'react-router';
import { Panel } from '../../components/panel.tsx';
import { paths } from '../../paths.ts';
import { useProfile } from './api/get-profile.ts';
import { ContactRow } from './components/contact-change.tsx';
import { DetailsForm } from './components/details-form.tsx';
import { ProfileLoading } from './components/page-state.tsx';
import { ProfilePhoto } from './components/profile-photo.tsx';

/** /UserProfile: photo, name and username, and the e-mail and phone number (changed through a code). */
export default function ProfilePage() {
  const profile = useProfile();
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Your profile</h1>
          <p className="mt-1 text-sm text-slate-600">How you appear to vendors and other people on LocalLoop, and how we reach you.</p>
        </div>
        <Link to={paths.settings} className="btn-ghost">
          <Settings aria-hidden="true" className="size-4" />
          Settings
        </Link>
      </div>

      <div className="mt-8 space-y-6">
        {profile.data ? (
          <>
            <Panel title="Profile photo">
              <ProfilePhoto profile={profile.data} />
            </Panel>
            <Panel title="Your details">
              <DetailsForm profile={profile.data} />
            </Panel>
            <Panel title="E-mail and phone" description="A new e-mail address or phone number replaces the current one once you enter the code we send to it.">
              <div className="divide-y divide-slate-100">
                <ContactRow profile={profile.data} channel="email" />
                <ContactRow profile={profile.data} channel="sms" />
              </div>
            </Panel>
          </>
        ) : (
          <ProfileLoading error={profile.error} onRetry={() => void profile.refetch()} />
        )}
      </div>
    </section>
  );
}
