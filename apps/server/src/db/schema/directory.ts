import { sql } from 'drizzle-orm';
import {
  check,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { users } from './accounts.ts';
import { vendors } from './vendors.ts';

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
