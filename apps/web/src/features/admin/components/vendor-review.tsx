import { kycStepLabels, weekdayNames } from '@localloop/contract';
import type { AdminVendorDetail } from '@localloop/contract';
import { ArrowLeft, Ban, Check, CircleCheck, RotateCcw, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { EmailText } from '../../../components/email-text.tsx';
import { errorMessageOf } from '../../../components/server-errors.ts';
import { Spinner } from '../../../components/spinner.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import type { VendorDecisionKind } from '../api/decide-vendor.ts';
import { useAdminVendor } from '../api/get-admin-vendor.ts';
import { DecisionDialog } from './decision-dialog.tsx';
import { DocumentList } from './document-list.tsx';
import { ProposedChanges } from './proposed-changes.tsx';
import { StatusBadge } from './status-badge.tsx';
import { VendorPhotos } from './vendor-photos.tsx';

const when = 'DD MMM YYYY hh:mm a';

type VendorReviewProps = { id: string; backHref: string | null };

/** Everything an operator needs to decide about one vendor, and the decisions its state allows. */
export function VendorReview({ id, backHref }: VendorReviewProps) {
  const vendor = useAdminVendor(id);
  return (
    <div>
      {backHref && (
        <Link to={backHref} className="btn-ghost -ml-3 mb-3">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to the list
        </Link>
      )}
      {vendor.isPending ? (
        <Spinner label="Loading the vendor…" className="py-16" />
      ) : vendor.isError ? (
        <div role="alert" className="space-y-3 rounded-2xl border border-red-200 bg-red-50 p-5 text-sm text-red-800">
          <p>Could not load this vendor. {errorMessageOf(vendor.error)}</p>
          <button type="button" className="btn-secondary" onClick={() => void vendor.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <ReviewBody vendor={vendor.data} />
      )}
    </div>
  );
}

function ReviewBody({ vendor }: { vendor: AdminVendorDetail }) {
  const [decision, setDecision] = useState<VendorDecisionKind | null>(null);
  const isPending = vendor.kyc_status === 'pending';
  const canSuspend = vendor.is_approved && !vendor.is_suspended;
  return (
    <article aria-labelledby="review-title" className="space-y-5">
      <header className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <div className="flex flex-wrap items-start gap-4">
          {vendor.logo_thumbnail || vendor.logo ? (
            <img src={vendor.logo_thumbnail ?? vendor.logo ?? ''} alt="" className="size-16 rounded-2xl object-cover ring-1 ring-slate-200" />
          ) : null}
          <div className="min-w-0 flex-1">
            <h2 id="review-title" className="text-xl font-bold text-slate-900">
              {vendor.business_name}
            </h2>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
              <StatusBadge vendor={vendor} />
              {vendor.category}
              {vendor.submitted_at && <span>· submitted {formatDate(vendor.submitted_at, when)}</span>}
            </p>
          </div>
        </div>
        {vendor.rejection_reason && vendor.kyc_status === 'rejected' && (
          <div className="mt-3 rounded-xl bg-rose-50 px-3 py-2 text-sm text-rose-900">
            <p>Rejected because: {vendor.rejection_reason}</p>
            {vendor.rejection_steps.length > 0 && <p>To fix: {vendor.rejection_steps.map((step) => kycStepLabels[step]).join(', ')}</p>}
          </div>
        )}
        <div className="mt-4 flex flex-wrap gap-2" role="group" aria-label="Decisions">
          {isPending && (
            <>
              <button type="button" className="btn-primary" onClick={() => setDecision('approve')}>
                <Check aria-hidden="true" className="size-4" />
                Approve
              </button>
              <button type="button" className="btn-secondary text-red-700" onClick={() => setDecision('reject')}>
                <X aria-hidden="true" className="size-4" />
                Reject
              </button>
            </>
          )}
          {canSuspend && (
            <button type="button" className="btn-secondary text-red-700" onClick={() => setDecision('suspend')}>
              <Ban aria-hidden="true" className="size-4" />
              Suspend
            </button>
          )}
          {vendor.is_suspended && (
            <button type="button" className="btn-primary" onClick={() => setDecision('unsuspend')}>
              <RotateCcw aria-hidden="true" className="size-4" />
              Unsuspend
            </button>
          )}
          {!isPending && !canSuspend && !vendor.is_suspended && (
            <p className="text-sm text-slate-500">
              {vendor.kyc_status === 'rejected' ? 'Waiting for the owner to fix and resubmit.' : 'Nothing to decide until the owner submits.'}
            </p>
          )}
        </div>
      </header>

      {vendor.proposed_changes && <ProposedChanges changes={vendor.proposed_changes} />}

      <div className="grid grid-cols-1 gap-5 xl:grid-cols-2">
        <Block title={vendor.proposed_changes ? 'Business (live)' : 'Business'}>
          <Facts
            rows={[
              ['Description', vendor.description || '—'],
              ['Contact e-mail', vendor.contact_email ? <EmailText value={vendor.contact_email} /> : '—'],
              ['Contact phone', vendor.contact_phone ?? '—'],
              ['Approved', vendor.approved_at ? formatDate(vendor.approved_at, when) : '—'],
            ]}
          />
          <KycSteps steps={vendor.steps} />
        </Block>
        <Block title="Owner">
          <Facts
            rows={[
              ['Name', vendor.owner.name || '—'],
              ['E-mail', vendor.owner.email ? <EmailText value={vendor.owner.email} /> : '—'],
              ['Phone', vendor.owner.phone_number ?? '—'],
            ]}
          />
        </Block>
        <Block title="Documents">
          <DocumentList documents={vendor.documents} />
        </Block>
        <Block title={vendor.proposed_changes?.bank ? 'Bank details (live)' : 'Bank details'}>
          {vendor.bank_details ? (
            <Facts
              rows={[
                ['Account holder', vendor.bank_details.account_holder],
                ['Bank', vendor.bank_details.bank_name],
                [vendor.bank_details.kind === 'iban' ? 'IBAN' : 'Account number', vendor.bank_details.account_number_masked],
                ...(vendor.bank_details.routing_number ? [['Routing number', vendor.bank_details.routing_number] as [string, string]] : []),
              ]}
            />
          ) : (
            <p className="text-sm text-slate-500">Not given yet.</p>
          )}
        </Block>
        <Block title="Opening hours">
          <Hours vendor={vendor} />
        </Block>
        <Block title="Addresses">
          {vendor.addresses.length === 0 ? (
            <p className="text-sm text-slate-500">None yet.</p>
          ) : (
            <ul className="space-y-2 text-sm text-slate-700">
              {vendor.addresses.map((address) => (
                <li key={address.id}>
                  <span className="font-medium text-slate-900">{address.label || 'Address'}</span>
                  {address.is_primary && <span className="badge ml-2 bg-teal-50 text-teal-800">Main</span>}
                  <br />
                  {address.formatted_address}
                  <span className="block text-xs text-slate-500">
                    {address.latitude.toFixed(5)}, {address.longitude.toFixed(5)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Block>
      </div>
      <Block title="Photos">
        <VendorPhotos vendor={vendor} />
      </Block>
      <Block title="Decision history">
        {vendor.decisions.length === 0 ? (
          <p className="text-sm text-slate-500">No decision yet.</p>
        ) : (
          <ol className="space-y-3 text-sm">
            {vendor.decisions.map((decision) => (
              <li key={decision.id} className="border-l-2 border-slate-200 pl-3">
                <p>
                  <span className="font-semibold capitalize text-slate-900">{decision.decision}</span>{' '}
                  <span className="text-slate-500">
                    · {formatDate(decision.created_at, when)}
                    {decision.operator_email && ` · by ${decision.operator_email}`}
                  </span>
                </p>
                {decision.reason && <p className="text-slate-700">{decision.reason}</p>}
                {decision.steps.length > 0 && <p className="text-slate-600">To fix: {decision.steps.map((step) => kycStepLabels[step]).join(', ')}</p>}
              </li>
            ))}
          </ol>
        )}
      </Block>
      <DecisionDialog kind={decision} vendor={vendor} onClose={() => setDecision(null)} />
    </article>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h3 id={id} className="text-sm font-semibold uppercase tracking-wide text-slate-500">
        {title}
      </h3>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[minmax(0,6.5rem)_minmax(0,1fr)] gap-x-3 sm:grid-cols-[minmax(0,9rem)_minmax(0,1fr)] gap-y-1.5 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-slate-500">{term}</dt>
          <dd className="whitespace-pre-line text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const stepLabels: Record<keyof AdminVendorDetail['steps'], string> = {
  basic_info: 'Basic info',
  documents: 'Documents',
  bank_details: 'Bank details',
  service_time: 'Hours',
  addresses: 'Addresses',
};

function KycSteps({ steps }: { steps: AdminVendorDetail['steps'] }) {
  return (
    <ul aria-label="KYC steps" className="mt-4 flex flex-wrap gap-1.5">
      {(Object.keys(stepLabels) as (keyof typeof stepLabels)[]).map((step) => (
        <li key={step} className={`badge gap-1 ${steps[step] ? 'bg-teal-50 text-teal-800' : 'bg-slate-100 text-slate-600'}`}>
          {steps[step] && <CircleCheck aria-hidden="true" className="size-3" />}
          {stepLabels[step]}
          <span className="sr-only">{steps[step] ? ': done' : ': missing'}</span>
        </li>
      ))}
    </ul>
  );
}

function Hours({ vendor }: { vendor: AdminVendorDetail }) {
  const { hours, time_zone } = vendor.service_time;
  if (hours.length === 0) return <p className="text-sm text-slate-500">Not given yet.</p>;
  return (
    <div className="text-sm">
      <dl className="grid grid-cols-[7rem_minmax(0,1fr)] gap-y-1">
        {weekdayNames.map((name, index) => {
          const ranges = hours.filter((range) => range.weekday === index + 1).sort((a, b) => a.opens.localeCompare(b.opens));
          return (
            <div key={name} className="contents">
              <dt className="text-slate-500">{name}</dt>
              <dd className="text-slate-900">{ranges.length === 0 ? 'Closed' : ranges.map((r) => `${r.opens}–${r.closes}`).join(', ')}</dd>
            </div>
          );
        })}
      </dl>
      <p className="mt-2 text-xs text-slate-500">Time zone: {time_zone}</p>
    </div>
  );
}
