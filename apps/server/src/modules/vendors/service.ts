import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { electronicFormatIBAN } from 'ibantools';
import type { z } from 'zod';
import {
  ErrorCode,
  minutesOf,
  type AddressInput,
  type BankDetails,
  type BankDetailsInput,
  type BasicInfoInput,
  type DocumentKind,
  type KycStep,
  type OwnServiceTime,
  type ServiceTimeInput,
  type VendorAddress,
  type VendorDashboard,
  type VendorDocument,
  type VendorProfile,
  type VendorStatus,
} from '@localloop/contract';
import type { Db, Tx } from '../../db/client.ts';
import { appointments, media, services, users, vendorAddresses, vendorBankAccounts, vendorDocuments, vendorHours, vendors } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { violatedExclusion, violatedUniqueConstraint } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { timeZoneAt } from '../geo/index.ts';
import { isOperator } from '../users/index.ts';
import type { PrivateStorage } from '../../lib/storage.ts';
import { notify, readNotifications } from '../notifications/index.ts';
import { pushVendorStatus } from './status-push.ts';
import { assertDocumentQuota, checkDocument, safeFileName } from './documents.ts';
import { loadServiceTime, loadVendorAddresses, loadVendorProfile, toBankDetails, toVendorAddress, toVendorDocument } from './profile.ts';
import {
  bankOfRevision,
  loadRevision,
  nothingToReview,
  proposeBankDetails,
  proposeBasicInfo,
  refuseWhileInReview,
  revisionChanges,
  type BankValues,
} from './revisions.ts';

export type VendorsDeps = {
  db: Db;
  clock: Clock;
  /** The public URL of a stored media file (the logo). */
  mediaUrl: (key: string) => string;
  /** Where KYC documents live: no public URL reaches them. */
  documents: PrivateStorage;
};

type Reader = Db | Tx;
type VendorRow = typeof vendors.$inferSelect;

export const MAX_DOCUMENTS = 20;
export const MAX_ADDRESSES = 20;

/** The KYC steps in the order the web app walks them, with their pages. */
export const kycStepPages: Record<KycStep, { label: string; path: string; missing: string }> = {
  basic_info: { label: 'Basic info', path: '/BasicInfo', missing: 'Add the business name, category, contact e-mail and phone number.' },
  documents: { label: 'Documents', path: '/VendorDocument', missing: 'Upload at least one identity document.' },
  bank_details: { label: 'Bank details', path: '/BankDetails', missing: 'Add the bank account you are paid into.' },
  service_time: { label: 'Service time', path: '/ServiceTime', missing: 'Add at least one opening time.' },
  addresses: { label: 'Address', path: '/AddAddress', missing: 'Add at least one address.' },
};
const stepOrder = Object.keys(kycStepPages) as KycStep[];

const noVendorYet = () =>
  new AppError(ErrorCode.notFound, 'There is no vendor profile for this account yet. Save your basic info first.');
const inactive = () => AppError.unauthenticated('Your account is no longer active. Please log in again.');

async function accountOf(db: Reader, userId: string) {
  const [user] = await db.select().from(users).where(and(eq(users.id, userId), eq(users.isActive, true)));
  if (!user) throw inactive();
  return user;
}

/** The caller's vendor row, locked for the rest of the transaction so that concurrent changes of one vendor queue up. */
async function lockOwnVendor(tx: Tx, userId: string): Promise<VendorRow> {
  const [vendor] = await tx.select().from(vendors).where(eq(vendors.userId, userId)).for('update');
  if (!vendor) throw noVendorYet();
  return vendor;
}

async function ownVendor(db: Reader, userId: string): Promise<VendorRow> {
  const [vendor] = await db.select().from(vendors).where(eq(vendors.userId, userId));
  if (!vendor) throw noVendorYet();
  return vendor;
}

/** The record as its owner sees it: an approved vendor's pending changes included. */
async function profileOf(deps: VendorsDeps, db: Reader, vendorId: string): Promise<VendorProfile> {
  const profile = await loadVendorProfile(db, vendorId, deps.mediaUrl, 'owner');
  if (!profile) throw noVendorYet();
  return profile;
}

/** Whether the caller may see a vendor that is not listed: its owner or an operator. */
async function mayInspect(db: Reader, vendor: Pick<VendorRow, 'userId'>, userId: string | null): Promise<boolean> {
  return userId !== null && (vendor.userId === userId || (await isOperator(db, userId)));
}

