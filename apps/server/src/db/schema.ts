import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  pgEnum,
  pgTable,
  text,
  timestamp,
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
    username: text('username'),
    passwordHash: text('password_hash'),
    isOperator: boolean('is_operator').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    check('users_has_contact', sql`${t.email} IS NOT NULL OR ${t.phoneNumber} IS NOT NULL`),
    check('users_phone_e164', sql`${t.phoneNumber} ~ '^\\+[1-9][0-9]{6,14}$'`),
  ],
);

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
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    kycStatus: kycStatus('kyc_status').notNull().default('not_submitted'),
    isApproved: boolean('is_approved').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check('vendors_latitude', sql`${t.latitude} BETWEEN -90 AND 90`),
    check('vendors_longitude', sql`${t.longitude} BETWEEN -180 AND 180`),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);
