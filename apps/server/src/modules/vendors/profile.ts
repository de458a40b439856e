import { asc, count, desc, eq } from 'drizzle-orm';
import { inStepOrder } from '@localloop/contract';
import type { BankDetails, KycStep, ProposedChanges, ServiceTime, VendorAddress, VendorDocument, VendorProfile } from '@localloop/contract';
import type { Db, Tx } from '../../db/client.ts';
import { favoriteVendors, media, vendorAddresses, vendorBankAccounts, vendorDocuments, vendorHours, vendors } from '../../db/schema.ts';
import { bankOfRevision, basicColumns, basicOfRevision, basicOfVendor, loadRevision, revisionChanges, type BankValues, type RevisionRow } from './revisions.ts';

type Reader = Db | Tx;
type VendorRow = typeof vendors.$inferSelect;

/** The vendor of an account, or null before its first /BasicInfo save. */
export async function vendorIdOfUser(db: Reader, userId: string): Promise<string | null> {
  const [row] = await db.select({ id: vendors.id }).from(vendors).where(eq(vendors.userId, userId));
  return row?.id ?? null;
}

/** The API path that serves a private document (bearer: owner or operator). */
export const documentUrl = (id: string) => `/api/vendor/documents/${id}/`;

/** Only the last four characters stay visible: '•••• 1234'. */
export function maskAccountNumber(value: string): string {
  return `•••• ${value.slice(-4)}`;
}

