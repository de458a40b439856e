import type { PurchaseStatus } from '@localloop/contract';

export const purchaseStatusLabels: Record<PurchaseStatus, string> = {
  paid: 'Paid',
  fulfilled: 'Fulfilled',
  refunded: 'Refunded',
};

const tones: Record<PurchaseStatus, string> = {
  paid: 'bg-teal-50 text-teal-900 ring-teal-200',
  fulfilled: 'bg-slate-100 text-slate-800 ring-slate-300',
  refunded: 'bg-red-50 text-red-800 ring-red-200',
};

/** Where a purchase stands: paid (its QR code can be redeemed), fulfilled (redeemed at the shop) or refunded. */
export function PurchaseStatusBadge({ status }: { status: PurchaseStatus }) {
  return <span className={`inline-flex shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${tones[status]}`}>{purchaseStatusLabels[status]}</span>;
}
