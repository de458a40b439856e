import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { kycStatus, media, users } from './accounts.ts';
import { citext, geoPoint, listedEarthIndex, timestamps } from './columns.ts';

/** The five KYC steps (contract `kycSteps`): what an operator's rejection asks the vendor to fix. */
export const kycStep = pgEnum('kyc_step', ['basic_info', 'documents', 'bank_details', 'service_time', 'addresses']);

/**
 * A vendor: one per account, created by the first save of /BasicInfo. `is_approved` says the shop is live
 * (it stays true while an approved vendor's reapplication is reviewed); `kyc_status` is the state of the
 * latest review. Rating figures are kept here, updated in the rating's own transaction.
 */
export const vendors = pgTable(
  'vendors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessName: text('business_name').notNull(),
    category: text('category'),
    description: text('description'),
    logoId: uuid('logo_id').references(() => media.id, { onDelete: 'set null' }),
    contactEmail: citext('contact_email'),
    contactPhone: text('contact_phone'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    timeZone: text('time_zone').notNull().default('America/New_York'),
    /** Whether `time_zone` follows the primary address (set from its coordinates) rather than the vendor's own choice. */
    timeZoneAuto: boolean('time_zone_auto').notNull().default(true),
    kycStatus: kycStatus('kyc_status').notNull().default('not_submitted'),
    isApproved: boolean('is_approved').notNull().default(false),
    isSuspended: boolean('is_suspended').notNull().default(false),
    rejectionReason: text('rejection_reason'),
    /** The steps the last rejection asked the vendor to fix; emptied when the vendor submits again. */
    rejectionSteps: kycStep('rejection_steps').array().notNull().default(sql`'{}'`),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    /**
     * On the marketplace: approved, not suspended, and the owner's account active. Kept by triggers (migration 0008)
     * whenever one of those changes, never written by the app.
     */
    listed: boolean('listed').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check('vendors_latitude', sql`${t.latitude} BETWEEN -90 AND 90`),
    check('vendors_longitude', sql`${t.longitude} BETWEEN -180 AND 180`),
    check('vendors_rating_figures', sql`${t.ratingCount} >= 0 AND ${t.ratingSum} BETWEEN ${t.ratingCount} AND 5 * ${t.ratingCount}`),
    check('vendors_contact_phone_e164', sql`${t.contactPhone} ~ '^\\+[1-9][0-9]{6,14}$'`),
    check('vendors_rejection_has_reason', sql`${t.kycStatus} <> 'rejected' OR ${t.rejectionReason} IS NOT NULL`),
    check('vendors_approved_was_reviewed', sql`NOT ${t.isApproved} OR ${t.approvedAt} IS NOT NULL`),
    check('vendors_rejection_steps_only_when_rejected', sql`${t.kycStatus} = 'rejected' OR cardinality(${t.rejectionSteps}) = 0`),
    index('vendors_kyc_idx').on(t.kycStatus, t.submittedAt),
    index('vendors_name_trgm_idx').using('gin', sql`${t.businessName} gin_trgm_ops`),
    // The directory's search by trigrams finds the shops of the categories a search names here (modules/directory/list.ts).
    index('vendors_category_idx').on(t.category),
  ],
);

/**
 * A vendor's photos (docs/decisions/0015): images its owner uploaded, in the vendor's order, the first being the cover.
 * Live at once, like opening hours. At most 8 (positions 0-7, unique per vendor: by hand in the migration, deferrable, so
 * that a new order is written in one statement), and each image once per vendor.
 */
export const vendorPhotos = pgTable(
  'vendor_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    /** The image's alternative text and its caption; empty when the vendor wrote none. */
    caption: text('caption').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('vendor_photos_vendor_media_idx').on(t.vendorId, t.mediaId),
    index('vendor_photos_media_idx').on(t.mediaId),
    check('vendor_photos_position', sql`${t.position} BETWEEN 0 AND 7`),
    check('vendor_photos_caption_length', sql`char_length(${t.caption}) <= 150`),
  ],
);

export const documentKind = pgEnum('vendor_document_kind', ['identity', 'business_registration', 'proof_of_address', 'other']);

/** KYC documents. Private: kept under a storage key that no public URL serves; only the owner and operators fetch them. */
export const vendorDocuments = pgTable(
  'vendor_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    kind: documentKind('kind').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('vendor_documents_vendor_idx').on(t.vendorId),
    check('vendor_documents_bytes', sql`${t.bytes} > 0 AND ${t.bytes} <= 10485760`),
    check('vendor_documents_type', sql`${t.contentType} IN ('image/jpeg', 'image/png', 'image/webp', 'application/pdf')`),
  ],
);

export const bankAccountKind = pgEnum('bank_account_kind', ['iban', 'us_account']);

