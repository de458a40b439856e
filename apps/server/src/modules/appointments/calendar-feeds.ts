import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CALENDAR_FEED_DAYS_AHEAD,
  CALENDAR_FEED_DAYS_BACK,
  CALENDAR_FEED_MAX_EVENTS,
  type CalendarFeed,
  type CalendarFeedInput,
  type CalendarFeeds,
} from '@localloop/contract';
import { appointments, calendarFeeds, providers, users, vendorAddresses, vendors } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { requireApprovedVendor } from '../vendors/index.ts';
import { shopCalendar, type ShopBooking } from './calendar.ts';
import { iso, type AppointmentsDeps, type Reader } from './shared.ts';

/**
 * Private, revocable calendar feeds (docs/decisions/0017): a shop's bookings, or one provider's, as an iCalendar address
 * that Google Calendar or Apple Calendar subscribes to. The address is the feed's id and an HMAC of it under the server's
 * secret: nothing secret is stored, the owner can read the address again at any time, and turning a feed off (or
 * resetting it) stamps `revoked_at`, after which the address answers 404 like one that never was.
 */

export type CalendarFeedDeps = AppointmentsDeps & {
  /** The server's secret, the HMAC key of the addresses. */
  secret: string;
  /** Where people reach the app: the addresses are absolute, to be pasted into a calendar app as they are. */
  publicUrl: string;
};

type FeedRow = typeof calendarFeeds.$inferSelect;

const noSuchFeed = () => AppError.notFound('That calendar link');

// ---- The address -------------------------------------------------------------------------------------

/** The token of an address: the feed id, a dash, and 43 base64url characters of HMAC-SHA256. */
const TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-([A-Za-z0-9_-]{43})$/;

/** Named by purpose, so this HMAC can never stand in for another made with the same secret (codes, cookies). */
const signatureOf = (secret: string, feedId: string) => createHmac('sha256', secret).update(`calendar-feed:${feedId}`).digest('base64url');

export const feedToken = (secret: string, feedId: string) => `${feedId}-${signatureOf(secret, feedId)}`;

/** The feed id a token names, when its signature is ours (compared in constant time); else null. */
export function feedIdOf(secret: string, token: string): string | null {
  const match = TOKEN.exec(token);
  const [, feedId, given] = match ?? [];
  if (!feedId || !given) return null;
  const expected = Buffer.from(signatureOf(secret, feedId));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? feedId : null;
}

function toFeed(deps: CalendarFeedDeps, row: Pick<FeedRow, 'id' | 'createdAt'>): CalendarFeed {
  const origin = deps.publicUrl.replace(/\/+$/, '');
  return { id: row.id, url: `${origin}/api/calendar/${feedToken(deps.secret, row.id)}.ics`, created_at: iso(row.createdAt) };
}

// ---- The owner's side ----------------------------------------------------------------------------------

/** The shop's live feeds, and its providers (by name) each with theirs or null. */
export async function myCalendarFeeds(deps: CalendarFeedDeps, userId: string): Promise<CalendarFeeds> {
  const vendor = await requireApprovedVendor(deps.db, userId);
  const live = await deps.db
    .select({ id: calendarFeeds.id, providerId: calendarFeeds.providerId, createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.vendorId, vendor.id), isNull(calendarFeeds.revokedAt)));
  const staff = await deps.db.select({ id: providers.id, name: providers.name }).from(providers).where(eq(providers.vendorId, vendor.id)).orderBy(asc(providers.name), asc(providers.id));
  const feedOf = (providerId: string | null) => {
    const row = live.find((f) => f.providerId === providerId);
    return row ? toFeed(deps, row) : null;
  };
  return { shop: feedOf(null), providers: staff.map((provider) => ({ provider, feed: feedOf(provider.id) })) };
}

/** Where a feed points: the whole shop (provider null) or one provider. */
const sameTarget = (vendorId: string, providerId: string | null) =>
  and(eq(calendarFeeds.vendorId, vendorId), providerId === null ? isNull(calendarFeeds.providerId) : eq(calendarFeeds.providerId, providerId));

/**
 * A new address for the shop or one of its providers; the live one of the same target is turned off in the same
 * transaction ("reset the link"). The shop's row is locked first, so resets at the same moment take turns, each turning
 * off the address the one before made, instead of meeting at the one-live-feed index.
 */
export async function createCalendarFeed(deps: CalendarFeedDeps, userId: string, input: z.output<typeof CalendarFeedInput>): Promise<CalendarFeed> {
  const providerId = input.provider_id;
  return deps.db.transaction(async (tx) => {
    const vendor = await requireApprovedVendor(tx, userId, { lock: true });
    if (providerId !== null) await requireOwnProvider(tx, vendor.id, providerId);
    const now = deps.clock();
    await tx
      .update(calendarFeeds)
      .set({ revokedAt: now })
      .where(and(sameTarget(vendor.id, providerId), isNull(calendarFeeds.revokedAt)));
    const [row] = await tx.insert(calendarFeeds).values({ vendorId: vendor.id, providerId, createdAt: now }).returning();
    if (!row) throw new Error('the calendar feed was not inserted');
    return toFeed(deps, row);
  });
}

