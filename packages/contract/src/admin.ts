import { z } from 'zod';
import { IdParams, KycStatus, PageQuery, paginated } from './common.ts';
import { endpoint, type Endpoint } from './endpoint.ts';
import { BankDetails, BasicInfoField, inStepOrder, KycStep, kycSteps, PendingChanges, VendorProfile } from './vendors.ts';

// ---- Operator --------------------------------------------------------------------------------

export const adminVendorFilters = ['pending', 'approved', 'rejected', 'suspended', 'not_submitted', 'all'] as const;
export const AdminVendorListQuery = PageQuery.extend({
  status: z.enum(adminVendorFilters).default('pending'),
  q: z.string().trim().max(100).optional(),
});

export const AdminVendorSummary = z.object({
  id: z.string().uuid(),
  user_id: z.string().uuid(),
  business_name: z.string(),
  category: z.string(),
  owner_email: z.string().nullable(),
  owner_phone: z.string().nullable(),
  kyc_status: KycStatus,
  is_approved: z.boolean(),
  is_suspended: z.boolean(),
  submitted_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminVendorSummary = z.infer<typeof AdminVendorSummary>;

export const AdminVendorListResponse = paginated(AdminVendorSummary);

export const vendorDecisions = ['approved', 'rejected', 'suspended', 'unsuspended'] as const;
export const VendorDecision = z.object({
  id: z.string().uuid(),
  decision: z.enum(vendorDecisions),
  reason: z.string(),
  /** A rejection's steps to fix, in step order; empty for other decisions. */
  steps: z.array(KycStep),
  operator_email: z.string().nullable(),
  created_at: z.string(),
});
export type VendorDecision = z.infer<typeof VendorDecision>;

/** An approved vendor's proposed changes beside the live values, for the operator who decides on them. */
export const ProposedChanges = PendingChanges.extend({
  /** Only the fields that differ; the logo as its image URL (null: none). */
  basic_info: z.array(z.object({ field: BasicInfoField, live: z.string().nullable(), proposed: z.string().nullable() })),
  /** Masked, as everywhere; null when the bank details stay as they are. */
  bank: z.object({ live: BankDetails.nullable(), proposed: BankDetails }).nullable(),
});
export type ProposedChanges = z.infer<typeof ProposedChanges>;

/** The profile part is the live shop; `proposed_changes` what would replace it on approval. */
export const AdminVendorDetail = VendorProfile.extend({
  owner: z.object({ id: z.string().uuid(), email: z.string().nullable(), phone_number: z.string().nullable(), name: z.string() }),
  decisions: z.array(VendorDecision),
  proposed_changes: ProposedChanges.nullable(),
});
export type AdminVendorDetail = z.infer<typeof AdminVendorDetail>;

export const DecisionReasonInput = z.object({
  reason: z.string().trim().min(1, 'Give the vendor a reason.').min(5, 'Give the vendor a reason of at least 5 characters.').max(1000, 'Use at most 1000 characters.'),
});
export const ApproveInput = z.object({ note: z.string().trim().max(1000).default('') });
/** A rejection names the steps the vendor must fix (each once, kept in step order), so the vendor's stepper can mark them. */
export const RejectInput = DecisionReasonInput.extend({
  steps: z
    .array(KycStep, { error: 'Choose the steps the vendor must fix.' })
    .min(1, 'Choose at least one step for the vendor to fix.')
    .max(kycSteps.length, 'There are five steps: choose each at most once.')
    .transform(inStepOrder),
});
export type RejectInput = z.input<typeof RejectInput>;

/** The endpoints of this domain; merged into the one table in endpoints.ts. */
export const adminEndpoints = {
  adminVendors: endpoint({
    method: 'GET',
    path: '/admin/vendors/',
    query: AdminVendorListQuery,
    body: undefined,
    response: AdminVendorListResponse,
    auth: 'operator',
    summary: 'Operators: vendors by status (pending first in line: oldest submission first), searchable',
  }),
  adminVendor: endpoint({
    method: 'GET',
    path: '/admin/vendors/{id}/',
    params: IdParams,
    body: undefined,
    response: AdminVendorDetail,
    auth: 'operator',
    summary: 'Operators: one vendor (the live values) with documents, masked bank details, proposed changes beside the live values, and the history of decisions',
  }),
  approveVendor: endpoint({
    method: 'POST',
    path: '/admin/vendors/{id}/approve/',
    params: IdParams,
    body: ApproveInput,
    response: AdminVendorDetail,
    auth: 'operator',
    summary: 'Operators: approve a pending vendor (recorded; the vendor is notified); proposed changes go live in the same transaction',
  }),
  rejectVendor: endpoint({
    method: 'POST',
    path: '/admin/vendors/{id}/reject/',
    params: IdParams,
    body: RejectInput,
    response: AdminVendorDetail,
    auth: 'operator',
    summary: 'Operators: reject a pending vendor with a reason and the steps to fix, which the vendor sees (recorded; notified); proposed changes are discarded',
  }),
  suspendVendor: endpoint({
    method: 'POST',
    path: '/admin/vendors/{id}/suspend/',
    params: IdParams,
    body: DecisionReasonInput,
    response: AdminVendorDetail,
    auth: 'operator',
    summary: 'Operators: take a vendor off the marketplace (recorded; notified)',
  }),
  unsuspendVendor: endpoint({
    method: 'POST',
    path: '/admin/vendors/{id}/unsuspend/',
    params: IdParams,
    body: ApproveInput,
    response: AdminVendorDetail,
    auth: 'operator',
    summary: 'Operators: put a suspended vendor back (recorded; notified)',
  }),
} as const satisfies Record<string, Endpoint>;
