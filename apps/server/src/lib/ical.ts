import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

/**
 * iCalendar (RFC 5545) files for calendar apps: a booking, a shop's feed, an activity. Every event is in UTC with a
 * stable UID (`{id}@localloop`), so a second download or a feed updates the same event, and a SEQUENCE that grows with
 * each change, so a calendar takes the newest.
 */

export type CalendarEventStatus = 'tentative' | 'confirmed' | 'cancelled';

const statuses: Record<CalendarEventStatus, ICalEventStatus> = {
  tentative: ICalEventStatus.TENTATIVE,
  confirmed: ICalEventStatus.CONFIRMED,
  cancelled: ICalEventStatus.CANCELLED,
};

export type CalendarEvent = {
  /** The row's id: the event's UID is made from it. */
  id: string;
  start: Date;
  end: Date;
  createdAt: Date;
  updatedAt: Date;
  summary: string;
  /** Lines of the description; empty ones are left out. */
  description: readonly (string | null | false | undefined)[];
  location: string | null;
  status: CalendarEventStatus;
  /** Where the thing is seen in the app (an absolute address). */
  url?: string | null;
};

export type CalendarOptions = {
  /** The PRODID's product: Bookings, Activities. */
  product: string;
  /** The calendar's name (X-WR-CALNAME). */
  name: string;
  /** How often a subscribed calendar should ask again (REFRESH-INTERVAL), for feeds. */
  refreshSeconds?: number;
};

/**
 * Seconds between the row's creation and its last change: grows with each change, so a calendar takes the newest.
 * Never below zero (RFC 5545), even when the two stamps come from clocks that disagree (the database's and the app's).
 */
export const sequenceOf = (createdAt: Date, updatedAt: Date) => Math.max(0, Math.floor(updatedAt.getTime() / 1000) - Math.floor(createdAt.getTime() / 1000));

/** A calendar of `events` as the text of an .ics file (PUBLISH: a copy to keep, not an invitation to answer). */
export function calendarText(options: CalendarOptions, events: readonly CalendarEvent[]): string {
  const calendar = ical({
    prodId: { company: 'LocalLoop', product: options.product, language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    name: options.name,
    ...(options.refreshSeconds ? { ttl: options.refreshSeconds } : {}),
  });
  for (const event of events) {
    calendar.createEvent({
      id: `${event.id}@localloop`,
      start: event.start,
      end: event.end,
      stamp: event.updatedAt,
      sequence: sequenceOf(event.createdAt, event.updatedAt),
      summary: event.summary,
      description: event.description.filter(Boolean).join('\n'),
      location: event.location,
      status: statuses[event.status],
      ...(event.url ? { url: event.url } : {}),
    });
  }
  return calendar.toString();
}
