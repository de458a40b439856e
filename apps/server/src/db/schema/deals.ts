import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgTable, primaryKey, smallint, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { media, users } from './accounts.ts';
import { geoPoint, listedEarthIndex, nameTrigramIndex, timestamps } from './columns.ts';
import { vendorAddresses, vendors } from './vendors.ts';

/**
 * Deals, purchases and deal ratings (docs/decisions/0019). Invariants the database keeps: stock never goes below zero
 * nor sold past the quantity (a CHECK on the counter every purchase and refund moves), a deal's price is below its
 * original in one currency, a purchase moves paid → fulfilled or paid → refunded once (conditional updates, CHECKs on
 * the timestamps each status needs), one rating per customer and deal, and one purchase per customer and
 * Idempotency-Key.
 */

export const deals = pgTable(
  'deals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    category: text('category').notNull(),
    terms: text('terms').notNull().default(''),
    originalPriceCents: integer('original_price_cents').notNull(),
    dealPriceCents: integer('deal_price_cents').notNull(),
    currency: text('currency').notNull(),
    /** Null: no stock limit. */
    quantityTotal: integer('quantity_total'),
    /** Units paid or fulfilled; a refund gives its units back. */
    quantitySold: integer('quantity_sold').notNull().default(0),
    perCustomerLimit: smallint('per_customer_limit').notNull().default(1),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    isPaused: boolean('is_paused').notNull().default(false),
    /**
     * The redemption address: one of the vendor's, copied here (text and point) so a purchase still says where to go
     * after the vendor edits it (a trigger of migration 0015 copies edits) or deletes it (the id becomes null).
     */
    addressId: uuid('address_id').references(() => vendorAddresses.id, { onDelete: 'set null' }),
    addressText: text('address_text').notNull(),
    city: text('city').notNull(),
    ...geoPoint(),
    /** Not paused and its vendor listed: kept by triggers of migration 0015, for the partial GiST index. */
    listed: boolean('listed').notNull().default(false),
    /**
     * No unit left (the counter at the quantity), computed by PostgreSQL: in the GiST index's INCLUDE list (migration
     * 0022), so the lists' KNN walk tells a sold-out deal from the index alone. Its value changes once in a deal's life,
     * so a purchase's counter update stays a HOT update (quantity_sold itself in the index would make every one of them
     * write a new entry in each of the table's indexes).
     */
    soldOut: boolean('sold_out')
      .notNull()
      .generatedAlwaysAs(sql`quantity_total IS NOT NULL AND quantity_sold >= quantity_total`),
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('deals_vendor_idx').on(t.vendorId, t.createdAt),
    listedEarthIndex('deals_listed_earth_idx', t),
    nameTrigramIndex('deals_listed_title_trgm_idx', t.title, sql`${t.listed}`),
    index('deals_address_idx').on(t.addressId),
    check('deals_title_length', sql`char_length(${t.title}) BETWEEN 3 AND 120`),
    check('deals_description_length', sql`char_length(${t.description}) BETWEEN 10 AND 4000`),
    check('deals_terms_length', sql`char_length(${t.terms}) <= 2000`),
    check('deals_prices', sql`${t.originalPriceCents} BETWEEN 1 AND 100000000 AND ${t.dealPriceCents} >= 0 AND ${t.dealPriceCents} < ${t.originalPriceCents}`),
    check('deals_currency', sql`${t.currency} IN ('USD', 'EUR', 'GBP', 'CAD', 'AUD')`),
    check('deals_stock', sql`${t.quantitySold} >= 0 AND (${t.quantityTotal} IS NULL OR (${t.quantityTotal} >= 1 AND ${t.quantitySold} <= ${t.quantityTotal}))`),
    check('deals_per_customer', sql`${t.perCustomerLimit} BETWEEN 1 AND 20`),
    check('deals_dates', sql`${t.endsAt} > ${t.startsAt}`),
    check('deals_rating_figures', sql`${t.ratingCount} >= 0 AND ${t.ratingSum} BETWEEN ${t.ratingCount} AND 5 * ${t.ratingCount}`),
  ],
);

/** A deal's pictures in order (the first leads): images its vendor's owner uploaded. */
export const dealImages = pgTable(
  'deal_images',
  {
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.dealId, t.position] }),
    uniqueIndex('deal_images_deal_media_idx').on(t.dealId, t.mediaId),
    index('deal_images_media_idx').on(t.mediaId),
    check('deal_images_position', sql`${t.position} BETWEEN 0 AND 3`),
  ],
);

export const purchaseStatus = pgEnum('purchase_status', ['paid', 'fulfilled', 'refunded']);

/**
 * One purchase of a deal: what was paid (unit price, quantity, total, currency, the provider and its reference), so
 * a real payment provider needs no schema change. The vendor is copied from the deal for the shop's sales and checks.
 */
export const purchases = pgTable(
  'purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'restrict' }),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    quantity: smallint('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull(),
    status: purchaseStatus('status').notNull().default('paid'),
    paymentProvider: text('payment_provider').notNull(),
    paymentReference: text('payment_reference').notNull(),
    /** The client's Idempotency-Key: a retry with it answers this purchase. */
    idempotencyKey: text('idempotency_key'),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    fulfilledBy: uuid('fulfilled_by').references(() => users.id, { onDelete: 'set null' }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundedBy: uuid('refunded_by').references(() => users.id, { onDelete: 'set null' }),
    refundReason: text('refund_reason'),
    refundReference: text('refund_reference'),
    ...timestamps,
  },
  (t) => [
    unique('purchases_customer_idempotency').on(t.customerId, t.idempotencyKey),
    index('purchases_customer_idx').on(t.customerId, t.createdAt),
    index('purchases_vendor_idx').on(t.vendorId, t.createdAt),
    index('purchases_deal_customer_idx').on(t.dealId, t.customerId),
    check('purchases_quantity', sql`${t.quantity} BETWEEN 1 AND 10`),
    check('purchases_amounts', sql`${t.unitPriceCents} >= 0 AND ${t.totalCents} = ${t.unitPriceCents} * ${t.quantity}`),
    check(
      'purchases_status_times',
      sql`(${t.status} = 'paid' AND ${t.fulfilledAt} IS NULL AND ${t.refundedAt} IS NULL)
        OR (${t.status} = 'fulfilled' AND ${t.fulfilledAt} IS NOT NULL AND ${t.refundedAt} IS NULL)
        OR (${t.status} = 'refunded' AND ${t.refundedAt} IS NOT NULL AND ${t.fulfilledAt} IS NULL)`,
    ),
  ],
);

/** One rating per customer and deal; only a customer with a fulfilled purchase may write it (checked in the service). */
export const dealRatings = pgTable(
  'deal_ratings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    unique('deal_ratings_deal_user').on(t.dealId, t.userId),
    index('deal_ratings_deal_idx').on(t.dealId, t.createdAt),
    check('deal_ratings_rating', sql`${t.rating} BETWEEN 1 AND 5`),
    check('deal_ratings_comment_length', sql`char_length(${t.comment}) <= 1000`),
  ],
);
