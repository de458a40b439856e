import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BOOKING_HORIZON_DAYS,
  appointmentStatusLabels,
  appointmentTransitions,
  type Appointment,
  type AppointmentList,
  type AppointmentStatus,
  type BookAppointmentInput,
  type Currency,
  type UpdateAppointmentStatusInput,
  type UserAppointmentsQuery,
  type VendorAppointmentsQuery,
} from '@localloop/contract';
import { takeTurn } from '../../db/client.ts';
import { appointments, timeSlots, users, vendorAddresses, vendors } from '../../db/schema.ts';
import { violatedExclusion } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { notify } from '../notifications/index.ts';
import { appointmentCalendar } from './calendar.ts';
import { freeTimesChange } from './kept-slots.ts';
import { dropReminders, scheduleReminders } from './reminders.ts';
import { iso, spokenTime, type AppointmentsDeps, type Reader } from './shared.ts';
import { dayBounds, isWithinHours, localPartsOf } from './slot-maths.ts';
import { heldUntil, loadPairing, ruleOf, type Pairing } from './slots.ts';

type Row = typeof appointments.$inferSelect;
type Party = { vendorUserId: string; businessName: string; customerName: string | null };

const noSuchAppointment = () => AppError.notFound('That appointment');

const slotTaken = () =>
  new AppError('SLOT_TAKEN', 'Someone has just booked this time. Choose another slot.', { starts_at: 'This time has just been booked. Choose another slot.' });

/** A person's name as the vendor sees it: first and last name, else the username. */
const customerName = sql<string | null>`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`;

const selection = {
  row: appointments,
  vendorUserId: vendors.userId,
  businessName: vendors.businessName,
  customerName: sql<string | null>`coalesce(${customerName}, ${users.username})`,
};

function select(db: Reader) {
  return db.select(selection).from(appointments).innerJoin(vendors, eq(vendors.id, appointments.vendorId)).leftJoin(users, eq(users.id, appointments.customerId));
}

