import { eq } from 'drizzle-orm';
import { basicInfoFields, type BasicInfoField } from '@localloop/contract';
import type { Db, Tx } from '../../db/client.ts';
import { vendorBankAccounts, vendorRevisions, vendors } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';

/*
 * An approved vendor's changes to what operators review — the six basic-info fields and the payout account — wait in
 * vendor_revisions until an approval copies them over the live rows in the decision's transaction; a rejection
 * deletes them (docs/decisions/0005-vendor-revisions.md). Every write here runs under the vendor row's lock.
 */

type Reader = Db | Tx;
type VendorRow = typeof vendors.$inferSelect;
export type RevisionRow = typeof vendorRevisions.$inferSelect;

export type BasicValues = {
  businessName: string;
  category: string;
  description: string;
  logoId: string | null;
  contactEmail: string;
  contactPhone: string;
};
export type BankValues = Pick<typeof vendorBankAccounts.$inferSelect, 'accountHolder' | 'bankName' | 'kind' | 'accountNumber' | 'routingNumber'>;

/** The live basic info, with a legacy row's missing values as the empty text a form would show. */
export function basicOfVendor(vendor: VendorRow): BasicValues {
  return {
    businessName: vendor.businessName,
    category: vendor.category ?? '',
    description: vendor.description ?? '',
    logoId: vendor.logoId,
    contactEmail: vendor.contactEmail ?? '',
    contactPhone: vendor.contactPhone ?? '',
  };
}

export function basicOfRevision(revision: RevisionRow): BasicValues | null {
  const { businessName, category, description, contactEmail, contactPhone } = revision;
  if (businessName === null || category === null || description === null || contactEmail === null || contactPhone === null) return null;
  return { businessName, category, description, logoId: revision.logoId, contactEmail, contactPhone };
}

export function bankOfRevision(revision: RevisionRow): BankValues | null {
  const { bankAccountHolder, bankName, bankKind, bankAccountNumber } = revision;
  if (bankAccountHolder === null || bankName === null || bankKind === null || bankAccountNumber === null) return null;
  return { accountHolder: bankAccountHolder, bankName, kind: bankKind, accountNumber: bankAccountNumber, routingNumber: revision.bankRoutingNumber };
}

/** Where each field of the form lives. */
export const basicColumns: Record<BasicInfoField, keyof BasicValues> = {
  business_name: 'businessName',
  category: 'category',
  description: 'description',
  logo: 'logoId',
  contact_email: 'contactEmail',
  contact_phone: 'contactPhone',
};

/** The fields whose proposed value is not the live one, in the form's order. */
export function changedFields(live: BasicValues, proposed: BasicValues): BasicInfoField[] {
  return basicInfoFields.filter((field) => live[basicColumns[field]] !== proposed[basicColumns[field]]);
}

function sameBank(live: BankValues | null, proposed: BankValues): boolean {
  return (
    live !== null &&
    live.accountHolder === proposed.accountHolder &&
    live.bankName === proposed.bankName &&
    live.kind === proposed.kind &&
    live.accountNumber === proposed.accountNumber &&
    live.routingNumber === proposed.routingNumber
  );
}

/** What a revision changes against the live vendor; nothing at all when the live values caught up with it. */
export function revisionChanges(vendor: VendorRow, revision: RevisionRow | null): { fields: BasicInfoField[]; bankDetails: boolean } | null {
  if (!revision) return null;
  const basic = basicOfRevision(revision);
  const fields = basic ? changedFields(basicOfVendor(vendor), basic) : [];
  const bankDetails = bankOfRevision(revision) !== null;
  return fields.length > 0 || bankDetails ? { fields, bankDetails } : null;
}

export async function loadRevision(db: Reader, vendorId: string): Promise<RevisionRow | null> {
  const [row] = await db.select().from(vendorRevisions).where(eq(vendorRevisions.vendorId, vendorId));
  return row ?? null;
}

async function liveBank(db: Reader, vendorId: string): Promise<BankValues | null> {
  const [row] = await db.select().from(vendorBankAccounts).where(eq(vendorBankAccounts.vendorId, vendorId));
  return row ?? null;
}

