import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { inStepOrder, kycStepLabels } from '@localloop/contract';
import type { AdminVendorDetail, AdminVendorListQuery, AdminVendorListResponse, KycStep, VendorDecision } from '@localloop/contract';
import type { Db, Tx } from '../../db/client.ts';
import { users, vendorDecisions, vendors } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { notify } from '../notifications/index.ts';
import { discardRevision, loadProposedChanges, loadVendorProfile, publishRevision, pushVendorStatus } from '../vendors/index.ts';
import { requireOperator } from '../users/index.ts';

export type AdminDeps = {
  db: Db;
  clock: Clock;
  /** The public URL of a stored file (local /media/… or the bucket). */
  mediaUrl: (key: string) => string;
};

type Decision = VendorDecision['decision'];

// ---- The list ---------------------------------------------------------------------------------

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

function statusFilter(status: z.output<typeof AdminVendorListQuery>['status']): SQL | undefined {
  switch (status) {
    case 'pending':
    case 'rejected':
    case 'not_submitted':
      return eq(vendors.kycStatus, status);
    // Live shops: approved and not taken down (a reapplication under review still counts).
    case 'approved':
      return and(eq(vendors.isApproved, true), eq(vendors.isSuspended, false));
    case 'suspended':
      return eq(vendors.isSuspended, true);
    case 'all':
      return undefined;
  }
}

function searchFilter(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = likePattern(q);
  const phone = q.replace(/[\s().-]/g, '');
  return or(
    ilike(vendors.businessName, pattern),
    ilike(users.email, pattern),
    ...(/\d/.test(phone) ? [ilike(users.phoneNumber, likePattern(phone))] : []),
  );
}

/** Pending applications come oldest submission first (a queue); every other list newest vendor first. */
export async function listVendors(
  deps: AdminDeps,
  operatorId: string,
  query: z.output<typeof AdminVendorListQuery>,
): Promise<z.output<typeof AdminVendorListResponse>> {
  await requireOperator(deps.db, operatorId);
  const where = and(statusFilter(query.status), searchFilter(query.q));
  const order =
    query.status === 'pending'
      ? [sql`${vendors.submittedAt} ASC NULLS LAST`, asc(vendors.createdAt), asc(vendors.id)]
      : [desc(vendors.createdAt), desc(vendors.id)];
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({ vendor: vendors, ownerEmail: users.email, ownerPhone: users.phoneNumber })
      .from(vendors)
      .innerJoin(users, eq(users.id, vendors.userId))
      .where(where)
      .orderBy(...order)
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    deps.db.select({ count: sql<number>`count(*)::int` }).from(vendors).innerJoin(users, eq(users.id, vendors.userId)).where(where),
  ]);
  return {
    count: total?.count ?? 0,
    page: query.page,
    page_size: query.page_size,
    results: rows.map(({ vendor, ownerEmail, ownerPhone }) => ({
      id: vendor.id,
      user_id: vendor.userId,
      business_name: vendor.businessName,
      category: vendor.category ?? '',
      owner_email: ownerEmail,
      owner_phone: ownerPhone,
      kyc_status: vendor.kycStatus,
      is_approved: vendor.isApproved,
      is_suspended: vendor.isSuspended,
      submitted_at: vendor.submittedAt?.toISOString() ?? null,
      created_at: vendor.createdAt.toISOString(),
    })),
  };
}

// ---- One vendor -------------------------------------------------------------------------------

/** The live shop, and beside it what an approval would change. */
async function vendorDetail(deps: AdminDeps, vendorId: string): Promise<AdminVendorDetail> {
  const profile = await loadVendorProfile(deps.db, vendorId, deps.mediaUrl, 'live');
  if (!profile) throw AppError.notFound('That vendor');
  const [owner] = await deps.db
    .select({ id: users.id, email: users.email, phoneNumber: users.phoneNumber, firstName: users.firstName, lastName: users.lastName, username: users.username })
    .from(users)
    .where(eq(users.id, profile.user_id));
  if (!owner) throw AppError.notFound('That vendor');
  const decisions = await deps.db
    .select({ decision: vendorDecisions, operatorEmail: users.email })
    .from(vendorDecisions)
    .leftJoin(users, eq(users.id, vendorDecisions.operatorId))
    .where(eq(vendorDecisions.vendorId, vendorId))
    .orderBy(desc(vendorDecisions.createdAt), desc(vendorDecisions.id));
  const name = `${owner.firstName} ${owner.lastName}`.trim() || owner.username || owner.email || owner.phoneNumber || '';
  return {
    ...profile,
    owner: { id: owner.id, email: owner.email, phone_number: owner.phoneNumber, name },
    decisions: decisions.map(({ decision, operatorEmail }) => ({
      id: decision.id,
      decision: decision.decision,
      reason: decision.reason,
      steps: inStepOrder(decision.steps),
      operator_email: operatorEmail,
      created_at: decision.createdAt.toISOString(),
    })),
    proposed_changes: await loadProposedChanges(deps.db, vendorId, deps.mediaUrl),
  };
}