function toAppointment(row: Row, party: Party, callerId: string, now: Date): Appointment {
  const live = row.status === 'pending' || row.status === 'confirmed';
  const isCustomer = row.customerId === callerId;
  return {
    id: row.id,
    status: row.status,
    starts_at: iso(row.startsAt),
    ends_at: iso(row.endsAt),
    time_zone: row.timeZone,
    service: { id: row.serviceId, name: row.serviceName, duration_minutes: row.durationMinutes },
    provider: { id: row.providerId, name: row.providerName },
    vendor: { id: row.vendorId, user_id: party.vendorUserId, business_name: party.businessName },
    customer: row.customerId ? { id: row.customerId, name: party.customerName ?? 'Customer' } : null,
    price: { amount_cents: row.priceCents, currency: row.currency as Currency },
    notes: row.notes,
    cancel_reason: row.cancelReason,
    cancelled_by: row.cancelledBy,
    can_cancel: live && row.startsAt > now,
    can_reschedule: live && isCustomer && row.startsAt > now && row.serviceId !== null && row.providerId !== null,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

/** When and with whom, as a notification says it: "Haircut with Ana on Tue 1 Dec at 09:30". */
function describe(row: Pick<Row, 'serviceName' | 'providerName' | 'startsAt' | 'timeZone'>): string {
  return `${row.serviceName} with ${row.providerName} on ${spokenTime(row.startsAt, row.timeZone)}`;
}

/**
 * Why a start cannot be booked for this pairing, checked in the order a person can act on: the service or shop is not
 * bookable, the time is past or too far ahead, the provider does not work then, or no slot starts then.
 */
async function requireBookable(tx: Reader, pairing: Pairing, startsAt: Date, now: Date, callerId: string): Promise<void> {
  if (pairing.vendorUserId === callerId) throw new AppError('SELF_BOOKING', 'This is your own shop: you cannot book its services yourself.');
  if (!pairing.serviceActive || !pairing.vendorListed || !pairing.performs) {
    throw new AppError('SERVICE_NOT_BOOKABLE', `"${pairing.serviceName}" cannot be booked with ${pairing.providerName} right now.`);
  }
  if (startsAt <= now) throw new AppError('SLOT_IN_PAST', 'This time has passed. Choose a time still to come.', { starts_at: 'Choose a time still to come.' });
  if (startsAt.getTime() - now.getTime() > BOOKING_HORIZON_DAYS * 86_400_000) {
    const message = `Bookings open ${BOOKING_HORIZON_DAYS} days ahead at most.`;
    throw new AppError('BOOKING_TOO_FAR_AHEAD', message, { starts_at: message });
  }
  const rule = await ruleOf(tx, pairing);
  if (!isWithinHours(startsAt, rule)) {
    throw new AppError('PROVIDER_NOT_AVAILABLE', `${pairing.providerName} does not work at that time. Choose one of the free slots.`, {
      starts_at: 'Choose one of the free slots.',
    });
  }
  const [slot] = await tx
    .select({ id: timeSlots.id })
    .from(timeSlots)
    .where(and(eq(timeSlots.providerId, pairing.providerId), eq(timeSlots.serviceId, pairing.serviceId), eq(timeSlots.startsAt, startsAt)));
  if (!slot) throw new AppError('SLOT_NOT_OFFERED', 'No slot starts at that time. Choose one of the free slots.', { starts_at: 'Choose one of the free slots.' });
}

/**
 * Takes the provider's time for the rest of the transaction (an advisory lock keyed by the provider): writes that take a
 * provider's time run one after the other. Left to the exclusion constraint alone, concurrent inserts into one
 * provider's time each wait for the other's row and PostgreSQL ends the cycle with a deadlock (seen at scale: 300
 * customers booking one slot, 29 answered 500 and the waiting held the pool until others got 503); in turn, the
 * second sees the first's booking and answers 409 at once.
 */
async function holdProviderTime(tx: Reader, providerId: string): Promise<void> {
  await takeTurn(tx, `provider-time:${providerId}`);
}

/** Whether a live booking of the provider holds the instant `startsAt`. */
async function timeHeld(db: Reader, providerId: string, startsAt: Date): Promise<boolean> {
  const [held] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.providerId, providerId),
        sql`${appointments.status} <> 'cancelled'`,
        sql`tstzrange(${appointments.startsAt}, ${appointments.blockedUntil}, '[)') @> ${startsAt.toISOString()}::timestamptz`,
      ),
    )
    .limit(1);
  return held !== undefined;
}

/** Runs a write that takes a provider's time; an overlap with a live booking (the exclusion constraint) is a 409. */
async function holdingTime<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (violatedExclusion(error)) throw slotTaken();
    throw error;
  }
}

async function loadOne(db: Reader, id: string) {
  const [found] = await select(db).where(eq(appointments.id, id));
  return found;
}