/** Minutes from midnight as 'HH:MM'; 1440 is '24:00' (open until midnight). */
export function formatMinutes(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** One line a person reads: street, second line, city, state and postal code, country (empty parts left out). */
export function formatAddress(a: Pick<typeof vendorAddresses.$inferSelect, 'line1' | 'line2' | 'city' | 'state' | 'postalCode' | 'country'>): string {
  const region = [a.state, a.postalCode].map((s) => s.trim()).filter(Boolean).join(' ');
  return [a.line1, a.line2, a.city, region, a.country].map((s) => s.trim()).filter(Boolean).join(', ');
}

export function toVendorAddress(
  row: Pick<
    typeof vendorAddresses.$inferSelect,
    'id' | 'vendorId' | 'label' | 'line1' | 'line2' | 'city' | 'state' | 'postalCode' | 'country' | 'latitude' | 'longitude' | 'isPrimary' | 'timeZone'
  >,
): VendorAddress {
  return {
    id: row.id,
    vendor_id: row.vendorId,
    label: row.label,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    state: row.state,
    postal_code: row.postalCode,
    country: row.country,
    latitude: row.latitude,
    longitude: row.longitude,
    is_primary: row.isPrimary,
    formatted_address: formatAddress(row),
    time_zone: row.timeZone,
  };
}

export function toVendorDocument(row: typeof vendorDocuments.$inferSelect): VendorDocument {
  return {
    id: row.id,
    kind: row.kind,
    file_name: row.fileName,
    content_type: row.contentType,
    bytes: row.bytes,
    url: documentUrl(row.id),
    uploaded_at: row.createdAt.toISOString(),
  };
}

/** Bank details as every response shows them: never the full number. */
export function toBankDetails(row: BankValues & { updatedAt: Date }): BankDetails {
  return {
    account_holder: row.accountHolder,
    bank_name: row.bankName,
    kind: row.kind,
    account_number_masked: maskAccountNumber(row.accountNumber),
    routing_number: row.routingNumber,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** rating_sum / rating_count to one decimal, or null with no ratings. */
export function ratingAverage(v: Pick<VendorRow, 'ratingSum' | 'ratingCount'>): number | null {
  return v.ratingCount > 0 ? Math.round((v.ratingSum / v.ratingCount) * 10) / 10 : null;
}

/** Addresses, primary first, then oldest first. */
export async function loadVendorAddresses(db: Reader, vendorId: string): Promise<VendorAddress[]> {
  const rows = await db
    .select()
    .from(vendorAddresses)
    .where(eq(vendorAddresses.vendorId, vendorId))
    .orderBy(desc(vendorAddresses.isPrimary), asc(vendorAddresses.createdAt), asc(vendorAddresses.id));
  return rows.map(toVendorAddress);
}

/** Weekly hours in the vendor's time zone, by weekday then opening time. */
export async function loadServiceTime(db: Reader, vendorId: string, timeZone: string): Promise<ServiceTime> {
  const rows = await db
    .select()
    .from(vendorHours)
    .where(eq(vendorHours.vendorId, vendorId))
    .orderBy(asc(vendorHours.weekday), asc(vendorHours.opensMinute));
  return {
    time_zone: timeZone,
    hours: rows.map((r) => ({ weekday: r.weekday, opens: formatMinutes(r.opensMinute), closes: formatMinutes(r.closesMinute) })),
  };
}

/** Which KYC steps hold what submitting needs. */
export function stepsOf(parts: {
  vendor: Pick<VendorRow, 'businessName' | 'category' | 'contactEmail' | 'contactPhone'>;
  documents: Pick<VendorDocument, 'kind'>[];
  hasBankDetails: boolean;
  rangeCount: number;
  addressCount: number;
}): Record<KycStep, boolean> {
  const { vendor } = parts;
  return {
    basic_info: Boolean(vendor.businessName.trim() && vendor.category && vendor.contactEmail && vendor.contactPhone),
    documents: parts.documents.some((d) => d.kind === 'identity'),
    bank_details: parts.hasBankDetails,
    service_time: parts.rangeCount > 0,
    addresses: parts.addressCount > 0,
  };
}

type MediaUrl = (key: string) => string;

/** The logo's image and thumbnail URLs, or nulls. */
async function logoUrls(db: Reader, logoId: string | null, mediaUrl: MediaUrl): Promise<{ logo: string | null; thumbnail: string | null }> {
  if (!logoId) return { logo: null, thumbnail: null };
  const [image] = await db.select().from(media).where(eq(media.id, logoId));
  return image ? { logo: mediaUrl(image.storageKey), thumbnail: mediaUrl(image.thumbnailKey) } : { logo: null, thumbnail: null };
}

const revisionBank = (revision: RevisionRow): BankDetails | null => {
  const bank = bankOfRevision(revision);
  return bank ? toBankDetails({ ...bank, updatedAt: revision.updatedAt }) : null;
};

/**
 * Whose view of the record: its owner sees what they last saved (an approved vendor's pending changes laid over
 * the live values); `live` is the shop as approved, what an operator decides against.
 */
export type ProfileView = 'owner' | 'live';

/**
 * The whole vendor record as its owner (and an operator) sees it: every KYC step, documents as
 * private API paths, the bank number masked. Null when there is no such vendor.
 */
export async function loadVendorProfile(db: Reader, vendorId: string, mediaUrl: MediaUrl, view: ProfileView): Promise<VendorProfile | null> {
  const [vendor] = await db.select().from(vendors).where(eq(vendors.id, vendorId));
  if (!vendor) return null;

  // One after another: the reader may be a transaction, which runs one statement at a time anyway.
  const revision = await loadRevision(db, vendorId);
  const changes = revisionChanges(vendor, revision);
  const basic = (view === 'owner' && revision ? basicOfRevision(revision) : null) ?? basicOfVendor(vendor);
  const logo = await logoUrls(db, basic.logoId, mediaUrl);
  const documents = (
    await db.select().from(vendorDocuments).where(eq(vendorDocuments.vendorId, vendorId)).orderBy(asc(vendorDocuments.createdAt), asc(vendorDocuments.id))
  ).map(toVendorDocument);
  const [liveBank] = await db.select().from(vendorBankAccounts).where(eq(vendorBankAccounts.vendorId, vendorId));
  const bank = (view === 'owner' && revision ? revisionBank(revision) : null) ?? (liveBank ? toBankDetails(liveBank) : null);
  const serviceTime = await loadServiceTime(db, vendorId, vendor.timeZone);
  const addresses = await loadVendorAddresses(db, vendorId);
  const [favorites] = await db.select({ n: count() }).from(favoriteVendors).where(eq(favoriteVendors.vendorId, vendorId));

  return {
    id: vendor.id,
    user_id: vendor.userId,
    business_name: basic.businessName,
    category: basic.category,
    description: basic.description,
    logo: logo.logo,
    logo_thumbnail: logo.thumbnail,
    contact_email: basic.contactEmail || null,
    contact_phone: basic.contactPhone || null,
    kyc_status: vendor.kycStatus,
    is_approved: vendor.isApproved,
    is_suspended: vendor.isSuspended,
    rejection_reason: vendor.rejectionReason,
    rejection_steps: inStepOrder(vendor.rejectionSteps),
    submitted_at: vendor.submittedAt?.toISOString() ?? null,
    approved_at: vendor.approvedAt?.toISOString() ?? null,
    rating_avg: ratingAverage(vendor),
    rating_count: vendor.ratingCount,
    favorites_count: favorites?.n ?? 0,
    steps: stepsOf({
      vendor: basic,
      documents,
      hasBankDetails: bank !== null,
      rangeCount: serviceTime.hours.length,
      addressCount: addresses.length,
    }),
    documents,
    bank_details: bank,
    service_time: { ...serviceTime, time_zone_auto: vendor.timeZoneAuto },
    addresses,
    pending_changes:
      changes && revision
        ? {
            fields: changes.fields,
            bank_details: changes.bankDetails,
            // Changes are under review exactly while the shop's KYC is: edits are refused meanwhile.
            submitted_at: vendor.kycStatus === 'pending' ? (vendor.submittedAt?.toISOString() ?? null) : null,
            updated_at: revision.updatedAt.toISOString(),
          }
        : null,
  };
}

const displayed = (value: string | null) => value || null;

/** An approved vendor's proposed changes beside the live values, for the operator; null when there are none. */
export async function loadProposedChanges(db: Reader, vendorId: string, mediaUrl: MediaUrl): Promise<ProposedChanges | null> {
  const [vendor] = await db.select().from(vendors).where(eq(vendors.id, vendorId));
  if (!vendor) return null;
  const revision = await loadRevision(db, vendorId);
  const changes = revisionChanges(vendor, revision);
  if (!changes || !revision) return null;
  const live = basicOfVendor(vendor);
  const proposed = basicOfRevision(revision) ?? live;
  const basicInfo: ProposedChanges['basic_info'] = [];
  for (const field of changes.fields) {
    if (field === 'logo') {
      basicInfo.push({ field, live: (await logoUrls(db, live.logoId, mediaUrl)).logo, proposed: (await logoUrls(db, proposed.logoId, mediaUrl)).logo });
      continue;
    }
    basicInfo.push({ field, live: displayed(live[basicColumns[field]]), proposed: displayed(proposed[basicColumns[field]]) });
  }
  const proposedBank = revisionBank(revision);
  const [liveBank] = await db.select().from(vendorBankAccounts).where(eq(vendorBankAccounts.vendorId, vendorId));
  return {
    fields: changes.fields,
    bank_details: changes.bankDetails,
    submitted_at: vendor.kycStatus === 'pending' ? (vendor.submittedAt?.toISOString() ?? null) : null,
    updated_at: revision.updatedAt.toISOString(),
    basic_info: basicInfo,
    bank: proposedBank ? { live: liveBank ? toBankDetails(liveBank) : null, proposed: proposedBank } : null,
  };
}
