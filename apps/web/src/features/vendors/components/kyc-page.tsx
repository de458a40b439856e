import type { KycStep, VendorProfile } from '@localloop/contract';
import { ArrowRight, Store } from 'lucide-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/form-alert.tsx';
import { errorMessageOf } from '../../../components/server-errors.ts';
import { Spinner } from '../../../components/spinner.tsx';
import { paths } from '../../../paths.ts';
import { useMyVendor } from '../api/get-my-vendor.ts';
import { allStepsComplete, isLive, kycStepList } from '../kyc-steps.ts';
import { KycStatusBanner } from './kyc-status-banner.tsx';
import { KycStepper } from './kyc-stepper.tsx';
import { PendingChangesNotice } from './pending-changes-notice.tsx';
import { SubmitForReview } from './submit-for-review.tsx';
import { SubmittedScreen } from './submitted-screen.tsx';

type KycPageProps = {
  step: KycStep;
  /** The page's heading; it may depend on the record (e.g. "Vendor profile" once approved). */
  heading: string | ((profile: VendorProfile | null) => string);
  description: ReactNode | ((profile: VendorProfile | null) => ReactNode);
  /** The step's content once GET /vendor/me/ has answered; null before the first /BasicInfo save. */
  children: (profile: VendorProfile | null) => ReactNode;
  /** /AddAddress, the last step, always shows the submit panel; the others only once every step is complete. */
  alwaysShowSubmit?: boolean;
};

function NotStarted() {
  return (
    <div className="rounded-3xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8">
      <span className="mx-auto flex size-11 items-center justify-center rounded-2xl bg-teal-50 text-teal-700">
        <Store aria-hidden="true" className="size-5" />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">Start with your basic info</h2>
      <p className="mt-1 text-sm text-slate-600">Your vendor application begins with your business name and category. This step opens once they are saved.</p>
      <Link to={paths.basicInfo} className="btn-primary mt-5">
        Go to basic info
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </div>
  );
}

/**
 * The frame of every KYC page: heading, the stepper, the status banner, the step's own content and the
 * submit panel. Loads GET /vendor/me/ (404: not started, so only /BasicInfo is usable).
 */
export function KycPage({ step, heading, description, children, alwaysShowSubmit = false }: KycPageProps) {
  const vendor = useMyVendor();
  // Right after a submit the page gives way to "submitted — what happens next", until the vendor goes back to it.
  const [justSubmitted, setJustSubmitted] = useState(false);
  const profile = vendor.data ?? null;
  const loaded = vendor.data !== undefined;
  const index = kycStepList.findIndex((s) => s.step === step);
  const title = typeof heading === 'function' ? heading(profile) : heading;
  const intro = typeof description === 'function' ? description(profile) : description;

  let content: ReactNode;
  if (!loaded) {
    content = vendor.error ? (
      <div className="space-y-4">
        <FormAlert>{errorMessageOf(vendor.error)}</FormAlert>
        <button type="button" onClick={() => void vendor.refetch()} className="btn-secondary">
          Try again
        </button>
      </div>
    ) : (
      <Spinner label="Loading your vendor details…" className="py-16" />
    );
  } else if (!profile && step !== 'basic_info') {
    content = <NotStarted />;
  } else {
    content = children(profile);
  }

  const showSubmit = profile !== null && (alwaysShowSubmit || allStepsComplete(profile));

  if (justSubmitted && profile) return <SubmittedScreen profile={profile} onBack={() => setJustSubmitted(false)} />;

  return (
    <section className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <p className="text-xs font-semibold tracking-wide text-teal-700 uppercase">
        {isLive(profile) ? 'Your vendor profile' : `Become a vendor · Step ${index + 1} of ${kycStepList.length}`}
      </p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      {intro && <div className="mt-1 text-sm text-slate-600">{intro}</div>}
      <KycStepper current={step} profile={profile} />
      {profile && <KycStatusBanner profile={profile} />}
      {profile && <PendingChangesNotice profile={profile} />}
      <div className="mt-6 space-y-6">
        {content}
        {showSubmit && profile && <SubmitForReview profile={profile} onSubmitted={() => setJustSubmitted(true)} />}
      </div>
    </section>
  );
}