/** While an operator reviews the changes, they stay exactly what was sent: the operator approves what they saw. */
export function refuseWhileInReview(vendor: VendorRow): void {
  if (vendor.kycStatus !== 'pending') return;
  throw new AppError('CHANGES_IN_REVIEW',
    'Your changes are being reviewed, so your details cannot be edited until the marketplace team has decided. Opening hours and addresses can still be changed.',
  );
}

/** Stores both groups, or deletes the row when neither differs from the live values any more. */
async function writeRevision(tx: Tx, vendorId: string, basic: BasicValues | null, bank: BankValues | null, now: Date): Promise<void> {
  if (!basic && !bank) {
    await tx.delete(vendorRevisions).where(eq(vendorRevisions.vendorId, vendorId));
    return;
  }
  const values = {
    businessName: basic?.businessName ?? null,
    category: basic?.category ?? null,
    description: basic?.description ?? null,
    logoId: basic?.logoId ?? null,
    contactEmail: basic?.contactEmail ?? null,
    contactPhone: basic?.contactPhone ?? null,
    bankAccountHolder: bank?.accountHolder ?? null,
    bankName: bank?.bankName ?? null,
    bankKind: bank?.kind ?? null,
    bankAccountNumber: bank?.accountNumber ?? null,
    bankRoutingNumber: bank?.routingNumber ?? null,
    updatedAt: now,
  };
  await tx
    .insert(vendorRevisions)
    .values({ vendorId, ...values })
    .onConflictDoUpdate({ target: vendorRevisions.vendorId, set: values });
}

/** An approved vendor's new basic info: proposed if it differs from the live one, else any proposal of it is withdrawn. */
export async function proposeBasicInfo(tx: Tx, vendor: VendorRow, proposed: BasicValues, now: Date): Promise<void> {
  const revision = await loadRevision(tx, vendor.id);
  const basic = changedFields(basicOfVendor(vendor), proposed).length > 0 ? proposed : null;
  await writeRevision(tx, vendor.id, basic, revision ? bankOfRevision(revision) : null, now);
}

/** An approved vendor's new payout account: proposed if it differs from the live one, else any proposal of it is withdrawn. */
export async function proposeBankDetails(tx: Tx, vendor: VendorRow, proposed: BankValues, now: Date): Promise<void> {
  const revision = await loadRevision(tx, vendor.id);
  const bank = sameBank(await liveBank(tx, vendor.id), proposed) ? null : proposed;
  await writeRevision(tx, vendor.id, revision ? basicOfRevision(revision) : null, bank, now);
}

/**
 * Approval: the revision's values become the live ones and the revision is gone, inside the caller's transaction
 * (the decision's, which holds the vendor row). Answers whether there was anything to publish.
 */
export async function publishRevision(tx: Tx, vendorId: string, now: Date): Promise<boolean> {
  const [revision] = await tx.delete(vendorRevisions).where(eq(vendorRevisions.vendorId, vendorId)).returning();
  if (!revision) return false;
  const basic = basicOfRevision(revision);
  const bank = bankOfRevision(revision);
  if (basic) await tx.update(vendors).set({ ...basic, updatedAt: now }).where(eq(vendors.id, vendorId));
  if (bank) {
    await tx
      .insert(vendorBankAccounts)
      .values({ vendorId, ...bank, updatedAt: now })
      .onConflictDoUpdate({ target: vendorBankAccounts.vendorId, set: { ...bank, updatedAt: now } });
  }
  return true;
}

/** Rejection: the proposed changes are dropped; the live values never moved. */
export async function discardRevision(tx: Tx, vendorId: string): Promise<boolean> {
  const removed = await tx.delete(vendorRevisions).where(eq(vendorRevisions.vendorId, vendorId)).returning({ vendorId: vendorRevisions.vendorId });
  return removed.length > 0;
}

export const nothingToReview = () =>
  new AppError('NOTHING_TO_REVIEW',
    'There is nothing to review: your details are the same as your live shop. Change your basic info or bank details first.',
  );
