import { and, asc, eq, fillPlaceholders, gte, lt, sql, type Placeholder } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { GenerateSlotsInput, GenerateSlotsResponse, TimeSlotsQuery, TimeSlotsResponse } from '@localloop/contract';
import type { Db } from '../../db/client.ts';
import { appointments, providerDaysOff, providerHours, providerServices, providers, services, timeSlots, vendorHours, vendors } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { prepared } from '../../lib/prepared.ts';
import { requireApprovedVendor } from '../vendors/index.ts';
import { daysOffOf, hoursOf, noSuchProvider } from './providers.ts';
import { iso, type AppointmentsDeps, type Reader } from './shared.ts';
import { freeTimesChange, type FreeTimes } from './kept-slots.ts';
import { dayBounds, instantAt, isWithinHours, localClock, slotsBetween, todayIn, type SlotRule, type WeeklyHours } from './slot-maths.ts';

const pairingColumns = {
  providerId: providers.id,
  providerName: providers.name,
  vendorId: providers.vendorId,
  usesVendorHours: providers.usesVendorHours,
  serviceId: services.id,
  serviceName: services.name,
  serviceActive: services.isActive,
  durationMinutes: services.durationMinutes,
  bufferMinutes: services.bufferMinutes,
  priceCents: services.priceCents,
  currency: services.currency,
  vendorUserId: vendors.userId,
  vendorListed: vendors.listed,
  businessName: vendors.businessName,
  timeZone: vendors.timeZone,
  performs: sql<boolean>`${providerServices.serviceId} IS NOT NULL`,
};

/** The select of a pairing, with more columns when asked, for ids given or placeholders of a prepared statement. */
function selectPairing<T extends SelectedFields>(db: Reader, extra: T, providerId: string | Placeholder, serviceId: string | Placeholder) {
  return db
    .select({ ...pairingColumns, ...extra })
    .from(providers)
    .innerJoin(vendors, eq(vendors.id, providers.vendorId))
    .innerJoin(services, and(eq(services.id, serviceId), eq(services.vendorId, providers.vendorId)))
    .leftJoin(providerServices, and(eq(providerServices.providerId, providers.id), eq(providerServices.serviceId, services.id)))
    .where(eq(providers.id, providerId));
}

/** The pairing a slot belongs to, with what its rules need: the provider, the service, the shop. */
export async function loadPairing(db: Reader, providerId: string, serviceId: string) {
  const [row] = await selectPairing(db, {}, providerId, serviceId);
  return row;
}
export type Pairing = NonNullable<Awaited<ReturnType<typeof loadPairing>>>;

export async function ruleOf(db: Reader, pairing: Pairing): Promise<SlotRule> {
  return {
    timeZone: pairing.timeZone,
    hours: await hoursOf(db, { id: pairing.providerId, vendorId: pairing.vendorId, usesVendorHours: pairing.usesVendorHours }),
    daysOff: await daysOffOf(db, pairing.providerId),
    durationMinutes: pairing.durationMinutes,
    bufferMinutes: pairing.bufferMinutes,
  };
}

/** The provider's time a booking from `startsAt` of this service would hold: its length and the pause after. */
export const heldUntil = (startsAt: Date, pairing: Pick<Pairing, 'durationMinutes' | 'bufferMinutes'>) =>
  new Date(startsAt.getTime() + (pairing.durationMinutes + pairing.bufferMinutes) * 60_000);

/**
 * Makes the provider's slots for a service over the days asked, in the shop's time zone, from today's next slot on.
 * A slot already there stays (the unique start makes a second run add nothing); one whose time a booking holds is
 * left out. The provider must perform the service.
 */