export async function bookAppointment(deps: AppointmentsDeps, userId: string, input: z.output<typeof BookAppointmentInput>): Promise<Appointment> {
  const startsAt = new Date(input.starts_at);
  const now = deps.clock();
  // Before the provider's lock: a time a live booking already holds is refused at once, not after the queue of others
  // asking for it (300 customers at once at scale). The locked insert and the exclusion constraint alone decide the rest.
  if (await timeHeld(deps.db, input.provider_id, startsAt)) throw slotTaken();
  const id = await holdingTime(() =>
    deps.db.transaction(async (tx) => {
      await holdProviderTime(tx, input.provider_id);
      // Asked again in turn: those who queued for the same time behind its winner leave at once, without the reads
      // below, so that the turn each holds is short.
      if (await timeHeld(tx, input.provider_id, startsAt)) throw slotTaken();
      const pairing = await loadPairing(tx, input.provider_id, input.service_id);
      if (!pairing) throw AppError.notFound('That provider or service');
      await requireBookable(tx, pairing, startsAt, now, userId);
      const [row] = await tx
        .insert(appointments)
        .values({
          vendorId: pairing.vendorId,
          providerId: pairing.providerId,
          serviceId: pairing.serviceId,
          customerId: userId,
          serviceName: pairing.serviceName,
          providerName: pairing.providerName,
          durationMinutes: pairing.durationMinutes,
          startsAt,
          endsAt: new Date(startsAt.getTime() + pairing.durationMinutes * 60_000),
          blockedUntil: heldUntil(startsAt, pairing),
          timeZone: pairing.timeZone,
          priceCents: pairing.priceCents,
          currency: pairing.currency,
          notes: input.notes,
        })
        .returning();
      if (!row) throw new Error('the appointment was not inserted');
      await scheduleReminders(tx, row.id, row.startsAt, now);
      await freeTimesChange(tx, row.providerId ?? input.provider_id);
      await notify(tx, pairing.vendorUserId, {
        title: 'New booking',
        body: `${describe(row)}. Confirm it on your appointments page.`,
        type: 'appointment_booked',
        data: { appointment_id: row.id },
        target: { kind: 'shop_appointments' },
      });
      return row.id;
    }),
  );
  deps.freeTimes?.changed(input.provider_id);
  const found = await loadOne(deps.db, id);
  if (!found) throw noSuchAppointment();
  return toAppointment(found.row, found, userId, now);
}

/** One appointment, for its customer or its shop's owner; anyone else gets 404, as for an id that does not exist. */
export async function appointmentDetails(deps: AppointmentsDeps, userId: string, id: string): Promise<Appointment> {
  const found = await loadOne(deps.db, id);
  if (!found || (found.row.customerId !== userId && found.vendorUserId !== userId)) throw noSuchAppointment();
  return toAppointment(found.row, found, userId, deps.clock());
}

/** One appointment for a calendar app, with the shop's primary address as its place: its customer's or its shop's only. */
export async function appointmentCalendarFile(deps: AppointmentsDeps, userId: string, id: string): Promise<{ text: string; fileName: string }> {
  const appointment = await appointmentDetails(deps, userId, id);
  const [address] = await deps.db
    .select({ line1: vendorAddresses.line1, city: vendorAddresses.city, country: vendorAddresses.country })
    .from(vendorAddresses)
    .where(and(eq(vendorAddresses.vendorId, appointment.vendor.id), eq(vendorAddresses.isPrimary, true)));
  const place = address ? [appointment.vendor.business_name, address.line1, address.city, address.country].join(', ') : appointment.vendor.business_name;
  return { text: appointmentCalendar(appointment, place), fileName: `booking-${appointment.starts_at.slice(0, 10)}.ics` };
}

/**
 * A status change. The shop's owner moves a booking along the machine (appointmentTransitions); completed and no-show
 * only once it has begun. The customer may only cancel, before it begins. A cancellation names its reason and who
 * made it. The update is conditional on the status read, so two changes at once cannot both apply.
 */