// ---- The vendor's own record --------------------------------------------------------------------

export async function getMyVendor(deps: VendorsDeps, userId: string): Promise<VendorProfile> {
  const vendor = await ownVendor(deps.db, userId);
  return profileOf(deps, deps.db, vendor.id);
}

/** The logo must be an image this account uploaded: a URL of someone else's upload is refused. */
async function ownLogoId(deps: VendorsDeps, tx: Tx, userId: string, url: string): Promise<string> {
  const mine = await tx.select().from(media).where(eq(media.ownerId, userId));
  const match = mine.find((m) => deps.mediaUrl(m.storageKey) === url || deps.mediaUrl(m.thumbnailKey) === url);
  if (!match) {
    throw new AppError(ErrorCode.validation, 'Upload the logo first, then choose it.', { logo: 'This is not an image you uploaded.' });
  }
  return match.id;
}

/**
 * KYC step 1 and the profile: the first save creates the vendor (KYC not submitted yet). Until the first approval
 * a save changes the record itself; once approved, it is a proposed change that goes live only on approval.
 */
export async function saveBasicInfo(deps: VendorsDeps, userId: string, input: z.output<typeof BasicInfoInput>): Promise<VendorProfile> {
  return deps.db.transaction(async (tx) => {
    const user = await accountOf(tx, userId);
    // The web app checks this before it navigates; the server holds the same rule.
    if (!user.email || !user.phoneNumber) {
      throw new AppError('PROFILE_INCOMPLETE', 'Please update your user profile first, and then complete KYC.');
    }
    // Locked, so that an approval deciding at this moment comes wholly before or wholly after this save.
    const [current] = await tx.select().from(vendors).where(eq(vendors.userId, userId)).for('update');
    if (current?.isApproved) refuseWhileInReview(current);
    const logoId = input.logo === null ? null : await ownLogoId(deps, tx, userId, input.logo);
    const values = {
      businessName: input.business_name,
      category: input.category,
      description: input.description,
      logoId,
      contactEmail: input.contact_email,
      contactPhone: input.contact_phone,
    };
    if (current?.isApproved) {
      await proposeBasicInfo(tx, current, values, deps.clock());
      return profileOf(deps, tx, current.id);
    }
    // One vendor per account (unique user_id): a second first-save at the same moment becomes an update.
    const [vendor] = await tx
      .insert(vendors)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: vendors.userId, set: { ...values, updatedAt: deps.clock() } })
      .returning({ id: vendors.id });
    if (!vendor) throw noVendorYet();
    return profileOf(deps, tx, vendor.id);
  });
}

// ---- Documents ----------------------------------------------------------------------------------

export type IncomingDocument = { kind: DocumentKind; fileName: string; bytes: Buffer };

/** KYC step 2: the file's type comes from its bytes; it is stored privately, then recorded. */
export async function addDocument(deps: VendorsDeps, userId: string, file: IncomingDocument): Promise<VendorDocument> {
  const vendor = await ownVendor(deps.db, userId);
  const type = await checkDocument(file.bytes);
  const id = randomUUID();
  const key = `documents/${vendor.id}/${id}.${type.extension}`;
  await deps.documents.put(key, file.bytes, type.contentType);
  try {
    const row = await deps.db.transaction(async (tx) => {
      const locked = await lockOwnVendor(tx, userId);
      const [held] = await tx.select({ n: count() }).from(vendorDocuments).where(eq(vendorDocuments.vendorId, locked.id));
      if ((held?.n ?? 0) >= MAX_DOCUMENTS) {
        const message = `You can keep at most ${MAX_DOCUMENTS} documents. Remove one first.`;
        throw new AppError('TOO_MANY_DOCUMENTS', message, { file: message });
      }
      await assertDocumentQuota(tx, locked.id, file.bytes.length);
      const [inserted] = await tx
        .insert(vendorDocuments)
        .values({
          id,
          vendorId: locked.id,
          kind: file.kind,
          fileName: safeFileName(file.fileName, type.extension),
          contentType: type.contentType,
          bytes: file.bytes.length,
          storageKey: key,
        })
        .returning();
      return inserted;
    });
    if (!row) throw new Error('document not recorded');
    return toVendorDocument(row);
  } catch (err) {
    await deps.documents.delete(key).catch(() => undefined);
    throw err;
  }
}

