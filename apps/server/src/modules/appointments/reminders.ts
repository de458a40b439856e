import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { appointments, users, vendorAddresses, vendors } from '../../db/schema.ts';
import { dayAndHourBefore, dropJobs, scheduleBefore, type JobHandler } from '../../lib/jobs.ts';
import type { Messenger } from '../../lib/messaging.ts';
import { notify } from '../notifications/index.ts';
import { spokenTime } from './shared.ts';

/**
 * Reminders before a booking, 24 hours and 1 hour ahead, as durable jobs (lib/jobs.ts): made with the booking, moved
 * with it, dropped when it is cancelled or closed, all in the transaction that changes the booking. Each goes by e-mail
 * (else by text message, for an account with a phone number only) and as an in-app notification.
 */
export const reminderKind = 'appointment_reminder';

const leads = dayAndHourBefore;

const keyOf = (appointmentId: string, lead: string) => `appointment:${appointmentId}:reminder:${lead}`;

/**
 * Makes (or moves) the reminders of a booking that starts at `startsAt`. A reminder whose time has already passed is
 * not made (a booking made 3 hours ahead gets the 1-hour one only) and an earlier one of that lead is dropped.
 */
export async function scheduleReminders(tx: Db | Tx, appointmentId: string, startsAt: Date, now: Date): Promise<void> {
  await scheduleBefore(tx, { kind: reminderKind, startsAt, now, leads, keyOf: (lead) => keyOf(appointmentId, lead), payload: (lead) => ({ appointment_id: appointmentId, lead }) });
}

/** Drops a booking's reminders (cancelled, completed, missed). */
export async function dropReminders(tx: Db | Tx, appointmentId: string): Promise<void> {
  await dropJobs(
    tx,
    leads.map((lead) => keyOf(appointmentId, lead.name)),
  );
}

/**
 * Sends one reminder, or nothing when it no longer applies: the booking is gone, no longer live, begun, or its customer
 * left. The start is read again at send time, so a booking moved by hand still reminds of its real time.
 */
export function reminderHandler(deps: { messenger: Messenger; publicUrl: string }): JobHandler {
  return async (tx, job, now) => {
    const appointmentId = String(job.payload.appointment_id ?? '');
    const lead = job.payload.lead === '1h' ? '1h' : '24h';
    const [found] = await tx
      .select({
        row: appointments,
        businessName: vendors.businessName,
        email: users.email,
        phone: users.phoneNumber,
        firstName: users.firstName,
        isActive: users.isActive,
        line1: vendorAddresses.line1,
        city: vendorAddresses.city,
      })
      .from(appointments)
      .innerJoin(vendors, eq(vendors.id, appointments.vendorId))
      .innerJoin(users, eq(users.id, appointments.customerId))
      .leftJoin(vendorAddresses, and(eq(vendorAddresses.vendorId, vendors.id), eq(vendorAddresses.isPrimary, true)))
      .where(eq(appointments.id, appointmentId));
    if (!found || !found.isActive) return;
    const { row } = found;
    if (!(row.status === 'pending' || row.status === 'confirmed') || row.startsAt <= now) return;

    const at = spokenTime(row.startsAt, row.timeZone);
    const soon = lead === '1h' ? 'in about an hour' : 'tomorrow';
    const place = found.line1 ? `${found.businessName}, ${found.line1}, ${found.city ?? ''}`.replace(/, $/, '') : found.businessName;
    const status = row.status === 'pending' ? ' The shop has not confirmed it yet.' : '';
    const hello = found.firstName ? `Hello ${found.firstName},\n\n` : 'Hello,\n\n';
    const text =
      `${hello}a reminder of your booking ${soon}: ${row.serviceName} with ${row.providerName}, ${at} (${row.timeZone}), at ${place}.${status}\n\n` +
      `To move or cancel it, open ${deps.publicUrl}/customer/bookings`;

    const channel = found.email ? 'email' : found.phone ? 'sms' : null;
    const to = found.email ?? found.phone;
    if (channel && to && deps.messenger.canDeliver(channel)) {
      await deps.messenger.send(tx, {
        to,
        channel,
        subject: channel === 'email' ? `Reminder: ${row.serviceName} ${soon}, ${at}` : null,
        body: channel === 'email' ? text : `LocalLoop: ${row.serviceName} with ${row.providerName} ${soon}, ${at}, at ${found.businessName}. ${deps.publicUrl}/customer/bookings`,
      });
    }
    if (row.customerId) {
      await notify(tx, row.customerId, {
        title: lead === '1h' ? 'Your booking is in an hour' : 'Your booking is tomorrow',
        body: `${found.businessName}: ${row.serviceName} with ${row.providerName}, ${at}.${status}`,
        type: 'appointment_reminder',
        data: { appointment_id: row.id },
        target: { kind: 'customer_bookings' },
      });
    }
  };
}