export async function updateStatus(deps: AppointmentsDeps, userId: string, id: string, input: z.output<typeof UpdateAppointmentStatusInput>): Promise<Appointment> {
  const now = deps.clock();
  const row = await deps.db.transaction(async (tx) => {
    const found = await loadOne(tx, id);
    if (!found) throw noSuchAppointment();
    const isVendor = found.vendorUserId === userId;
    const isCustomer = found.row.customerId === userId;
    if (!isVendor && !isCustomer) throw noSuchAppointment();
    const from = found.row.status;
    const to: AppointmentStatus = input.status;
    if (!isVendor && to !== 'cancelled') throw AppError.forbidden('Only the shop can change this booking\'s status. You can cancel it.');
    if (!appointmentTransitions[from].includes(to)) {
      throw new AppError('STATUS_CHANGE_NOT_ALLOWED', `A ${appointmentStatusLabels[from].toLowerCase()} appointment cannot become ${appointmentStatusLabels[to].toLowerCase()}.`);
    }
    if ((to === 'completed' || to === 'no_show') && found.row.startsAt > now) {
      throw new AppError('STATUS_CHANGE_NOT_ALLOWED', `The appointment has not begun yet: it can be marked ${appointmentStatusLabels[to].toLowerCase()} from its start on.`);
    }
    if (to === 'cancelled' && isCustomer && !isVendor && found.row.startsAt <= now) {
      throw new AppError('STATUS_CHANGE_NOT_ALLOWED', 'The appointment has begun, so it can no longer be cancelled here. Contact the shop.');
    }
    const cancelled = to === 'cancelled' ? { cancelReason: input.reason ?? '', cancelledBy: isVendor ? ('vendor' as const) : ('customer' as const) } : {};
    const [updated] = await tx
      .update(appointments)
      .set({ status: to, ...cancelled, updatedAt: now })
      .where(and(eq(appointments.id, id), eq(appointments.status, from)))
      .returning();
    if (!updated) throw new AppError('STATUS_CHANGE_NOT_ALLOWED', 'The appointment was changed meanwhile. Reload it and try again.');
    if (to !== 'confirmed') await dropReminders(tx, id);
    // A cancelled booking holds no time any more.
    if (to === 'cancelled' && updated.providerId) await freeTimesChange(tx, updated.providerId);

    const what = describe(updated);
    if (isVendor && updated.customerId) {
      const titles: Record<AppointmentStatus, string> = {
        pending: 'Booking pending',
        confirmed: 'Booking confirmed',
        completed: 'Appointment completed',
        cancelled: 'Booking cancelled',
        no_show: 'Marked as missed',
      };
      const reason = to === 'cancelled' ? ` Reason: ${updated.cancelReason ?? ''}` : '';
      await notify(tx, updated.customerId, {
        title: titles[to],
        body: `${found.businessName}: ${what}.${reason}`,
        type: `appointment_${to}`,
        data: { appointment_id: id },
        target: { kind: 'customer_bookings' },
      });
    } else if (isCustomer) {
      await notify(tx, found.vendorUserId, {
        title: 'Booking cancelled',
        body: `${found.customerName ?? 'A customer'} cancelled ${what}. Reason: ${updated.cancelReason ?? ''}`,
        type: 'appointment_cancelled',
        data: { appointment_id: id },
        target: { kind: 'shop_appointments' },
      });
    }
    return updated;
  });
  if (row.status === 'cancelled' && row.providerId) deps.freeTimes?.changed(row.providerId);
  const found = await loadOne(deps.db, row.id);
  if (!found) throw noSuchAppointment();
  return toAppointment(found.row, found, userId, now);
}

/**
 * The customer moves a live booking to another start of the same provider and service, in one statement: the row's
 * range changes, so the exclusion constraint checks the new time against every other booking while the old time is
 * freed by the same update. Nothing is held twice and nothing is lost if the new time is taken.
 */