/** Removes the row; the file's key is returned so that the caller deletes it once the row is gone. */
export async function removeDocument(deps: VendorsDeps, userId: string, id: string): Promise<{ id: string; storageKey: string }> {
  const vendor = await ownVendor(deps.db, userId);
  const [row] = await deps.db
    .delete(vendorDocuments)
    .where(and(eq(vendorDocuments.id, id), eq(vendorDocuments.vendorId, vendor.id)))
    .returning({ id: vendorDocuments.id, storageKey: vendorDocuments.storageKey });
  if (!row) throw AppError.notFound('That document');
  return row;
}

export type DocumentFile = { fileName: string; contentType: string; bytes: Buffer };

/** The file, for its vendor's owner and operators; anyone else learns nothing, not even that it exists. */
export async function readDocument(deps: VendorsDeps, userId: string | null, id: string): Promise<DocumentFile> {
  const notFound = () => AppError.notFound('That document');
  if (!userId) throw notFound();
  const [row] = await deps.db
    .select({ document: vendorDocuments, ownerId: vendors.userId })
    .from(vendorDocuments)
    .innerJoin(vendors, eq(vendors.id, vendorDocuments.vendorId))
    .where(eq(vendorDocuments.id, id));
  if (!row || !(await mayInspect(deps.db, { userId: row.ownerId }, userId))) throw notFound();
  const bytes = await deps.documents.get(row.document.storageKey);
  if (!bytes) throw notFound();
  return { fileName: row.document.fileName, contentType: row.document.contentType, bytes };
}

// ---- Bank details -------------------------------------------------------------------------------

/**
 * KYC step 3: the full number is stored; the answer, like every other, shows only its last four characters. Once
 * the vendor is approved, a new account is a proposed change: payouts go to the approved one until an operator agrees.
 */
export async function saveBankDetails(deps: VendorsDeps, userId: string, input: z.output<typeof BankDetailsInput>): Promise<BankDetails> {
  return deps.db.transaction(async (tx) => {
    const vendor = await lockOwnVendor(tx, userId);
    const iban = input.iban ? (electronicFormatIBAN(input.iban) ?? input.iban) : null;
    const values = iban
      ? { kind: 'iban' as const, accountNumber: iban, routingNumber: null }
      : { kind: 'us_account' as const, accountNumber: input.account_number ?? '', routingNumber: input.routing_number ?? null };
    const proposed: BankValues = { accountHolder: input.account_holder, bankName: input.bank_name, ...values };
    if (vendor.isApproved) {
      refuseWhileInReview(vendor);
      await proposeBankDetails(tx, vendor, proposed, deps.clock());
      const revision = await loadRevision(tx, vendor.id);
      const pending = revision ? bankOfRevision(revision) : null;
      if (revision && pending) return toBankDetails({ ...pending, updatedAt: revision.updatedAt });
      const [live] = await tx.select().from(vendorBankAccounts).where(eq(vendorBankAccounts.vendorId, vendor.id));
      if (!live) throw new Error('bank details neither live nor proposed');
      return toBankDetails(live);
    }
    const common = { ...proposed, updatedAt: deps.clock() };
    const [row] = await tx
      .insert(vendorBankAccounts)
      .values({ vendorId: vendor.id, ...common })
      .onConflictDoUpdate({ target: vendorBankAccounts.vendorId, set: common })
      .returning();
    if (!row) throw new Error('bank details not saved');
    return toBankDetails(row);
  });
}

// ---- Opening hours ------------------------------------------------------------------------------

/** The primary address's time zone, when it has one. */
async function primaryTimeZone(tx: Tx, vendorId: string): Promise<string | null> {
  const [primary] = await tx
    .select({ timeZone: vendorAddresses.timeZone })
    .from(vendorAddresses)
    .where(and(eq(vendorAddresses.vendorId, vendorId), eq(vendorAddresses.isPrimary, true)));
  return primary?.timeZone ?? null;
}

/**
 * KYC step 4: all ranges replaced at once; the database refuses overlaps even if a check above missed one. The zone is
 * the vendor's own choice, or (time_zone_auto) the primary address's, the chosen one standing in until there is an address.
 */
