import type { Appointment, AppointmentStatus } from '@localloop/contract';
import { calendarText, type CalendarEventStatus } from '../../lib/ical.ts';

const statusOf: Record<AppointmentStatus, CalendarEventStatus> = {
  pending: 'tentative',
  confirmed: 'confirmed',
  completed: 'confirmed',
  no_show: 'confirmed',
  cancelled: 'cancelled',
};

/**
 * A booking as an iCalendar (RFC 5545) file: one event in UTC with the shop's zone named, its status (pending is
 * tentative, a cancellation is kept as cancelled so a calendar that imported it earlier drops it), and a stable UID, so
 * a second download updates the same event (SEQUENCE follows the last change).
 */
export function appointmentCalendar(appointment: Appointment, place: string | null): string {
  return calendarText({ product: 'Bookings', name: 'LocalLoop bookings' }, [
    {
      id: appointment.id,
      start: new Date(appointment.starts_at),
      end: new Date(appointment.ends_at),
      createdAt: new Date(appointment.created_at),
      updatedAt: new Date(appointment.updated_at),
      summary: `${appointment.service.name} at ${appointment.vendor.business_name}`,
      description: [
        `With ${appointment.provider.name}.`,
        appointment.notes ? `Your note: ${appointment.notes}` : null,
        appointment.cancel_reason ? `Cancelled: ${appointment.cancel_reason}` : null,
        `Times are ${appointment.time_zone}.`,
      ],
      location: place,
      status: statusOf[appointment.status],
    },
  ]);
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
  return calendarText(
    { product: 'Bookings', name, refreshSeconds: FEED_REFRESH_SECONDS },
    bookings.map((booking) => {
      const customer = booking.customerName ?? 'a former customer';
      return {
        id: booking.id,
        start: booking.startsAt,
        end: booking.endsAt,
        createdAt: booking.createdAt,
        updatedAt: booking.updatedAt,
        summary: `${booking.status === 'cancelled' ? 'Cancelled: ' : ''}${booking.serviceName}: ${customer} with ${booking.providerName}`,
        description: [
          `${booking.serviceName} for ${customer} with ${booking.providerName}.`,
          booking.status === 'pending' ? 'Not confirmed yet: confirm it on your appointments page.' : null,
          booking.notes ? `Customer's note: ${booking.notes}` : null,
          booking.cancelReason ? `Cancelled: ${booking.cancelReason}` : null,
          `Times are ${booking.timeZone}.`,
        ],
        location: place,
        status: statusOf[booking.status],
      };
    }),
  );
}
