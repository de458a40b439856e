import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { citext, nameTrigramIndex, timestamps } from './columns.ts';

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
    // An activity's search finds it by its host's first name too (modules/activities/near.ts).
    nameTrigramIndex('users_first_name_trgm_idx', t.firstName),
    check('users_has_contact', sql`${t.email} IS NOT NULL OR ${t.phoneNumber} IS NOT NULL OR ${t.deletedAt} IS NOT NULL`),
    check('users_phone_e164', sql`${t.phoneNumber} ~ '^\\+[1-9][0-9]{6,14}$'`),
    check('users_pending_phone_e164', sql`${t.pendingPhoneNumber} ~ '^\\+[1-9][0-9]{6,14}$'`),
  ],
);

/**
 * The area a person chose ("near me" lists are about it), one per account, so it follows them to every device they
 * sign in on. The coordinates are where they are (the device's position or the chosen place), the names what
 * reverse geocoding called it. Personal data: deleted with the account.
 */
export const userLocations = pgTable(
  'user_locations',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    city: text('city').notNull(),
    state: text('state').notNull(),
    country: text('country').notNull(),
    area: text('area').notNull().default(''),
    formattedAddress: text('formatted_address').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('user_locations_latitude', sql`${t.latitude} BETWEEN -90 AND 90`),
    check('user_locations_longitude', sql`${t.longitude} BETWEEN -180 AND 180`),
    check(
      'user_locations_lengths',
      sql`length(${t.city}) BETWEEN 1 AND 120 AND length(${t.state}) BETWEEN 1 AND 120 AND length(${t.country}) BETWEEN 1 AND 120 AND length(${t.area}) <= 120 AND length(${t.formattedAddress}) BETWEEN 1 AND 300`,
    ),
  ],
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

/** One smaller WebP rendition of an uploaded image (for srcset), where it is stored and its size. */
export type MediaVariant = { key: string; width: number; height: number; contentType: string; bytes: number };

/**
 * Uploaded images: who owns them and where the re-encoded file, its thumbnail and its renditions live. `bytes` is the
 * re-encoded file's, what the storage allowance counts; the thumbnail and renditions are the server's own copies.
 */
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
    /** Narrowest first; empty for images uploaded before renditions were made. */
    variants: jsonb('variants').$type<MediaVariant[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('media_owner_idx').on(t.ownerId),
    check('media_dimensions', sql`${t.width} > 0 AND ${t.height} > 0 AND ${t.bytes} > 0`),
    check('media_variants_array', sql`jsonb_typeof(${t.variants}) = 'array'`),
  ],
);

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

/**
 * The request counters of the rate limits (lib/rate-limit.ts), shared by every server process on the database: one row
 * per limited route (or group of routes) and caller, counting the hits of its current window. Unlogged (migration
 * 0026): a counter lost in a crash only gives a caller a fresh window.
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});
