import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { media, users } from './accounts.ts';
import { nameTrigramIndex, timestamps } from './columns.ts';
import { vendors } from './vendors.ts';

/**
 * Services, providers, slots and appointments (docs/decisions/0017). Invariants the database keeps: a provider performs
 * only its own shop's services (composite keys), a slot is made once, and one provider is never booked twice for
 * overlapping times (an exclusion constraint written by hand in migration 0012: provider with =, the booked range
 * [starts_at, blocked_until) with &&, cancelled bookings left out).
 */

export const services = pgTable(
  'services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull(),
    durationMinutes: smallint('duration_minutes').notNull(),
    bufferMinutes: smallint('buffer_minutes').notNull().default(0),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    unique('services_id_vendor').on(t.id, t.vendorId),
    index('services_vendor_idx').on(t.vendorId, t.createdAt),
    nameTrigramIndex('services_active_name_trgm_idx', t.name, sql`${t.isActive}`),
    check('services_name_length', sql`char_length(${t.name}) BETWEEN 2 AND 120`),
    check('services_description_length', sql`char_length(${t.description}) <= 2000`),
    check('services_duration', sql`${t.durationMinutes} BETWEEN 5 AND 480 AND ${t.durationMinutes} % 5 = 0`),
    check('services_buffer', sql`${t.bufferMinutes} BETWEEN 0 AND 120 AND ${t.bufferMinutes} % 5 = 0`),
    check('services_price', sql`${t.priceCents} BETWEEN 0 AND 100000000`),
    check('services_currency', sql`${t.currency} IN ('USD', 'EUR', 'GBP', 'CAD', 'AUD')`),
  ],
);

/** A service's pictures in order (the first leads): images its vendor's owner uploaded. */
export const serviceImages = pgTable(
  'service_images',
  {
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.serviceId, t.position] }),
    uniqueIndex('service_images_service_media_idx').on(t.serviceId, t.mediaId),
    index('service_images_media_idx').on(t.mediaId),
    check('service_images_position', sql`${t.position} BETWEEN 0 AND 3`),
  ],
);

/** A member of a vendor's staff who performs services. `uses_vendor_hours`: their hours are the shop's, as they change. */
export const providers = pgTable(
  'providers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    bio: text('bio').notNull().default(''),
    photoId: uuid('photo_id').references(() => media.id, { onDelete: 'set null' }),
    usesVendorHours: boolean('uses_vendor_hours').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    unique('providers_id_vendor').on(t.id, t.vendorId),
    index('providers_vendor_idx').on(t.vendorId),
    check('providers_name_length', sql`char_length(${t.name}) BETWEEN 1 AND 120`),
    check('providers_bio_length', sql`char_length(${t.bio}) <= 1000`),
  ],
);

/** Which services a provider performs; both of one vendor (the composite keys refuse a mix). */
export const providerServices = pgTable(
  'provider_services',
  {
    providerId: uuid('provider_id').notNull(),
    serviceId: uuid('service_id').notNull(),
    vendorId: uuid('vendor_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.serviceId] }),
    index('provider_services_service_idx').on(t.serviceId),
    foreignKey({ columns: [t.providerId, t.vendorId], foreignColumns: [providers.id, providers.vendorId], name: 'provider_services_provider_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.serviceId, t.vendorId], foreignColumns: [services.id, services.vendorId], name: 'provider_services_service_fk' }).onDelete('cascade'),
  ],
);

/** A provider's own weekly hours (when not the shop's): minutes of the day in the shop's time zone, weekday 1 = Monday. */
export const providerHours = pgTable(
  'provider_hours',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    opensMinute: smallint('opens_minute').notNull(),
    closesMinute: smallint('closes_minute').notNull(),
  },
  (t) => [
    index('provider_hours_provider_idx').on(t.providerId, t.weekday),
    check('provider_hours_weekday', sql`${t.weekday} BETWEEN 1 AND 7`),
    check('provider_hours_range', sql`0 <= ${t.opensMinute} AND ${t.opensMinute} < ${t.closesMinute} AND ${t.closesMinute} <= 1440`),
  ],
);

/** Whole days a provider does not work, in the shop's time zone. */
export const providerDaysOff = pgTable(
  'provider_days_off',
  {
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.providerId, t.day] })],
);