export async function generateSlots(
  deps: AppointmentsDeps,
  userId: string,
  providerId: string,
  input: z.output<typeof GenerateSlotsInput>,
): Promise<GenerateSlotsResponse> {
  const made = await deps.db.transaction(async (tx) => {
    const vendor = await requireApprovedVendor(tx, userId);
    const [own] = await tx.select({ id: providers.id }).from(providers).where(and(eq(providers.id, providerId), eq(providers.vendorId, vendor.id)));
    if (!own) throw noSuchProvider();
    const pairing = await loadPairing(tx, providerId, input.service_id);
    if (!pairing) throw new AppError('VALIDATION_FAILED', 'This service is not one of your services.', { service_id: 'This service is not one of your services.' });
    if (!pairing.performs) {
      const message = `${pairing.providerName} does not perform "${pairing.serviceName}". Add the service to the provider first.`;
      throw new AppError('VALIDATION_FAILED', message, { service_id: message });
    }
    const now = deps.clock();
    const today = todayIn(pairing.timeZone, now);
    if (input.end_date < today) {
      const message = `The days asked are over: today is ${today} in ${pairing.timeZone}.`;
      throw new AppError('VALIDATION_FAILED', message, { end_date: message });
    }
    const rule = await ruleOf(tx, pairing);
    const candidates = slotsBetween(input.start_date < today ? today : input.start_date, input.end_date, rule, now);
    if (candidates.length === 0) return { created: 0, existing: 0, skipped_booked: 0, time_zone: pairing.timeZone };

    const first = candidates[0]?.startsAt ?? now;
    const last = candidates.at(-1)?.endsAt ?? now;
    const booked = await tx
      .select({ startsAt: appointments.startsAt, blockedUntil: appointments.blockedUntil })
      .from(appointments)
      .where(
        and(
          eq(appointments.providerId, providerId),
          sql`${appointments.status} <> 'cancelled'`,
          sql`tstzrange(${appointments.startsAt}, ${appointments.blockedUntil}, '[)') && tstzrange(${iso(first)}::timestamptz, ${iso(heldUntil(last, { durationMinutes: 0, bufferMinutes: pairing.bufferMinutes }))}::timestamptz, '[)')`,
        ),
      );
    const free = candidates.filter((slot) => {
      const until = heldUntil(slot.startsAt, pairing);
      return !booked.some((b) => b.startsAt < until && slot.startsAt < b.blockedUntil);
    });
    let created = 0;
    // In chunks: a parameter list stays well under the protocol's limit whatever the range.
    for (let i = 0; i < free.length; i += 500) {
      const chunk = free.slice(i, i + 500);
      const inserted = await tx
        .insert(timeSlots)
        .values(chunk.map((s) => ({ providerId, serviceId: pairing.serviceId, startsAt: s.startsAt, endsAt: s.endsAt })))
        .onConflictDoNothing()
        .returning({ id: timeSlots.id });
      created += inserted.length;
    }
    if (created > 0) await freeTimesChange(tx, providerId);
    return { created, existing: free.length - created, skipped_booked: candidates.length - free.length, time_zone: pairing.timeZone };
  });
  if (made.created > 0) deps.freeTimes?.changed(providerId);
  return made;
}

/**
 * The free slots of one day, a prepared statement: made slots of the pairing that start in the day's window, with no
 * live booking of the provider overlapping the time the service would hold (its length and pause). The exclusion
 * constraint's GiST index answers the overlap test.
 */
const freeSlotsOfDayQuery = (db: Db) =>
  db
    .select({ startsAt: timeSlots.startsAt, endsAt: timeSlots.endsAt })
    .from(timeSlots)
    .where(
      and(
        eq(timeSlots.providerId, sql.placeholder('provider_id')),
        eq(timeSlots.serviceId, sql.placeholder('service_id')),
        gte(timeSlots.startsAt, sql.placeholder('from')),
        lt(timeSlots.startsAt, sql.placeholder('to')),
        // A slot is free when it (with the buffer after it) overlaps none of the provider's live bookings of the day.
        // Those are read once, by one probe of the exclusion constraint's index for the day's span (the latest slot's
        // end and the buffer included), as an array the day's slots are checked against: a probe of the index per
        // slot cost 9 pages each, and the busiest provider's day of 15 slots 130 (at 20 clients: 5,838 statements a
        // second against 21,915 this way; bench/RESULTS.md). Names written out: the subqueries must compare their
        // rows with the slot's (shared.ts says why).
        sql`NOT (tstzrange("time_slots"."starts_at", "time_slots"."ends_at" + make_interval(mins => ${sql.placeholder('buffer')}::int), '[)') && ANY (coalesce((
          SELECT array_agg(tstzrange(held.starts_at, held.blocked_until, '[)')) FROM ${appointments} AS held
          WHERE held.provider_id = ${sql.placeholder('provider_id')} AND held.status <> 'cancelled'
            AND tstzrange(held.starts_at, held.blocked_until, '[)') && tstzrange(${sql.placeholder('from')}::timestamptz,
              ${sql.placeholder('to')}::timestamptz + make_interval(mins => ${sql.placeholder('buffer')}::int) + coalesce((
                SELECT max(longest.ends_at - longest.starts_at) FROM ${timeSlots} AS longest WHERE longest.provider_id = ${sql.placeholder('provider_id')}
                  AND longest.service_id = ${sql.placeholder('service_id')} AND longest.starts_at >= ${sql.placeholder('from')} AND longest.starts_at < ${sql.placeholder('to')}), interval '0'), '[)')
        ), '{}')))`,
      ),
    )
    .orderBy(asc(timeSlots.startsAt));
const freeSlotsOfDay = prepared('appointments_free_slots', freeSlotsOfDayQuery);

/**
 * What get-time-slots reads before the slots, in one prepared statement (one round trip, planned once): the pairing,
 * the hours the provider keeps (their own, or the shop's as they are now, as hoursOf reads them) and whether the day
 * asked is one of their days off.
 */