/** Another shop's provider answers like one that does not exist, naming the field. */
async function requireOwnProvider(tx: Reader, vendorId: string, providerId: string): Promise<void> {
  // Key-share locked, as a booking's foreign key would: a delete of the provider at the same moment waits for this one.
  const [own] = await tx
    .select({ id: providers.id })
    .from(providers)
    .where(and(eq(providers.id, providerId), eq(providers.vendorId, vendorId)))
    .for('key share');
  if (!own) throw new AppError('NOT_FOUND', 'That provider was not found.', { provider_id: 'Choose one of your providers.' });
}

/** Turns off one of the shop's live feeds; another shop's, or one already off, answers 404. */
export async function revokeCalendarFeed(deps: CalendarFeedDeps, userId: string, feedId: string): Promise<{ message: string }> {
  const vendor = await requireApprovedVendor(deps.db, userId);
  const [row] = await deps.db
    .update(calendarFeeds)
    .set({ revokedAt: deps.clock() })
    .where(and(eq(calendarFeeds.id, feedId), eq(calendarFeeds.vendorId, vendor.id), isNull(calendarFeeds.revokedAt)))
    .returning({ id: calendarFeeds.id });
  if (!row) throw noSuchFeed();
  return { message: 'The calendar link is turned off. Calendars subscribed to it no longer get your bookings.' };
}

// ---- The subscribed calendar's side ----------------------------------------------------------------

/** A person's name as the shop sees it, as bookings.ts names customers: first and last name, else the username. */
const customerName = sql<string | null>`coalesce(nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''), ${users.username})`;

/**
 * The feed a token names, while it is live and its shop is too: a suspended shop's owner cannot manage its links, so
 * they stop answering with it rather than stay out of reach.
 */
async function liveFeed(deps: CalendarFeedDeps, token: string) {
  const feedId = feedIdOf(deps.secret, token);
  if (!feedId) return undefined;
  const [found] = await deps.db
    .select({ vendorId: calendarFeeds.vendorId, providerId: calendarFeeds.providerId, businessName: vendors.businessName, providerName: providers.name })
    .from(calendarFeeds)
    .innerJoin(vendors, eq(vendors.id, calendarFeeds.vendorId))
    .leftJoin(providers, eq(providers.id, calendarFeeds.providerId))
    .where(and(eq(calendarFeeds.id, feedId), isNull(calendarFeeds.revokedAt), sql`${vendors.listed}`));
  return found;
}

/** The shop's primary address as a calendar place, as the one-booking download writes it. */
async function placeOf(db: Reader, vendorId: string, businessName: string): Promise<string> {
  const [address] = await db
    .select({ line1: vendorAddresses.line1, city: vendorAddresses.city, country: vendorAddresses.country })
    .from(vendorAddresses)
    .where(and(eq(vendorAddresses.vendorId, vendorId), eq(vendorAddresses.isPrimary, true)));
  return address ? [businessName, address.line1, address.city, address.country].join(', ') : businessName;
}

/**
 * The feed's calendar: the bookings of its shop (or provider) from CALENDAR_FEED_DAYS_BACK days ago to
 * CALENDAR_FEED_DAYS_AHEAD ahead, cancelled ones included (as cancelled), by start, at most CALENDAR_FEED_MAX_EVENTS. A
 * malformed, forged, unknown or turned-off token is one 404.
 */
export async function calendarFeedFile(deps: CalendarFeedDeps, token: string): Promise<string> {
  const feed = await liveFeed(deps, token);
  if (!feed) throw noSuchFeed();
  const now = deps.clock().getTime();
  const rows = await deps.db
    .select({ row: appointments, customerName })
    .from(appointments)
    .leftJoin(users, eq(users.id, appointments.customerId))
    .where(
      and(
        eq(appointments.vendorId, feed.vendorId),
        feed.providerId === null ? undefined : eq(appointments.providerId, feed.providerId),
        gte(appointments.startsAt, new Date(now - CALENDAR_FEED_DAYS_BACK * 86_400_000)),
        lt(appointments.startsAt, new Date(now + CALENDAR_FEED_DAYS_AHEAD * 86_400_000)),
      ),
    )
    .orderBy(asc(appointments.startsAt), asc(appointments.id))
    .limit(CALENDAR_FEED_MAX_EVENTS);
  const bookings: ShopBooking[] = rows.map(({ row, customerName: name }) => ({
    id: row.id,
    status: row.status,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    timeZone: row.timeZone,
    serviceName: row.serviceName,
    providerName: row.providerName,
    customerName: row.customerId ? (name ?? 'Customer') : null,
    notes: row.notes,
    cancelReason: row.cancelReason,
  }));
  const name = feed.providerName ? `${feed.providerName} at ${feed.businessName}` : `${feed.businessName} bookings`;
  return shopCalendar(name, bookings, await placeOf(deps.db, feed.vendorId, feed.businessName));
}