export async function saveServiceTime(deps: VendorsDeps, userId: string, input: z.output<typeof ServiceTimeInput>): Promise<OwnServiceTime> {
  try {
    return await deps.db.transaction(async (tx) => {
      const vendor = await lockOwnVendor(tx, userId);
      const timeZone = (input.time_zone_auto ? await primaryTimeZone(tx, vendor.id) : null) ?? input.time_zone;
      await tx.update(vendors).set({ timeZone, timeZoneAuto: input.time_zone_auto }).where(eq(vendors.id, vendor.id));
      await tx.delete(vendorHours).where(eq(vendorHours.vendorId, vendor.id));
      if (input.hours.length > 0) {
        await tx.insert(vendorHours).values(
          input.hours.map((h) => ({ vendorId: vendor.id, weekday: h.weekday, opensMinute: minutesOf(h.opens), closesMinute: minutesOf(h.closes) })),
        );
      }
      return { ...(await loadServiceTime(tx, vendor.id, timeZone)), time_zone_auto: input.time_zone_auto };
    });
  } catch (error) {
    if (violatedExclusion(error)) {
      const message = 'Two opening times of one day overlap. Merge them or change one.';
      throw new AppError(ErrorCode.validation, message, { hours: message });
    }
    throw error;
  }
}

// ---- Addresses ----------------------------------------------------------------------------------

/**
 * vendors.latitude/longitude follow the primary address (null when there is none), and so does the time zone while
 * the vendor has not chosen one (time_zone_auto); with no address the zone stays as it was.
 */
async function syncVendorLocation(tx: Tx, vendorId: string): Promise<void> {
  const [primary] = await tx
    .select({ latitude: vendorAddresses.latitude, longitude: vendorAddresses.longitude, timeZone: vendorAddresses.timeZone })
    .from(vendorAddresses)
    .where(and(eq(vendorAddresses.vendorId, vendorId), eq(vendorAddresses.isPrimary, true)));
  await tx
    .update(vendors)
    .set({
      latitude: primary?.latitude ?? null,
      longitude: primary?.longitude ?? null,
      ...(primary?.timeZone ? { timeZone: sql`CASE WHEN ${vendors.timeZoneAuto} THEN ${primary.timeZone} ELSE ${vendors.timeZone} END` } : {}),
    })
    .where(eq(vendors.id, vendorId));
}

/** With no primary left, the oldest address becomes it. */
async function ensurePrimary(tx: Tx, vendorId: string): Promise<void> {
  const [primary] = await tx
    .select({ id: vendorAddresses.id })
    .from(vendorAddresses)
    .where(and(eq(vendorAddresses.vendorId, vendorId), eq(vendorAddresses.isPrimary, true)));
  if (primary) return;
  const [oldest] = await tx
    .select({ id: vendorAddresses.id })
    .from(vendorAddresses)
    .where(eq(vendorAddresses.vendorId, vendorId))
    .orderBy(asc(vendorAddresses.createdAt), asc(vendorAddresses.id))
    .limit(1);
  if (oldest) await tx.update(vendorAddresses).set({ isPrimary: true }).where(eq(vendorAddresses.id, oldest.id));
}

const addressValues = (input: z.output<typeof AddressInput>) => ({
  label: input.label,
  line1: input.line1,
  line2: input.line2,
  city: input.city,
  state: input.state,
  postalCode: input.postal_code,
  country: input.country,
  latitude: input.latitude,
  longitude: input.longitude,
  timeZone: timeZoneAt(input.latitude, input.longitude),
});

async function withAddressErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // The vendor row lock makes this unreachable in practice; the unique index stays the last guard.
    if (violatedUniqueConstraint(error)?.includes('one_primary')) {
      throw new AppError(ErrorCode.conflict, 'Another change of your addresses happened at the same time. Please try again.');
    }
    throw error;
  }
}

/** KYC step 5: the first address is the primary one; marking one primary unmarks the others. */
export async function addAddress(deps: VendorsDeps, userId: string, input: z.output<typeof AddressInput>): Promise<VendorAddress> {
  return withAddressErrors(() =>
    deps.db.transaction(async (tx) => {
      const vendor = await lockOwnVendor(tx, userId);
      const [held] = await tx.select({ n: count() }).from(vendorAddresses).where(eq(vendorAddresses.vendorId, vendor.id));
      const existing = held?.n ?? 0;
      if (existing >= MAX_ADDRESSES) {
        throw new AppError('TOO_MANY_ADDRESSES', `You can keep at most ${MAX_ADDRESSES} addresses. Remove one first.`);
      }
      const isPrimary = input.is_primary || existing === 0;
      if (isPrimary) await tx.update(vendorAddresses).set({ isPrimary: false }).where(eq(vendorAddresses.vendorId, vendor.id));
      const [row] = await tx
        .insert(vendorAddresses)
        .values({ vendorId: vendor.id, ...addressValues(input), isPrimary })
        .returning();
      if (!row) throw new Error('address not saved');
      await syncVendorLocation(tx, vendor.id);
      return toVendorAddress(row);
    }),
  );
}