const pairingOfDayQuery = (db: Db) =>
  selectPairing(
    db,
    {
      // Names written out: the subqueries must compare their rows with the pairing's provider (shared.ts says why).
      hours: sql<WeeklyHours>`(SELECT coalesce(json_agg(json_build_object('weekday', h.weekday, 'opensMinute', h.opens_minute, 'closesMinute', h.closes_minute)), '[]'::json)
        FROM (SELECT own.weekday, own.opens_minute, own.closes_minute FROM ${providerHours} AS own WHERE own.provider_id = "providers"."id" AND NOT "providers"."uses_vendor_hours"
          UNION ALL SELECT shop.weekday, shop.opens_minute, shop.closes_minute FROM ${vendorHours} AS shop WHERE shop.vendor_id = "providers"."vendor_id" AND "providers"."uses_vendor_hours") AS h)`,
      isDayOff: sql<boolean>`EXISTS (SELECT 1 FROM ${providerDaysOff} AS off WHERE off.provider_id = "providers"."id" AND off.day = ${sql.placeholder('for_date')}::date)`,
    },
    sql.placeholder('provider_id'),
    sql.placeholder('service_id'),
  );
const pairingOfDay = prepared('appointments_pairing_of_day', pairingOfDayQuery);

/** The SQL and parameters get-time-slots runs (the pairing, then the day's free slots), for EXPLAIN in the bench. */
export function timeSlotsSql(db: Db, values: { provider_id: string; service_id: string; for_date: string; from: string; to: string; buffer: number }) {
  const withValues = (q: { toSQL(): { sql: string; params: unknown[] } }) => {
    const { sql: text, params } = q.toSQL();
    return { text, params: fillPlaceholders(params, values) };
  };
  return { pairing: withValues(pairingOfDayQuery(db)), slots: withValues(freeSlotsOfDayQuery(db)) };
}

/**
 * A provider's free slots for a service on one day of the shop's time zone, from `time` on when given, never past
 * ones; only slots within the provider's hours as they are now (hours changed after the slots were made) and not on a
 * day off. Customers see a bookable pairing only; the shop's owner sees its own whatever their state. Two prepared
 * statements: the pairing with its rules, then the day's free slots.
 */
export async function freeSlots(deps: AppointmentsDeps, callerId: string | null, query: z.output<typeof TimeSlotsQuery>): Promise<TimeSlotsResponse> {
  return (await freeTimes(deps, callerId, query)).answer;
}

/** freeSlots' answer with the account that owns the shop (kept-slots.ts serves it to others, not to them). */
export async function freeTimes(deps: AppointmentsDeps, callerId: string | null, query: z.output<typeof TimeSlotsQuery>): Promise<FreeTimes> {
  const [pairing] = await pairingOfDay(deps.db).execute({ provider_id: query.provider_id, service_id: query.service_id, for_date: query.for_date });
  const isOwner = pairing !== undefined && callerId !== null && pairing.vendorUserId === callerId;
  if (!pairing || !pairing.performs || (!isOwner && !(pairing.serviceActive && pairing.vendorListed))) {
    throw AppError.notFound('That provider or service');
  }
  const ownerId = pairing.vendorUserId;
  const empty = { provider_id: pairing.providerId, service_id: pairing.serviceId, for_date: query.for_date, time_zone: pairing.timeZone, slots: [] };
  if (pairing.isDayOff) return { answer: empty, ownerId };
  // Every slot of the day is of that day in the shop's zone: the day's own day-off is the only one that matters.
  const rule: SlotRule = {
    timeZone: pairing.timeZone,
    hours: pairing.hours,
    daysOff: new Set(),
    durationMinutes: pairing.durationMinutes,
    bufferMinutes: pairing.bufferMinutes,
  };
  const day = dayBounds(query.for_date, pairing.timeZone);
  const now = deps.clock();
  let from = day.from > now ? day.from : now;
  if (query.time) {
    const [hours, minutes] = query.time.split(':').map(Number);
    const at = instantAt(query.for_date, (hours ?? 0) * 60 + (minutes ?? 0), pairing.timeZone);
    if (at && at > from) from = at;
  }
  if (from >= day.to) return { answer: empty, ownerId };
  const rows = await freeSlotsOfDay(deps.db).execute({
    provider_id: pairing.providerId,
    service_id: pairing.serviceId,
    from: iso(from),
    to: iso(day.to),
    buffer: pairing.bufferMinutes,
  });
  const clock = localClock(pairing.timeZone, day);
  const slots = rows.flatMap((r) => {
    const startsAt = new Date(r.startsAt);
    const parts = clock(startsAt);
    return isWithinHours(startsAt, rule, parts) ? [{ starts_at: iso(startsAt), ends_at: iso(new Date(r.endsAt)), local_time: parts.time }] : [];
  });
  return { answer: { ...empty, slots }, ownerId };
}