/** Where a vendor is paid. The full number stays here; every response masks it. */
export const vendorBankAccounts = pgTable(
  'vendor_bank_accounts',
  {
    vendorId: uuid('vendor_id')
      .primaryKey()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    accountHolder: text('account_holder').notNull(),
    bankName: text('bank_name').notNull(),
    kind: bankAccountKind('kind').notNull(),
    accountNumber: text('account_number').notNull(),
    routingNumber: text('routing_number'),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [check('vendor_bank_accounts_routing', sql`(${t.kind} = 'us_account') = (${t.routingNumber} IS NOT NULL)`)],
);

/**
 * An approved vendor's changes that wait for an operator before they are public (docs/decisions/0005): the basic
 * info and the payout account. The live values stay on `vendors` and `vendor_bank_accounts` until an approval
 * copies these over and deletes the row; a rejection deletes it. One row per vendor; each group of columns is
 * all-or-none, null meaning "no change proposed", and a row proposes at least one of them.
 */
export const vendorRevisions = pgTable(
  'vendor_revisions',
  {
    vendorId: uuid('vendor_id')
      .primaryKey()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    businessName: text('business_name'),
    category: text('category'),
    description: text('description'),
    logoId: uuid('logo_id').references(() => media.id, { onDelete: 'set null' }),
    contactEmail: citext('contact_email'),
    contactPhone: text('contact_phone'),
    bankAccountHolder: text('bank_account_holder'),
    bankName: text('bank_name'),
    bankKind: bankAccountKind('bank_kind'),
    bankAccountNumber: text('bank_account_number'),
    bankRoutingNumber: text('bank_routing_number'),
    ...timestamps,
  },
  (t) => [
    check(
      'vendor_revisions_basic_info_all_or_none',
      sql`(${t.businessName} IS NULL AND ${t.category} IS NULL AND ${t.description} IS NULL AND ${t.contactEmail} IS NULL AND ${t.contactPhone} IS NULL AND ${t.logoId} IS NULL)
        OR (${t.businessName} IS NOT NULL AND ${t.category} IS NOT NULL AND ${t.description} IS NOT NULL AND ${t.contactEmail} IS NOT NULL AND ${t.contactPhone} IS NOT NULL)`,
    ),
    check(
      'vendor_revisions_bank_all_or_none',
      sql`(${t.bankKind} IS NULL AND ${t.bankAccountHolder} IS NULL AND ${t.bankName} IS NULL AND ${t.bankAccountNumber} IS NULL AND ${t.bankRoutingNumber} IS NULL)
        OR (${t.bankKind} IS NOT NULL AND ${t.bankAccountHolder} IS NOT NULL AND ${t.bankName} IS NOT NULL AND ${t.bankAccountNumber} IS NOT NULL
          AND (${t.bankKind} = 'us_account') = (${t.bankRoutingNumber} IS NOT NULL))`,
    ),
    check('vendor_revisions_proposes_something', sql`${t.businessName} IS NOT NULL OR ${t.bankKind} IS NOT NULL`),
    check('vendor_revisions_contact_phone_e164', sql`${t.contactPhone} ~ '^\\+[1-9][0-9]{6,14}$'`),
    check('vendor_revisions_business_name_length', sql`char_length(${t.businessName}) BETWEEN 2 AND 120`),
    check('vendor_revisions_description_length', sql`char_length(${t.description}) <= 2000`),
  ],
);

/**
 * Weekly opening hours in the vendor's time zone: minutes from midnight, several ranges a day.
 * Overlapping ranges of one day are refused by an exclusion constraint (added in the migration by hand).
 */
export const vendorHours = pgTable(
  'vendor_hours',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    opensMinute: smallint('opens_minute').notNull(),
    closesMinute: smallint('closes_minute').notNull(),
  },
  (t) => [
    index('vendor_hours_vendor_idx').on(t.vendorId, t.weekday),
    check('vendor_hours_weekday', sql`${t.weekday} BETWEEN 1 AND 7`),
    check('vendor_hours_range', sql`0 <= ${t.opensMinute} AND ${t.opensMinute} < ${t.closesMinute} AND ${t.closesMinute} <= 1440`),
  ],
);

export const vendorAddresses = pgTable(
  'vendor_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    label: text('label').notNull().default(''),
    line1: text('line1').notNull(),
    line2: text('line2').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    country: text('country').notNull(),
    /** The point, for distances and nearest-first pages. */
    ...geoPoint(),
    /** The IANA time zone at the coordinates, found when the address is saved; null for addresses saved before that. */
    timeZone: text('time_zone'),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The vendor's `listed`, copied by trigger: the GiST index below covers only the addresses of listed vendors. */
    listed: boolean('listed').notNull().default(false),
  },
  (t) => [
    index('vendor_addresses_vendor_idx').on(t.vendorId),
    uniqueIndex('vendor_addresses_one_primary').on(t.vendorId).where(sql`${t.isPrimary}`),
    listedEarthIndex('vendor_addresses_listed_earth_idx', t),
    check('vendor_addresses_latitude', sql`${t.latitude} BETWEEN -90 AND 90`),
    check('vendor_addresses_longitude', sql`${t.longitude} BETWEEN -180 AND 180`),
  ],
);

export const vendorDecision = pgEnum('vendor_decision', ['approved', 'rejected', 'suspended', 'unsuspended']);

/** Every operator decision on a vendor: who, when, why. */
export const vendorDecisions = pgTable(
  'vendor_decisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    operatorId: uuid('operator_id').references(() => users.id, { onDelete: 'set null' }),
    decision: vendorDecision('decision').notNull(),
    reason: text('reason').notNull().default(''),
    /** A rejection's steps to fix; empty for every other decision. */
    steps: kycStep('steps').array().notNull().default(sql`'{}'`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('vendor_decisions_vendor_idx').on(t.vendorId, t.createdAt),
    check('vendor_decisions_steps_only_rejections', sql`${t.decision} = 'rejected' OR cardinality(${t.steps}) = 0`),
  ],
);
