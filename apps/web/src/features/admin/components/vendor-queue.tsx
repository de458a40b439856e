import type { AdminVendorSummary } from '@localloop/contract';
import { ChevronRight, Inbox, LoaderCircle } from 'lucide-react';
import { Link } from 'react-router';
import { errorMessageOf } from '../../../components/server-errors.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { useAdminVendors } from '../api/get-admin-vendors.ts';
import type { AdminVendorFilter } from '../api/get-admin-vendors.ts';
import { StatusBadge } from './status-badge.tsx';

type VendorQueueProps = {
  status: AdminVendorFilter;
  q: string;
  selectedId: string | null;
  /** The address that selects a vendor (keeps the tab and the search). */
  hrefOf: (vendor: AdminVendorSummary) => string;
};

const emptyText: Record<AdminVendorFilter, string> = {
  pending: 'No application is waiting for review.',
  approved: 'No approved vendors.',
  rejected: 'No rejected applications.',
  suspended: 'No suspended vendors.',
  not_submitted: 'No applications in progress.',
  all: 'No vendors yet.',
};

/** The vendors of one tab; the pending queue comes oldest first, so the longest wait is on top. */
export function VendorQueue({ status, q, selectedId, hrefOf }: VendorQueueProps) {
  const vendors = useAdminVendors(status, q);
  if (vendors.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 px-4 py-6 text-sm text-slate-500">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        Loading vendors…
      </p>
    );
  }
  if (vendors.isError && !vendors.data) {
    return (
      <div role="alert" className="space-y-3 px-4 py-6 text-sm">
        <p className="text-red-800">Could not load the vendors. {errorMessageOf(vendors.error)}</p>
        <button type="button" className="btn-secondary" onClick={() => void vendors.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const items = vendors.data.pages.flatMap((page) => page.results);
  const count = vendors.data.pages[0]?.count ?? 0;
  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 px-4 py-10 text-center text-sm text-slate-600">
        <Inbox aria-hidden="true" className="size-6 text-slate-400" />
        {q ? `No vendors match “${q}”.` : emptyText[status]}
      </div>
    );
  }
  return (
    <div className={vendors.isPlaceholderData ? 'opacity-60' : undefined}>
      <p className="px-4 pb-2 text-xs text-slate-500" role="status">
        {count === 1 ? '1 vendor' : `${count} vendors`}
        {status === 'pending' && ', oldest application first'}
      </p>
      <ul aria-label="Vendors" className="divide-y divide-slate-100 border-t border-slate-100">
        {items.map((vendor) => {
          const selected = vendor.id === selectedId;
          return (
            <li key={vendor.id}>
              <Link
                to={hrefOf(vendor)}
                aria-current={selected ? 'true' : undefined}
                className={`flex items-center gap-3 px-4 py-3 transition-colors ${selected ? 'bg-teal-50' : 'hover:bg-slate-50'}`}
              >
                <div className="min-w-0 flex-1">
                  <p className="flex items-center gap-2">
                    <span className="truncate font-medium text-slate-900">{vendor.business_name}</span>
                    <StatusBadge vendor={vendor} />
                  </p>
                  <p className="truncate text-sm text-slate-600">
                    {vendor.category} · {vendor.owner_email ?? vendor.owner_phone ?? 'no contact'}
                  </p>
                  <p className="text-xs text-slate-500">
                    {vendor.submitted_at ? `Submitted ${formatDate(vendor.submitted_at, 'DD MMM YYYY hh:mm a')}` : `Started ${formatDate(vendor.created_at, 'DD MMM YYYY')}`}
                  </p>
                </div>
                <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
              </Link>
            </li>
          );
        })}
      </ul>
      {vendors.hasNextPage && (
        <div className="p-4">
          <button type="button" className="btn-secondary w-full" disabled={vendors.isFetchingNextPage} onClick={() => void vendors.fetchNextPage()}>
            {vendors.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        </div>
      )}
    </div>
  );
}
