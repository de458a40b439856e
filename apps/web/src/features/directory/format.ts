import { weekdayNames } from '@localloop/contract';
import type { OpeningRange } from '@localloop/contract';

/** "350 m", "1.2 km", "14 km": what a card says about how far a vendor is. */
export function formatDistance(km: number | null): string | null {
  if (km === null) return null;
  if (km < 0.1) return '< 100 m';
  if (km < 1) return `${Math.round((km * 1000) / 10) * 10} m`;
  return km < 10 ? `${km.toFixed(1)} km` : `${Math.round(km)} km`;
}

/** Up to two letters standing in for a missing logo: "Blue Bottle Coffee" → "BB". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
  const letters = words.slice(0, 2).map((word) => [...word.replace(/^[^\p{L}\p{N}]+/u, '')][0] ?? '');
  return letters.join('').toUpperCase() || '?';
}

export function formatRating(avg: number | null): string {
  return avg === null ? '–' : avg.toFixed(1);
}

export function ratingCountLabel(count: number): string {
  return count === 1 ? '1 rating' : `${count} ratings`;
}

/** "09:00" → "9:00 AM"; "24:00" is midnight at the end of the day. */
export function formatTimeOfDay(time: string): string {
  const hours = Number(time.slice(0, 2)) % 24;
  const minutes = time.slice(3, 5);
  const suffix = hours < 12 ? 'AM' : 'PM';
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${twelve}:${minutes} ${suffix}`;
}

export type DayHours = { weekday: number; name: string; ranges: OpeningRange[] };

/** Monday to Sunday, each with its ranges in order (none: closed that day). */
export function weekOf(hours: readonly OpeningRange[]): DayHours[] {
  return weekdayNames.map((name, index) => ({
    weekday: index + 1,
    name,
    ranges: hours.filter((range) => range.weekday === index + 1).sort((a, b) => a.opens.localeCompare(b.opens)),
  }));
}

/**
 * A clock for the vendor's zone; the browser's own when this browser's time-zone data does not know the zone yet (a zone
 * newer than the browser), so the page still shows the hours rather than failing.
 */
function clockIn(timeZone: string): Intl.DateTimeFormat {
  const options = { weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone });
  } catch {
    return new Intl.DateTimeFormat('en-US', options);
  }
}

/** The ISO weekday (1 Monday … 7 Sunday) and minutes past midnight now, in the vendor's time zone. */
export function nowIn(timeZone: string, now: Date = new Date()): { weekday: number; minutes: number } {
  const parts = clockIn(timeZone).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(part('weekday')) + 1;
  return { weekday: weekday || 1, minutes: Number(part('hour')) * 60 + Number(part('minute')) };
}

/** "Eastern Daylight Time" for America/New_York today; the zone id itself when the browser has no name for it. */
export function timeZoneName(timeZone: string, now: Date = new Date()): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'long' })
      .formatToParts(now)
      .find((p) => p.type === 'timeZoneName');
    return part?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}
