import type { VendorProfile } from '@localloop/contract';
import { ArrowLeft, Bell, CircleCheck, ClipboardCheck, Eye, LayoutDashboard, Store } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths, to } from '../../../paths.ts';
import { useAuth } from '../../../session/auth-context.tsx';

type Step = { icon: LucideIcon; title: string; body: string };

/** What happens after a first application is sent. */
const applicationSteps: Step[] = [
  {
    icon: ClipboardCheck,
    title: 'The marketplace team checks your application',
    body: 'They look at your details, documents and payout account, in the order applications arrive. You can still correct your details meanwhile.',
  },
  {
    icon: Bell,
    title: 'We let you know',
    body: 'A notification (the bell at the top) tells you as soon as they decide. If something needs changing, it names the steps to fix, and they are marked here.',
  },
  {
    icon: Store,
    title: 'Your shop goes live',
    body: 'Once approved, customers find you in the directory, and you can switch to the vendor view to manage your shop and create deals.',
  },
];

/** What happens after an approved vendor's changes are sent. */
const changeSteps: Step[] = [
  {
    icon: ClipboardCheck,
    title: 'The marketplace team checks your changes',
    body: 'Your shop stays live with its approved details meanwhile. Your basic info and bank details are locked until they decide; opening hours and addresses still change at once.',
  },
  {
    icon: Bell,
    title: 'We let you know',
    body: 'A notification (the bell at the top) tells you as soon as they decide.',
  },
  {
    icon: CircleCheck,
    title: 'The changes go live',
    body: 'Approved changes replace the live ones at once. If they are not approved, your shop keeps its details and you can send new changes.',
  },
];

/**
 * Shown in place of the KYC page right after a successful submit: that it was sent, and what happens next. It takes
 * the focus (its heading), as a new page would; "Back to your application" returns to the page it replaced.
 */
export function SubmittedScreen({ profile, onBack }: { profile: VendorProfile; onBack: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { userRole, userData } = useAuth();
  const accountId = String(userData?.user?.id ?? '');
  const changes = profile.is_approved;
  const steps = changes ? changeSteps : applicationSteps;

  useEffect(() => {
    window.scrollTo({ top: 0 });
    heading.current?.focus();
  }, []);

  return (
    <section aria-labelledby="kyc-submitted-title" data-testid="kyc-submitted" className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="rounded-3xl border border-teal-200 bg-white p-6 shadow-sm sm:p-8">
        <span className="flex size-12 items-center justify-center rounded-2xl bg-teal-50 text-teal-700">
          <CircleCheck aria-hidden="true" className="size-6" />
        </span>
        <p className="mt-4 text-xs font-semibold tracking-wide text-teal-700 uppercase">{changes ? 'Your vendor profile' : 'Become a vendor'}</p>
        <h1 id="kyc-submitted-title" ref={heading} tabIndex={-1} className="mt-1 text-2xl font-bold tracking-tight text-slate-900 focus:outline-none sm:text-3xl">
          {changes ? 'Your changes were sent for review' : 'Application submitted'}
        </h1>
        <p className="mt-2 text-slate-600">
          {changes
            ? `Thanks. The marketplace team will review the changes to ${profile.business_name}.`
            : `Thanks, ${profile.business_name} is now waiting for review.`}
        </p>

        <h2 className="mt-8 text-base font-semibold text-slate-900">What happens next</h2>
        <ol className="mt-4 space-y-5">
          {steps.map(({ icon: Icon, title, body }, index) => (
            <li key={title} className="flex gap-3.5">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-700">
                <Icon aria-hidden="true" className="size-4.5" />
              </span>
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  <span className="sr-only">{`Step ${index + 1}: `}</span>
                  {title}
                </p>
                <p className="mt-0.5 text-sm text-slate-600">{body}</p>
              </div>
            </li>
          ))}
        </ol>

        <div className="mt-8 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {userRole === 'vendor' ? (
            <Link to={paths.vendorDashboard} className="btn-primary">
              <LayoutDashboard aria-hidden="true" className="size-4" />
              Go to your dashboard
            </Link>
          ) : (
            <Link to={paths.localActivities} className="btn-primary">
              Explore LocalLoop meanwhile
            </Link>
          )}
          {changes && accountId && (
            <Link to={to.vendorProfile(accountId)} className="btn-secondary">
              <Eye aria-hidden="true" className="size-4" />
              View your public page
            </Link>
          )}
          <button type="button" onClick={onBack} className="btn-secondary">
            <ArrowLeft aria-hidden="true" className="size-4" />
            {changes ? 'Back to your vendor profile' : 'Back to your application'}
          </button>
        </div>
      </div>
    </section>
  );
}
