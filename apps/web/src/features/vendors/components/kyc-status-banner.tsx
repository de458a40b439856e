import type { VendorProfile } from '@localloop/contract';
import { CircleAlert, CircleCheck, Clock, FileText, PauseCircle } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { kycStepList, stepsToFix } from '../kyc-steps.ts';

/** The banner's id: after a submit the page moves the focus (and the view) to the new status. */
export const kycStatusId = 'kyc-status';

type Tone = 'info' | 'wait' | 'good' | 'bad';

const tones: Record<Tone, string> = {
  info: 'border-sky-200 bg-sky-50 text-sky-950',
  wait: 'border-amber-200 bg-amber-50 text-amber-950',
  good: 'border-teal-200 bg-teal-50 text-teal-950',
  bad: 'border-red-200 bg-red-50 text-red-950',
};

function Banner({ tone, icon: Icon, title, children, alert = false }: { tone: Tone; icon: LucideIcon; title: string; children?: ReactNode; alert?: boolean }) {
  return (
    <div
      id={kycStatusId}
      tabIndex={-1}
      role={alert ? 'alert' : 'status'}
      data-testid="kyc-status"
      className={`mt-6 flex scroll-mt-24 gap-3 rounded-2xl border p-4 focus:outline-none sm:p-5 ${tones[tone]}`}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 text-sm">
        <p className="font-semibold">{title}</p>
        {children && <div className="mt-1 space-y-2">{children}</div>}
      </div>
    </div>
  );
}

/** The steps the operator asked to fix, each a link to its page (they are marked in the stepper too). */
function StepsToFix({ profile }: { profile: VendorProfile }) {
  const steps = kycStepList.filter(({ step }) => stepsToFix(profile).includes(step));
  if (steps.length === 0) return null;
  return (
    <div>
      <p className="font-medium">{steps.length === 1 ? 'The step to fix:' : 'The steps to fix:'}</p>
      <ul aria-label="Steps to fix" className="mt-1.5 flex flex-wrap gap-2">
        {steps.map(({ step, label, path }) => (
          <li key={step}>
            <Link to={path} className="inline-flex items-center rounded-lg bg-white px-2.5 py-1.5 font-medium text-red-800 ring-1 ring-red-200 hover:bg-red-100">
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Where the application stands: not submitted, under review, approved (live), suspended, or rejected with the operator's reason. */
export function KycStatusBanner({ profile }: { profile: VendorProfile }) {
  if (profile.is_suspended) {
    return (
      <Banner tone="bad" icon={PauseCircle} title="Your shop is suspended">
        <p>The marketplace team has taken your shop off LocalLoop for now. Contact support to find out more.</p>
      </Banner>
    );
  }
  switch (profile.kyc_status) {
    case 'pending':
      return (
        <Banner tone="wait" icon={Clock} title={profile.is_approved ? 'Your changes are under review' : 'Your application is under review'}>
          <p>
            {profile.is_approved
              ? 'Your shop stays live with its approved details meanwhile. We will let you know when the marketplace team has looked at your changes.'
              : 'The marketplace team is checking your details and documents. We will let you know when they have decided.'}
          </p>
        </Banner>
      );
    case 'approved':
      return (
        <Banner tone="good" icon={CircleCheck} title="Approved: your shop is live">
          <p>
            Opening hours and addresses change at once. Changes to your basic info and bank details go live only once you send them for review and
            the marketplace team approves them; your shop stays live meanwhile.
          </p>
        </Banner>
      );
    case 'rejected':
      return (
        <Banner tone="bad" icon={CircleAlert} title={profile.is_approved ? 'Your changes were not approved' : 'Your application was not approved'} alert>
          <p>The marketplace team gave this reason:</p>
          <blockquote data-testid="rejection-reason" className="rounded-xl border border-red-200 bg-white px-3.5 py-2.5 text-base font-medium whitespace-pre-line text-red-900">
            {profile.rejection_reason?.trim() || 'No reason was given.'}
          </blockquote>
          <StepsToFix profile={profile} />
          <p>
            {profile.is_approved
              ? 'The changes were discarded and your shop stays live with its approved details. Make the changes again, then send them for review.'
              : 'Fix what is asked in the steps below, then resubmit for review.'}
          </p>
        </Banner>
      );
    default:
      return (
        <Banner tone="info" icon={FileText} title="Not submitted yet">
          <p>Complete the five steps, then submit your application for review. You can stop at any time and come back later.</p>
        </Banner>
      );
  }
}