export async function rescheduleAppointment(deps: AppointmentsDeps, userId: string, id: string, startsAtText: string): Promise<Appointment> {
  const now = deps.clock();
  const startsAt = new Date(startsAtText);
  const providerId = await holdingTime(() =>
    deps.db.transaction(async (tx) => {
      const found = await loadOne(tx, id);
      if (!found || found.row.customerId !== userId) throw noSuchAppointment();
      const { row } = found;
      if (!(row.status === 'pending' || row.status === 'confirmed') || row.startsAt <= now) {
        throw new AppError('STATUS_CHANGE_NOT_ALLOWED', 'Only a booking still to come can be moved.');
      }
      if (!row.providerId || !row.serviceId) throw new AppError('SERVICE_NOT_BOOKABLE', 'This service or provider is no longer offered: cancel and book again.');
      if (startsAt.getTime() === row.startsAt.getTime()) return null;
      await holdProviderTime(tx, row.providerId);
      const pairing = await loadPairing(tx, row.providerId, row.serviceId);
      if (!pairing) throw new AppError('SERVICE_NOT_BOOKABLE', 'This service or provider is no longer offered: cancel and book again.');
      await requireBookable(tx, pairing, startsAt, now, userId);
      const before = describe(row);
      const [moved] = await tx
        .update(appointments)
        .set({
          startsAt,
          endsAt: new Date(startsAt.getTime() + row.durationMinutes * 60_000),
          blockedUntil: heldUntil(startsAt, pairing),
          updatedAt: now,
        })
        .where(and(eq(appointments.id, id), eq(appointments.startsAt, row.startsAt), inArray(appointments.status, ['pending', 'confirmed'])))
        .returning();
      if (!moved) throw new AppError('STATUS_CHANGE_NOT_ALLOWED', 'The booking was changed meanwhile. Reload it and try again.');
      await scheduleReminders(tx, id, startsAt, now);
      await freeTimesChange(tx, row.providerId);
      await notify(tx, found.vendorUserId, {
        title: 'Booking moved',
        body: `${found.customerName ?? 'A customer'} moved ${before} to ${localPartsOf(startsAt, row.timeZone).day} at ${localPartsOf(startsAt, row.timeZone).time}.`,
        type: 'appointment_rescheduled',
        data: { appointment_id: id },
        target: { kind: 'shop_appointments' },
      });
      return row.providerId;
    }),
  );
  if (providerId) deps.freeTimes?.changed(providerId);
  const found = await loadOne(deps.db, id);
  if (!found) throw noSuchAppointment();
  return toAppointment(found.row, found, userId, now);
}

async function page(deps: AppointmentsDeps, userId: string, where: SQL | undefined, order: SQL[], q: { page: number; page_size: number }): Promise<AppointmentList> {
  const [total] = await deps.db.select({ n: count() }).from(appointments).where(where);
  const rows = await select(deps.db)
    .where(where)
    .orderBy(...order)
    .limit(q.page_size)
    .offset((q.page - 1) * q.page_size);
  const now = deps.clock();
  return { count: total?.n ?? 0, page: q.page, page_size: q.page_size, results: rows.map((r) => toAppointment(r.row, r, userId, now)) };
}

/** The caller's bookings: upcoming (live, not over; soonest first) or past (over or ended otherwise; latest first). */
export async function userAppointments(deps: AppointmentsDeps, userId: string, query: z.output<typeof UserAppointmentsQuery>): Promise<AppointmentList> {
  const now = iso(deps.clock());
  const upcoming = sql`${appointments.status} IN ('pending', 'confirmed') AND ${appointments.blockedUntil} > ${now}::timestamptz`;
  if (query.when === 'upcoming') {
    return page(deps, userId, and(eq(appointments.customerId, userId), upcoming), [asc(appointments.startsAt), asc(appointments.id)], query);
  }
  return page(deps, userId, and(eq(appointments.customerId, userId), sql`NOT (${upcoming})`), [desc(appointments.startsAt), desc(appointments.id)], query);
}

/** The appointments of the caller's shop, named by its vendor id: another shop's id answers 404. */
export async function vendorAppointments(deps: AppointmentsDeps, userId: string, vendorId: string, query: z.output<typeof VendorAppointmentsQuery>): Promise<AppointmentList> {
  const [vendor] = await deps.db.select({ id: vendors.id, timeZone: vendors.timeZone }).from(vendors).where(and(eq(vendors.id, vendorId), eq(vendors.userId, userId)));
  if (!vendor) throw AppError.notFound('That shop');
  const filters: (SQL | undefined)[] = [eq(appointments.vendorId, vendor.id)];
  if (query.date) {
    const day = dayBounds(query.date, vendor.timeZone);
    filters.push(gte(appointments.startsAt, day.from), lt(appointments.startsAt, day.to));
  }
  if (query.provider_id) filters.push(eq(appointments.providerId, query.provider_id));
  if (query.status) filters.push(eq(appointments.status, query.status));
  return page(deps, userId, and(...filters), [asc(appointments.startsAt), asc(appointments.id)], query);
}

