import type { Money } from '@localloop/contract';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { formatMoney } from '../../lib/format-money.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/** A service's price: formatMoney's "$35", "$35.50", "€12". */
export const formatPrice = (price: Money): string => formatMoney(price);

/** "45 min", "1 h", "1 h 30 min". */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** "Tue 1 Dec", in the shop's time zone. */
export function formatDay(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(instant));
}

/** "09:30", in the shop's time zone. */
export function formatTime(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(instant));
}

/** "Tuesday 1 December 2026, 09:30–10:15", in the shop's time zone. */
export function formatWhen(startsAt: string, endsAt: string, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(startsAt));
  return `${day}, ${formatTime(startsAt, timeZone)}–${formatTime(endsAt, timeZone)}`;
}

/** How many days ahead a customer picks from when booking or moving a booking. */
export const DAYS_SHOWN = 14;

/** The next `count` days of the shop's calendar from today there, as YYYY-MM-DD. */
export function daysAhead(timeZone: string, count: number, now: Date = new Date()): string[] {
  const today = dayjs(now).tz(timeZone).startOf('day');
  return Array.from({ length: count }, (_, i) => today.add(i, 'day').format('YYYY-MM-DD'));
}

/** A YYYY-MM-DD day as a chip shows it: weekday and day of the month ("Tue", "1 Dec"). */
export function dayChip(day: string): { weekday: string; date: string } {
  const date = new Date(`${day}T12:00:00Z`);
  return {
    weekday: new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'short' }).format(date),
    date: new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short' }).format(date),
  };
}

/** A time zone's short name where the shop is, for a line under times ("New York time"). */
export function zoneLabel(timeZone: string): string {
  const city = timeZone.split('/').at(-1)?.replaceAll('_', ' ');
  return city ? `${city} time` : timeZone;
}

/** The shop's calendar day of an instant, as YYYY-MM-DD. */
export function dayIn(instant: string | Date, timeZone: string): string {
  return dayjs(instant).tz(timeZone).format('YYYY-MM-DD');
}

/** "Tue 1 Dec at 10:00", in the shop's time zone. */
export function dayAndTime(instant: string, timeZone: string): string {
  return `${formatDay(instant, timeZone)} at ${formatTime(instant, timeZone)}`;
}
