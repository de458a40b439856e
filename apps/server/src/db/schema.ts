import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Case-insensitive text (extension citext): e-mail uniqueness ignores case. */
const citext = customType<{ data: string }>({ dataType: () => 'citext' });

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const kycStatus = pgEnum('kyc_status', ['not_submitted', 'pending', 'approved', 'rejected']);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: citext('email').unique(),
    phoneNumber: text('phone_number').unique(),
    username: citext('username').unique(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    passwordHash: text('password_hash'),
    profileImageId: uuid('profile_image_id').references((): AnyPgColumn => media.id, { onDelete: 'set null' }),
    /** A new e-mail or phone number waiting for its code; it replaces the current one once verified. */
    pendingEmail: citext('pending_email'),
    pendingPhoneNumber: text('pending_phone_number'),
    /** Google's stable subject id, once the account has signed in with Google. */
    googleSub: text('google_sub').unique(),
    isOperator: boolean('is_operator').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * Raised by a password reset or change, a logout everywhere and a deletion: every access token and realtime
     * ticket carries the version it was issued under, and an older one opens nothing from then on.
     */
    tokenVersion: integer('token_version').notNull().default(0),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('users_has_contact', sql`${t.email} IS NOT NULL OR ${t.phoneNumber} IS NOT NULL OR ${t.deletedAt} IS NOT NULL`),
    check('users_phone_e164', sql`${t.phoneNumber} ~ '^\\+[1-9][0-9]{6,14}$'`),
    check('users_pending_phone_e164', sql`${t.pendingPhoneNumber} ~ '^\\+[1-9][0-9]{6,14}$'`),
  ],
);

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
    kycStatus: kycStatus('kyc_status').notNull().default('not_submitted'),
    isApproved: boolean('is_approved').notNull().default(false),
    isSuspended: boolean('is_suspended').notNull().default(false),
    rejectionReason: text('rejection_reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check('vendors_latitude', sql`${t.latitude} BETWEEN -90 AND 90`),
    check('vendors_longitude', sql`${t.longitude} BETWEEN -180 AND 180`),
    check('vendors_rating_figures', sql`${t.ratingCount} >= 0 AND ${t.ratingSum} BETWEEN ${t.ratingCount} AND 5 * ${t.ratingCount}`),
    check('vendors_contact_phone_e164', sql`${t.contactPhone} ~ '^\\+[1-9][0-9]{6,14}$'`),
    check('vendors_rejection_has_reason', sql`${t.kycStatus} <> 'rejected' OR ${t.rejectionReason} IS NOT NULL`),
    check('vendors_approved_was_reviewed', sql`NOT ${t.isApproved} OR ${t.approvedAt} IS NOT NULL`),
    index('vendors_kyc_idx').on(t.kycStatus, t.submittedAt),
    index('vendors_name_trgm_idx').using('gin', sql`${t.businessName} gin_trgm_ops`),
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
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('vendor_addresses_vendor_idx').on(t.vendorId),
    uniqueIndex('vendor_addresses_one_primary').on(t.vendorId).where(sql`${t.isPrimary}`),
    index('vendor_addresses_earth_idx').using('gist', sql`ll_to_earth(${t.latitude}, ${t.longitude})`),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('vendor_decisions_vendor_idx').on(t.vendorId, t.createdAt)],
);

/** One rating per user and vendor; a second one replaces the first. */
export const vendorRatings = pgTable(
  'vendor_ratings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('vendor_ratings_one_per_user').on(t.vendorId, t.userId),
    index('vendor_ratings_vendor_idx').on(t.vendorId, t.updatedAt),
    check('vendor_ratings_stars', sql`${t.rating} BETWEEN 1 AND 5`),
    check('vendor_ratings_comment', sql`length(${t.comment}) <= 1000`),
  ],
);

export const favoriteVendors = pgTable(
  'favorite_vendors',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.vendorId] }), index('favorite_vendors_vendor_idx').on(t.vendorId)],
);