/** Unmarking the primary hands it to the oldest other address; a single address stays primary. */
export async function updateAddress(deps: VendorsDeps, userId: string, id: string, input: z.output<typeof AddressInput>): Promise<VendorAddress> {
  return withAddressErrors(() =>
    deps.db.transaction(async (tx) => {
      const vendor = await lockOwnVendor(tx, userId);
      const [current] = await tx
        .select()
        .from(vendorAddresses)
        .where(and(eq(vendorAddresses.id, id), eq(vendorAddresses.vendorId, vendor.id)));
      if (!current) throw AppError.notFound('That address');
      if (input.is_primary && !current.isPrimary) {
        await tx.update(vendorAddresses).set({ isPrimary: false }).where(eq(vendorAddresses.vendorId, vendor.id));
      }
      const giveUp = current.isPrimary && !input.is_primary;
      await tx
        .update(vendorAddresses)
        .set({ ...addressValues(input), isPrimary: input.is_primary || current.isPrimary })
        .where(eq(vendorAddresses.id, id));
      if (giveUp) {
        const [other] = await tx
          .select({ id: vendorAddresses.id })
          .from(vendorAddresses)
          .where(and(eq(vendorAddresses.vendorId, vendor.id), ne(vendorAddresses.id, id)))
          .orderBy(asc(vendorAddresses.createdAt), asc(vendorAddresses.id))
          .limit(1);
        if (other) {
          await tx.update(vendorAddresses).set({ isPrimary: false }).where(eq(vendorAddresses.id, id));
          await tx.update(vendorAddresses).set({ isPrimary: true }).where(eq(vendorAddresses.id, other.id));
        }
      }
      await syncVendorLocation(tx, vendor.id);
      const [row] = await tx.select().from(vendorAddresses).where(eq(vendorAddresses.id, id));
      if (!row) throw AppError.notFound('That address');
      return toVendorAddress(row);
    }),
  );
}

/** Deleting the primary address makes the oldest remaining one primary. */
export async function deleteAddress(deps: VendorsDeps, userId: string, id: string): Promise<{ id: string }> {
  return withAddressErrors(() =>
    deps.db.transaction(async (tx) => {
      const vendor = await lockOwnVendor(tx, userId);
      const [row] = await tx
        .delete(vendorAddresses)
        .where(and(eq(vendorAddresses.id, id), eq(vendorAddresses.vendorId, vendor.id)))
        .returning({ id: vendorAddresses.id });
      if (!row) throw AppError.notFound('That address');
      await ensurePrimary(tx, vendor.id);
      await syncVendorLocation(tx, vendor.id);
      return row;
    }),
  );
}

/** Public for a listed vendor (approved, not suspended); otherwise only its owner and operators; anyone else 404. */
export async function listAddresses(deps: VendorsDeps, userId: string | null, vendorId: string): Promise<VendorAddress[]> {
  const [vendor] = await deps.db.select().from(vendors).where(eq(vendors.id, vendorId));
  const listed = vendor?.isApproved && !vendor.isSuspended;
  if (!vendor || !(listed || (await mayInspect(deps.db, vendor, userId)))) throw AppError.notFound('That vendor');
  return loadVendorAddresses(deps.db, vendor.id);
}

// ---- Submitting and status ----------------------------------------------------------------------

/**
 * Sends the KYC for review. From not_submitted or rejected; an approved vendor (is_approved untouched, the shop stays
 * live) sends its pending changes, and with none there is nothing to review. Refused while a review is pending.
 * Every step must be complete.
 */
