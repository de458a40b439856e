import type { AdminVendorSummary } from '@localloop/contract';

type Status = Pick<AdminVendorSummary, 'kyc_status' | 'is_approved' | 'is_suspended'>;

/** One word for where a vendor stands; a suspension outranks the review state. */
export function statusOf(vendor: Status): { label: string; className: string } {
  if (vendor.is_suspended) return { label: 'Suspended', className: 'bg-red-100 text-red-800' };
  switch (vendor.kyc_status) {
    case 'pending':
      return vendor.is_approved
        ? { label: 'Reapplied', className: 'bg-amber-100 text-amber-800' }
        : { label: 'Pending', className: 'bg-amber-100 text-amber-800' };
    case 'approved':
      return { label: 'Approved', className: 'bg-teal-100 text-teal-800' };
    case 'rejected':
      return { label: 'Rejected', className: 'bg-rose-100 text-rose-800' };
    default:
      return { label: 'Not submitted', className: 'bg-slate-100 text-slate-700' };
  }
}

export function StatusBadge({ vendor }: { vendor: Status }) {
  const { label, className } = statusOf(vendor);
  return <span className={`badge ${className}`}>{label}</span>;
}