/**
 * Refresh tokens, stored as SHA-256 hashes. Each login starts a family; every refresh
 * uses one token and issues the next in the same family. Presenting a used token again
 * is reuse: the whole family is revoked.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    /** When the person last proved who they are in this family (password, code or Google); kept across rotations. */
    authenticatedAt: timestamp('authenticated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

export const otpPurpose = pgEnum('otp_purpose', ['register', 'login', 'password_reset', 'verify_email', 'verify_phone']);
export const messageChannel = pgEnum('message_channel', ['email', 'sms']);

/**
 * One-time codes. Only an HMAC of the code is kept. A code is dead once consumed, expired or tried
 * five times wrongly. After a successful check a one-use token (hashed) carries the flow to its next step.
 * Rows are also the send log that resend limits count, so every server process agrees.
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: otpPurpose('purpose').notNull(),
    channel: messageChannel('channel').notNull(),
    /** Normalised e-mail (lower case) or E.164 phone number the code went to. */
    destination: text('destination').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /**
     * Ties the code to the browser flow that asked for it (its cookie): a sign-up, phone log-in or reset code is
     * checked only in that flow, and a resend replaces only that flow's code.
     */
    flowId: uuid('flow_id').notNull(),
    /** A keyed hash of the requesting IP address: limits count per requester as well as per address. */
    requester: text('requester'),
    codeHash: text('code_hash').notNull(),
    /** What the next step needs: a pending registration's details (password already hashed). */
    payload: jsonb('payload').$type<Record<string, string>>(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    tokenHash: text('token_hash').unique(),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    tokenUsedAt: timestamp('token_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('otp_codes_attempts', sql`${t.attempts} BETWEEN 0 AND 5`),
    index('otp_codes_destination_idx').on(t.destination, t.createdAt),
    index('otp_codes_requester_idx').on(t.requester, t.createdAt),
    index('otp_codes_flow_idx').on(t.flowId),
  ],
);

/** Development outbox: every message the server would send, readable at /dev/outbox. */
export const devOutbox = pgTable(
  'dev_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    channel: messageChannel('channel').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    code: text('code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dev_outbox_to_idx').on(t.to, t.createdAt)],
);

/** Uploaded images: who owns them and where the re-encoded file and its thumbnail live. */
export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    storageKey: text('storage_key').notNull().unique(),
    thumbnailKey: text('thumbnail_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('media_owner_idx').on(t.ownerId),
    check('media_dimensions', sql`${t.width} > 0 AND ${t.height} > 0 AND ${t.bytes} > 0`),
  ],
);

/** Notifications of one user; `notify()` writes them inside the caller's transaction. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    notificationType: text('notification_type').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    check('notifications_lengths', sql`length(${t.title}) <= 200 AND length(${t.body}) <= 2000`),
  ],
);

/** One-use tickets that open the realtime socket, so no token travels in a URL or a log. */
export const wsTickets = pgTable('ws_tickets', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  ticketHash: text('ticket_hash').notNull().unique(),
  /** The account's token version when the ticket was issued: a ticket older than a logout everywhere opens nothing. */
  tokenVersion: integer('token_version').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * A confirmed change of an account's e-mail or phone number. The old address (or, when the contact was new, the
 * account's other contact) is told, with a link that undoes it (only the hash of its token is kept) for UNDO_DAYS.
 */
export const contactChanges = pgTable(
  'contact_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order changes happened in, even within one clock tick: an undo restores what was before the earliest. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: messageChannel('channel').notNull(),
    /** Null when the contact was added where there was none: undoing it removes it again. */
    oldValue: text('old_value'),
    newValue: text('new_value').notNull(),
    undoTokenHash: text('undo_token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_changes_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Failed password log-ins, for the per-account slowdown. Keyed by a keyed hash of the e-mail or phone tried (known
 * account or not, so the throttle tells nobody who has an account) and of the requester's IP address; `trusted`
 * when the browser carried a device cookie of an earlier successful log-in to that account.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountKey: text('account_key').notNull(),
    requester: text('requester').notNull(),
    trusted: boolean('trusted').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_account_idx').on(t.accountKey, t.createdAt), index('login_failures_created_idx').on(t.createdAt)],
);

/**
 * What the demo seed has created, by a key per item ('account:user@example.com'). A seed adds only keys that are
 * not here, so something a person deleted (an account, anonymised) is never created again.
 */
export const demoSeed = pgTable('demo_seed', {
  key: text('key').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