/**
 * A bookable time of a provider for a service, made by generate-slots. Made once (unique start per provider and
 * service); free while no live appointment of the provider overlaps it. Gone with the provider-service pairing.
 */
export const timeSlots = pgTable(
  'time_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id').notNull(),
    serviceId: uuid('service_id').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('time_slots_provider_service_start').on(t.providerId, t.serviceId, t.startsAt),
    foreignKey({ columns: [t.providerId, t.serviceId], foreignColumns: [providerServices.providerId, providerServices.serviceId], name: 'time_slots_pairing_fk' }).onDelete(
      'cascade',
    ),
    check('time_slots_range', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

export const appointmentStatus = pgEnum('appointment_status', ['pending', 'confirmed', 'completed', 'cancelled', 'no_show']);
export const appointmentParty = pgEnum('appointment_party', ['customer', 'vendor']);

/**
 * A booking. What the customer booked is copied (service and provider names, price, time zone), so history reads the
 * same after the service changes or goes; `blocked_until` is the end plus the service's pause, the time the provider is
 * held. The customer goes (set null) when the account is deleted: the vendor keeps the record without the name.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id').references(() => providers.id, { onDelete: 'set null' }),
    serviceId: uuid('service_id').references(() => services.id, { onDelete: 'set null' }),
    customerId: uuid('customer_id').references(() => users.id, { onDelete: 'set null' }),
    serviceName: text('service_name').notNull(),
    providerName: text('provider_name').notNull(),
    durationMinutes: smallint('duration_minutes').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }).notNull(),
    timeZone: text('time_zone').notNull(),
    status: appointmentStatus('status').notNull().default('pending'),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull(),
    notes: text('notes').notNull().default(''),
    cancelReason: text('cancel_reason'),
    cancelledBy: appointmentParty('cancelled_by'),
    ...timestamps,
  },
  (t) => [
    index('appointments_customer_idx').on(t.customerId, t.startsAt),
    index('appointments_vendor_idx').on(t.vendorId, t.startsAt),
    index('appointments_service_idx').on(t.serviceId, t.startsAt),
    check('appointments_range', sql`${t.endsAt} > ${t.startsAt} AND ${t.blockedUntil} >= ${t.endsAt}`),
    check('appointments_price', sql`${t.priceCents} >= 0`),
    check('appointments_notes_length', sql`char_length(${t.notes}) <= 500`),
    check('appointments_cancelled_has_reason', sql`(${t.status} = 'cancelled') = (${t.cancelReason} IS NOT NULL AND ${t.cancelledBy} IS NOT NULL)`),
  ],
);

export const favoriteServices = pgTable(
  'favorite_services',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.serviceId] }), index('favorite_services_service_idx').on(t.serviceId)],
);

/**
 * A private iCalendar feed of a shop's bookings, or of one provider's (provider_id set), that a calendar app subscribes
 * to. Its address carries the feed's id and an HMAC of it under the server's secret, so nothing secret is stored and the
 * owner can read the address again; revoking stamps `revoked_at` and the address stops answering. One live feed per shop
 * and per provider.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    foreignKey({ columns: [t.providerId, t.vendorId], foreignColumns: [providers.id, providers.vendorId], name: 'calendar_feeds_provider_fk' }).onDelete('cascade'),
    uniqueIndex('calendar_feeds_live_idx')
      .on(t.vendorId, sql`coalesce(${t.providerId}, '00000000-0000-0000-0000-000000000000'::uuid)`)
      .where(sql`${t.revokedAt} IS NULL`),
  ],
);
