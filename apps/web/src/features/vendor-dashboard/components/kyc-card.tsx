import { kycStepLabels } from '@localloop/contract';
import type { KycStep, VendorDashboard } from '@localloop/contract';
import { ArrowRight, CircleAlert, Clock, PauseCircle, PencilLine } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../paths.ts';
import { DashboardCard } from './dashboard-card.tsx';

/** Shown while the shop is not simply live and approved: the KYC status, the next step, the operator's reason, or changes not sent yet. */
export function showKycCard(data: VendorDashboard): boolean {
  const { vendor } = data;
  return vendor.is_suspended || !vendor.is_approved || vendor.kyc_status !== 'approved' || vendor.unsent_changes;
}

function EditDetailsLink({ children }: { children: string }) {
  return (
    <Link to={paths.basicInfo} className="btn-primary mt-4 w-full sm:w-auto">
      {children}
      <ArrowRight aria-hidden="true" className="size-4" />
    </Link>
  );
}

function NextStepLink({ data, fallback }: { data: VendorDashboard; fallback: string }) {
  const next = data.next_step;
  return (
    <Link to={next?.path ?? paths.addAddress} className="btn-primary mt-4 w-full sm:w-auto">
      {next ? `Next: ${next.label}` : fallback}
      <ArrowRight aria-hidden="true" className="size-4" />
    </Link>
  );
}

/** Where each KYC step is edited. */
const stepPaths: Record<KycStep, string> = {
  basic_info: paths.basicInfo,
  documents: paths.vendorDocument,
  bank_details: paths.bankDetails,
  service_time: paths.serviceTime,
  addresses: paths.addAddress,
};

/** The steps the operator asked to fix, each a link to its page. */
function StepsToFix({ steps }: { steps: readonly KycStep[] }) {
  if (steps.length === 0) return null;
  return (
    <div className="mt-3">
      <p className="text-sm font-medium text-slate-800">To fix:</p>
      <ul aria-label="Steps to fix" className="mt-1 flex flex-wrap gap-2">
        {steps.map((step) => (
          <li key={step}>
            <Link to={stepPaths[step]} className="inline-flex items-center rounded-lg bg-red-50 px-2.5 py-1.5 text-sm font-medium text-red-800 ring-1 ring-red-200 hover:bg-red-100">
              {kycStepLabels[step]}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The KYC banner of the dashboard (spec: "KYC banner and next step while not approved"). */
export function KycCard({ data }: { data: VendorDashboard }) {
  const { vendor } = data;
  if (vendor.is_suspended) {
    return (
      <DashboardCard title="Your shop is suspended" icon={PauseCircle} tone="bad">
        <p className="text-sm text-slate-700">The marketplace team has taken your shop off LocalLoop for now. Contact support to find out more.</p>
      </DashboardCard>
    );
  }
  if (vendor.kyc_status === 'rejected') {
    return (
      <DashboardCard title={vendor.is_approved ? 'Your changes were not approved' : 'Your application was not approved'} icon={CircleAlert} tone="bad">
        <p className="text-sm text-slate-700">The marketplace team gave this reason:</p>
        <blockquote className="mt-2 rounded-xl border border-red-200 bg-white px-3.5 py-2.5 font-medium whitespace-pre-line text-red-900">
          {vendor.rejection_reason?.trim() || 'No reason was given.'}
        </blockquote>
        <StepsToFix steps={vendor.rejection_steps} />
        {vendor.is_approved ? (
          <>
            <p className="mt-2 text-sm text-slate-700">The changes were discarded and your shop stays live with its approved details.</p>
            <EditDetailsLink>Edit your details</EditDetailsLink>
          </>
        ) : (
          <NextStepLink data={data} fallback="Fix and resubmit" />
        )}
      </DashboardCard>
    );
  }
  if (vendor.kyc_status === 'pending') {
    return (
      <DashboardCard title={vendor.is_approved ? 'Your changes are under review' : 'Your application is under review'} icon={Clock} tone="warn">
        <p className="text-sm text-slate-700">
          {vendor.is_approved ? 'Your shop stays live meanwhile. ' : ''}We will let you know when the marketplace team has looked at it.
        </p>
      </DashboardCard>
    );
  }
  if (vendor.kyc_status === 'approved' && vendor.unsent_changes) {
    return (
      <DashboardCard title="Your changes are not live yet" icon={PencilLine} tone="warn">
        <p className="text-sm text-slate-700">Customers see your approved details until you send your changes for review and the marketplace team approves them.</p>
        <EditDetailsLink>Review and send</EditDetailsLink>
      </DashboardCard>
    );
  }
  return (
    <DashboardCard title="Finish your vendor application" icon={CircleAlert} tone="warn">
      <p className="text-sm text-slate-700">
        {data.next_step ? 'A few steps are left before you can submit it for review.' : 'Every step is complete: submit it for review.'}
      </p>
      <NextStepLink data={data} fallback="Submit for review" />
    </DashboardCard>
  );
}
