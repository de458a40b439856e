import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { Appointment } from '@localloop/contract';

const statusOf: Record<Appointment['status'], ICalEventStatus> = {
  pending: ICalEventStatus.TENTATIVE,
  confirmed: ICalEventStatus.CONFIRMED,
  completed: ICalEventStatus.CONFIRMED,
  no_show: ICalEventStatus.CONFIRMED,
  cancelled: ICalEventStatus.CANCELLED,
};

/**
 * A booking as an iCalendar (RFC 5545) file: one event in UTC with the shop's zone named, its status (pending is
 * tentative, a cancellation is kept as cancelled so a calendar that imported it earlier drops it), and a stable UID, so
 * a second download updates the same event (SEQUENCE follows the last change).
 */
export function appointmentCalendar(appointment: Appointment, place: string | null): string {
  const calendar = ical({ prodId: { company: 'LocalLoop', product: 'Bookings', language: 'EN' }, method: ICalCalendarMethod.PUBLISH, name: 'LocalLoop bookings' });
  calendar.createEvent({
    id: `${appointment.id}@localloop`,
    start: new Date(appointment.starts_at),
    end: new Date(appointment.ends_at),
    stamp: new Date(appointment.updated_at),
    sequence: Math.floor(new Date(appointment.updated_at).getTime() / 1000) - Math.floor(new Date(appointment.created_at).getTime() / 1000),
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
