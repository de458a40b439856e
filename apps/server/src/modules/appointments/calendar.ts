import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { Appointment, AppointmentStatus } from '@localloop/contract';

const statusOf: Record<AppointmentStatus, ICalEventStatus> = {
  pending: ICalEventStatus.TENTATIVE,
  confirmed: ICalEventStatus.CONFIRMED,
  completed: ICalEventStatus.CONFIRMED,
  no_show: ICalEventStatus.CONFIRMED,
  cancelled: ICalEventStatus.CANCELLED,
};

const prodId = { company: 'LocalLoop', product: 'Bookings', language: 'EN' };

/**
 * Seconds between the booking's creation and its last change: grows with each change, so a calendar takes the newest.
 * Never below zero (RFC 5545), even when the two stamps come from clocks that disagree (the database's and the app's).
 */
const sequenceOf = (createdAt: Date, updatedAt: Date) => Math.max(0, Math.floor(updatedAt.getTime() / 1000) - Math.floor(createdAt.getTime() / 1000));

/**
 * A booking as an iCalendar (RFC 5545) file: one event in UTC with the shop's zone named, its status (pending is
 * tentative, a cancellation is kept as cancelled so a calendar that imported it earlier drops it), and a stable UID, so
 * a second download updates the same event (SEQUENCE follows the last change).
 */
export function appointmentCalendar(appointment: Appointment, place: string | null): string {
  const calendar = ical({ prodId, method: ICalCalendarMethod.PUBLISH, name: 'LocalLoop bookings' });
  calendar.createEvent({
    id: `${appointment.id}@localloop`,
    start: new Date(appointment.starts_at),
    end: new Date(appointment.ends_at),
    stamp: new Date(appointment.updated_at),
    sequence: sequenceOf(new Date(appointment.created_at), new Date(appointment.updated_at)),
    summary: `${appointment.service.name} at ${appointment.vendor.business_name}`,
    description: [
      `With ${appointment.provider.name}.`,
      appointment.notes ? `Your note: ${appointment.notes}` : null,
      appointment.cancel_reason ? `Cancelled: ${appointment.cancel_reason}` : null,
      `Times are ${appointment.time_zone}.`,
    ]
      .filter(Boolean)
      .join('\n'),
    location: place,
    status: statusOf[appointment.status],
  });
  return calendar.toString();
}

/** One booking as the shop's own calendar shows it: who comes, for what, with whom. */
export type ShopBooking = {
  id: string;
  status: AppointmentStatus;
  startsAt: Date;
  endsAt: Date;
  createdAt: Date;
  updatedAt: Date;
  timeZone: string;
  serviceName: string;
  providerName: string;
  /** Null once the customer deleted the account. */
  customerName: string | null;
  notes: string;
  cancelReason: string | null;
};

/** How often a subscribed calendar should ask again (REFRESH-INTERVAL; Apple honours it, Google polls on its own). */
const FEED_REFRESH_SECONDS = 15 * 60;

/**
 * A shop's (or one provider's) bookings as one calendar to subscribe to. Each event keeps the UID and SEQUENCE of the
 * one-booking download, so a booking imported from a file and seen in the feed is one event. A cancellation stays in
 * the feed as cancelled (subscribed calendars drop it) and says so in its title for the calendars that show it anyway.
 */
export function shopCalendar(name: string, bookings: readonly ShopBooking[], place: string | null): string {
  const calendar = ical({ prodId, method: ICalCalendarMethod.PUBLISH, name, ttl: FEED_REFRESH_SECONDS });
  for (const booking of bookings) {
    const customer = booking.customerName ?? 'a former customer';
    calendar.createEvent({
      id: `${booking.id}@localloop`,
      start: booking.startsAt,
      end: booking.endsAt,
      stamp: booking.updatedAt,
      sequence: sequenceOf(booking.createdAt, booking.updatedAt),
      summary: `${booking.status === 'cancelled' ? 'Cancelled: ' : ''}${booking.serviceName}: ${customer} with ${booking.providerName}`,
      description: [
        `${booking.serviceName} for ${customer} with ${booking.providerName}.`,
        booking.status === 'pending' ? 'Not confirmed yet: confirm it on your appointments page.' : null,
        booking.notes ? `Customer's note: ${booking.notes}` : null,
        booking.cancelReason ? `Cancelled: ${booking.cancelReason}` : null,
        `Times are ${booking.timeZone}.`,
      ]
        .filter(Boolean)
        .join('\n'),
      location: place,
      status: statusOf[booking.status],
    });
  }
  return calendar.toString();
}