export async function getVendor(deps: AdminDeps, operatorId: string, vendorId: string): Promise<AdminVendorDetail> {
  await requireOperator(deps.db, operatorId);
  return vendorDetail(deps, vendorId);
}

// ---- Decisions --------------------------------------------------------------------------------

/** The vendor after the change, whether it was approved before it, and whether proposed changes were discarded (for the wording only). */
type Changed = { userId: string; businessName: string; isApproved: boolean; isSuspended: boolean; wasApproved: boolean; discarded: boolean };

type Transition = { allowed: SQL; set: (now: Date, reason: string, steps: KycStep[]) => Partial<typeof vendors.$inferInsert> };

const transitions: Record<Decision, Transition> = {
  approved: {
    allowed: eq(vendors.kycStatus, 'pending'),
    set: (now) => ({ kycStatus: 'approved', isApproved: true, approvedAt: now, rejectionReason: null, rejectionSteps: [] }),
  },
  // The shop's is_approved stays as it was: an approved vendor's rejected reapplication keeps the shop live.
  rejected: {
    allowed: eq(vendors.kycStatus, 'pending'),
    set: (_now, reason, steps) => ({ kycStatus: 'rejected', rejectionReason: reason, rejectionSteps: steps }),
  },
  suspended: { allowed: eq(vendors.isSuspended, false), set: () => ({ isSuspended: true }) },
  unsuspended: { allowed: eq(vendors.isSuspended, true), set: () => ({ isSuspended: false }) },
};

/** Why the vendor (as it is now) is not in the state the decision needs. */
function wrongState(decision: Decision, vendor: typeof vendors.$inferSelect): AppError {
  if (decision === 'suspended') return new AppError('VENDOR_ALREADY_SUSPENDED', 'This vendor is already suspended.');
  if (decision === 'unsuspended') return new AppError('VENDOR_NOT_SUSPENDED', 'This vendor is not suspended.');
  const why = {
    not_submitted: 'This vendor has not submitted its KYC for review yet.',
    approved: 'This vendor is already approved: there is no application waiting for review.',
    rejected: 'This application was already rejected: the vendor must fix it and submit it again before another review.',
    pending: 'This application changed while you were deciding. Reload it and try again.',
  }[vendor.kycStatus];
  return new AppError('VENDOR_NOT_PENDING', why);
}

/** "Fix: Documents and Bank details." for the rejection's notice; nothing without steps. */
function stepsToFix(steps: readonly KycStep[]): string {
  const names = steps.map((step) => kycStepLabels[step]);
  if (names.length === 0) return '';
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return ` To fix: ${list}.`;
}

function notificationFor(decision: Decision, vendor: Changed, reason: string, steps: readonly KycStep[]) {
  const note = reason ? ` Note from the reviewer: ${reason}` : '';
  const data = { decision, ...(steps.length > 0 ? { steps } : {}) };
  switch (decision) {
    case 'approved':
      return vendor.wasApproved
        ? { type: 'vendor_approved', title: 'Your changes are approved', body: `The updated details of ${vendor.businessName} are approved.${note}`, data }
        : {
            type: 'vendor_approved',
            title: 'Your vendor account is approved',
            body: `${vendor.businessName} is approved. You can now post deals and switch to the vendor view.${note}`,
            data,
          };
    case 'rejected':
      if (vendor.wasApproved) {
        const kept = vendor.isSuspended ? 'Your shop keeps its approved details.' : 'Your shop stays live with its approved details.';
        return {
          type: 'vendor_rejected',
          title: 'Your changes were not approved',
          body:
            `The changes you proposed to ${vendor.businessName} were not approved. Reason: ${reason}${stepsToFix(steps)} ` +
            (vendor.discarded ? `They were discarded. ${kept} Make the changes again and send them for review.` : `${kept} Please fix this and submit again.`),
          data,
        };
      }
      return {
        type: 'vendor_rejected',
        title: 'Your vendor application needs changes',
        body: `The review of ${vendor.businessName} was not approved. Reason: ${reason}${stepsToFix(steps)} Please fix this and submit again.`,
        data,
      };
    case 'suspended':
      return {
        type: 'vendor_suspended',
        title: 'Your shop is suspended',
        body: `${vendor.businessName} is hidden from the marketplace for now. Reason: ${reason}`,
        data,
      };
    case 'unsuspended':
      return {
        type: 'vendor_unsuspended',
        title: 'Your shop is back',
        body: `${vendor.businessName} is visible on the marketplace again.${note}`,
        data,
      };
  }
}