export async function submitKyc(deps: VendorsDeps, userId: string): Promise<VendorProfile> {
  return deps.db.transaction(async (tx) => {
    const vendor = await lockOwnVendor(tx, userId);
    if (vendor.kycStatus === 'pending') {
      throw new AppError('KYC_ALREADY_PENDING', 'Your application is already waiting for review.');
    }
    const reapplying = vendor.isApproved;
    if (reapplying && !revisionChanges(vendor, await loadRevision(tx, vendor.id))) throw nothingToReview();
    const profile = await profileOf(deps, tx, vendor.id);
    const missing = stepOrder.filter((step) => !profile.steps[step]);
    if (missing.length > 0) {
      throw new AppError('KYC_INCOMPLETE',
        `Complete every step before you submit: ${missing.map((s) => kycStepPages[s].label).join(', ')}.`,
        Object.fromEntries(missing.map((s) => [s, kycStepPages[s].missing])),
      );
    }
    await tx
      .update(vendors)
      .set({ kycStatus: 'pending', submittedAt: deps.clock(), rejectionReason: null, rejectionSteps: [] })
      .where(eq(vendors.id, vendor.id));
    await notify(tx, userId, {
      title: reapplying ? 'Your changes were sent for review' : 'Your vendor application was sent',
      body: reapplying
        ? 'Your shop stays live with its approved details while the marketplace team reviews your changes. They go live once approved.'
        : 'The marketplace team will review your details and documents. We will let you know.',
      type: 'vendor_kyc',
      data: { vendor_id: vendor.id, kyc_status: 'pending' },
      target: { kind: 'vendor_application' },
    });
    await pushVendorStatus(tx, userId, vendor.id);
    return profileOf(deps, tx, vendor.id);
  });
}

/** is_approved says whether the shop is live: false while suspended. Only the owner and operators may ask. */
export async function vendorStatus(deps: VendorsDeps, userId: string, vendorId: string): Promise<VendorStatus> {
  const [vendor] = await deps.db.select().from(vendors).where(eq(vendors.id, vendorId));
  if (!vendor || !(await mayInspect(deps.db, vendor, userId))) throw AppError.notFound('That vendor');
  return { is_approved: vendor.isApproved && !vendor.isSuspended, kyc_status: vendor.kycStatus, is_suspended: vendor.isSuspended };
}

/** The shop as customers see it (its live name), with what is left to do and the figures. */
export async function vendorDashboard(deps: VendorsDeps, userId: string): Promise<VendorDashboard> {
  const vendor = await ownVendor(deps.db, userId);
  const profile = await profileOf(deps, deps.db, vendor.id);
  const missing = stepOrder.filter((step) => !profile.steps[step]);
  const next = missing[0];
  return {
    vendor: {
      id: profile.id,
      business_name: vendor.businessName,
      kyc_status: profile.kyc_status,
      is_approved: profile.is_approved && !profile.is_suspended,
      is_suspended: profile.is_suspended,
      rejection_reason: profile.rejection_reason,
      rejection_steps: profile.rejection_steps,
      unsent_changes: profile.pending_changes !== null && profile.pending_changes.submitted_at === null,
    },
    next_step: next ? { step: next, label: kycStepPages[next].label, path: kycStepPages[next].path } : null,
    completeness: {
      percent: Math.round(((stepOrder.length - missing.length) / stepOrder.length) * 100),
      missing: missing.map((s) => kycStepPages[s].label),
    },
    rating_avg: profile.rating_avg,
    rating_count: profile.rating_count,
    favorites_count: profile.favorites_count,
    bookings: await bookingFigures(deps, vendor.id, vendor.timeZone),
    recent_notifications: await readNotifications(deps.db, userId, 1, 5),
  };
}

/** The dashboard's booking figures, in one statement: today is the shop's day, wherever the server is. */
async function bookingFigures(deps: VendorsDeps, vendorId: string, timeZone: string): Promise<VendorDashboard['bookings']> {
  const now = deps.clock().toISOString();
  const live = sql`${appointments.status} IN ('pending', 'confirmed')`;
  const [row] = await deps.db
    .select({
      today: sql<number>`count(*) FILTER (WHERE ${live} AND (${appointments.startsAt} AT TIME ZONE ${timeZone})::date = (${now}::timestamptz AT TIME ZONE ${timeZone})::date)::int`,
      toConfirm: sql<number>`count(*) FILTER (WHERE ${appointments.status} = 'pending' AND ${appointments.blockedUntil} > ${now}::timestamptz)::int`,
      upcoming: sql<number>`count(*) FILTER (WHERE ${live} AND ${appointments.blockedUntil} > ${now}::timestamptz)::int`,
      services: sql<number>`(SELECT count(*)::int FROM ${services} WHERE ${services.vendorId} = ${vendorId} AND ${services.isActive})`,
    })
    .from(appointments)
    .where(eq(appointments.vendorId, vendorId));
  return { today: row?.today ?? 0, to_confirm: row?.toConfirm ?? 0, upcoming: row?.upcoming ?? 0, services: row?.services ?? 0 };
}