/**
 * Records one operator decision: a conditional UPDATE (so of two operators deciding at once, one wins and
 * the other gets a 409), the approved vendor's proposed changes published (approval) or discarded (rejection),
 * the decision row and the vendor's notification, all in one transaction; the notification and the status change
 * are pushed to the owner's tabs only once it commits. The UPDATE holds the vendor row, which every edit of the changes locks first, so an edit
 * lands wholly before the decision (and is refused while pending) or wholly after it. `db` may be a caller's
 * transaction.
 */
export type DecisionInput = {
  operatorId: string;
  vendorId: string;
  decision: Decision;
  reason: string;
  /** A rejection's steps to fix (at least one, checked by the contract); ignored for other decisions. */
  steps?: readonly KycStep[];
};

export async function decide(db: Db | Tx, clock: Clock, input: DecisionInput): Promise<void> {
  const { operatorId, vendorId, decision, reason } = input;
  const steps = decision === 'rejected' ? inStepOrder(input.steps ?? []) : [];
  const transition = transitions[decision];
  await db.transaction(async (tx) => {
    await requireOperator(tx, operatorId);
    const [before] = await tx.select({ isApproved: vendors.isApproved }).from(vendors).where(eq(vendors.id, vendorId));
    const [changed] = await tx
      .update(vendors)
      .set(transition.set(clock(), reason, steps))
      .where(and(eq(vendors.id, vendorId), transition.allowed))
      .returning({ userId: vendors.userId, businessName: vendors.businessName, isApproved: vendors.isApproved, isSuspended: vendors.isSuspended });
    if (!changed) {
      const [vendor] = await tx.select().from(vendors).where(eq(vendors.id, vendorId));
      if (!vendor) throw AppError.notFound('That vendor');
      throw wrongState(decision, vendor);
    }
    // Thrown after the UPDATE, so the transaction rolls it back.
    if (changed.userId === operatorId) throw AppError.forbidden('You cannot decide on your own vendor account; ask another operator.');
    let { businessName } = changed;
    let discarded = false;
    if (decision === 'approved' && (await publishRevision(tx, vendorId, clock()))) {
      const [published] = await tx.select({ businessName: vendors.businessName }).from(vendors).where(eq(vendors.id, vendorId));
      businessName = published?.businessName ?? businessName;
    }
    if (decision === 'rejected') discarded = await discardRevision(tx, vendorId);
    await tx.insert(vendorDecisions).values({ vendorId, operatorId, decision, reason, steps });
    const { data, ...message } = notificationFor(decision, { ...changed, businessName, discarded, wasApproved: before?.isApproved ?? false }, reason, steps);
    await notify(tx, changed.userId, { ...message, data: { ...data, vendor_id: vendorId }, target: { kind: 'vendor_application' } });
    await pushVendorStatus(tx, changed.userId, vendorId);
  });
}

export async function decideAndShow(deps: AdminDeps, input: DecisionInput): Promise<AdminVendorDetail> {
  await decide(deps.db, deps.clock, input);
  return vendorDetail(deps, input.vendorId);
}

// ---- The command line -------------------------------------------------------------------------

export type OperatorChange = { outcome: 'changed' | 'unchanged' | 'no_account'; email: string };

/** Makes an existing, active account an operator or takes the role away; doing it twice changes nothing. */
export async function setOperator(db: Db, email: string, operator: boolean): Promise<OperatorChange> {
  const [user] = await db
    .select({ id: users.id, email: users.email, isOperator: users.isOperator })
    .from(users)
    .where(and(eq(users.email, email), eq(users.isActive, true)));
  if (!user) return { outcome: 'no_account', email };
  if (user.isOperator === operator) return { outcome: 'unchanged', email: user.email ?? email };
  await db.update(users).set({ isOperator: operator }).where(eq(users.id, user.id));
  return { outcome: 'changed', email: user.email ?? email };
}

export async function listOperators(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: users.email, phone: users.phoneNumber })
    .from(users)
    .where(and(eq(users.isOperator, true), eq(users.isActive, true)))
    .orderBy(asc(users.email));
  return rows.map((r) => r.email ?? r.phone ?? '');
}
