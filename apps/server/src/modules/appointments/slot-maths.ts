import { DateTime } from 'luxon';

/** Weekly hours as stored: weekday 1 (Monday) to 7, minutes of the day in the shop's time zone. */
export type WeeklyHours = readonly { weekday: number; opensMinute: number; closesMinute: number }[];

export type SlotRule = {
  timeZone: string;
  hours: WeeklyHours;
  /** Whole days off, YYYY-MM-DD in the shop's time zone. */
  daysOff: ReadonlySet<string>;
  durationMinutes: number;
  bufferMinutes: number;
};

export type Slot = { startsAt: Date; endsAt: Date };

/** The instant a wall-clock time of a day has in a zone; null when that time does not exist there (a spring-forward gap). */
export function instantAt(day: string, minuteOfDay: number, timeZone: string): Date | null {
  const [year, month, date] = day.split('-').map(Number);
  const hour = Math.floor(minuteOfDay / 60);
  const minute = minuteOfDay % 60;
  const local = DateTime.fromObject({ year, month, day: date, hour, minute }, { zone: timeZone });
  // Luxon moves a time that the clocks skip to the next one that exists; such a time is no slot.
  if (!local.isValid || local.hour !== hour || local.minute !== minute) return null;
  // A time that happens twice (the clocks go back) is taken at its first occurrence: an earlier instant that shows the
  // same wall-clock time, when there is one (changes are of an hour, or half an hour in a few zones).
  for (const earlierBy of [60, 30]) {
    const earlier: DateTime = local.minus({ minutes: earlierBy });
    if (earlier.hour === hour && earlier.minute === minute && earlier.day === local.day) return earlier.toJSDate();
  }
  return local.toJSDate();
}

/**
 * What a zone's rules make of a day, computed once per process for each day and zone asked (at most `max` kept, the
 * oldest leaving first): each zone conversion asks Intl for the zone's offset (Luxon's formatToParts, some microseconds
 * each), and a day's bounds and offsets were eight of them per request for free times (a profile of the busiest
 * provider's day at 50 connections: 10 % of the server's samples). A zone's rules change only with the process's
 * time-zone data.
 */
function remembered<T>(compute: (key: string) => T, max = 4096): (key: string) => T {
  const kept = new Map<string, T>();
  return (key) => {
    if (kept.has(key)) return kept.get(key) as T;
    const value = compute(key);
    if (kept.size >= max) kept.delete(kept.keys().next().value as string);
    kept.set(key, value);
    return value;
  };
}

const boundsOf = remembered((key) => {
  const [day, timeZone] = key.split('|') as [string, string];
  const start = DateTime.fromISO(day, { zone: timeZone }).startOf('day');
  return { from: start.toMillis(), to: start.plus({ days: 1 }).startOf('day').toMillis() };
});

/** The first instant of a day in a zone, and of the day after (a day is 23 or 25 hours when the clocks change). */
export function dayBounds(day: string, timeZone: string): { from: Date; to: Date } {
  const { from, to } = boundsOf(`${day}|${timeZone}`);
  return { from: new Date(from), to: new Date(to) };
}

/** The calendar day (YYYY-MM-DD) and the minute of the day an instant has in a zone, and its weekday (1 = Monday). */
export function localPartsOf(instant: Date, timeZone: string): { day: string; minuteOfDay: number; weekday: number; time: string } {
  const local = DateTime.fromJSDate(instant, { zone: timeZone });
  return { day: local.toISODate() ?? '', minuteOfDay: local.hour * 60 + local.minute, weekday: local.weekday, time: local.toFormat('HH:mm') };
}

export type LocalParts = ReturnType<typeof localPartsOf>;

const pad = (n: number) => String(n).padStart(2, '0');

/** The zone's offset in minutes through a span, or null when the clocks change within it. */
const spanOffset = remembered((key) => {
  const [timeZone, from, to] = key.split('|') as [string, string, string];
  const offsetAt = (ms: number) => DateTime.fromMillis(ms, { zone: timeZone }).offset;
  const offset = offsetAt(Number(from));
  return offset === offsetAt(Number(to)) ? offset : null;
});

/**
 * localPartsOf for many instants of one span (a day's slots): when the zone's offset is the same at both ends of the
 * span, by arithmetic from that offset (a few hundred nanoseconds an instant, against some microseconds for a zone
 * conversion each); across a change of the clocks, by localPartsOf itself.
 */
export function localClock(timeZone: string, span: { from: Date; to: Date }): (instant: Date) => LocalParts {
  const offset = spanOffset(`${timeZone}|${span.from.getTime()}|${span.to.getTime()}`);
  if (offset === null) return (instant) => localPartsOf(instant, timeZone);
  const shiftMs = offset * 60_000;
  return (instant) => {
    const local = new Date(instant.getTime() + shiftMs);
    const minuteOfDay = local.getUTCHours() * 60 + local.getUTCMinutes();
    return {
      day: `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`,
      minuteOfDay,
      // getUTCDay: 0 is Sunday; ISO weekdays, as Luxon's: 1 is Monday, 7 Sunday.
      weekday: local.getUTCDay() === 0 ? 7 : local.getUTCDay(),
      time: `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`,
    };
  };
}

/** Today's date in a zone. */
export function todayIn(timeZone: string, now: Date): string {
  return DateTime.fromJSDate(now, { zone: timeZone }).toISODate() ?? '';
}

/** Every day from `first` to `last`, both included. */
export function daysFrom(first: string, last: string): string[] {
  const days: string[] = [];
  for (let d = DateTime.fromISO(first, { zone: 'UTC' }); (d.toISODate() ?? last) <= last && d.isValid; d = d.plus({ days: 1 })) days.push(d.toISODate() ?? '');
  return days;
}

/**
 * The slots of one day: in each opening range, from its opening, one slot of the service's length every length plus
 * pause, each ending by the range's closing time (wall-clock times of the shop's zone). A time the clocks skip (the
 * spring-forward hour) gives no slot; a time that happens twice (fall back) gives one, at its first occurrence. A slot
 * is as long as the service in real minutes, so one that spans a change ends an hour earlier or later on the wall clock.
 */
export function slotsOfDay(day: string, rule: SlotRule): Slot[] {
  if (rule.daysOff.has(day)) return [];
  const weekday = DateTime.fromISO(day, { zone: 'UTC' }).weekday;
  const step = rule.durationMinutes + rule.bufferMinutes;
  const slots: Slot[] = [];
  const ranges = rule.hours.filter((h) => h.weekday === weekday).toSorted((a, b) => a.opensMinute - b.opensMinute);
  for (const range of ranges) {
    for (let start = range.opensMinute; start + rule.durationMinutes <= range.closesMinute; start += step) {
      const startsAt = instantAt(day, start, rule.timeZone);
      if (!startsAt) continue;
      slots.push({ startsAt, endsAt: new Date(startsAt.getTime() + rule.durationMinutes * 60_000) });
    }
  }
  return slots;
}

/** The slots of every day from `first` to `last`, those starting before `notBefore` left out. */
export function slotsBetween(first: string, last: string, rule: SlotRule, notBefore: Date): Slot[] {
  return daysFrom(first, last).flatMap((day) => slotsOfDay(day, rule).filter((s) => s.startsAt >= notBefore));
}

/**
 * Whether a booking from `startsAt` fits the hours of its day as slotsOfDay measures them (its start and the start plus
 * the service's length, on the wall clock, within one opening range), and that day is worked. `parts`: its local parts
 * when the caller has them (localClock).
 */
export function isWithinHours(startsAt: Date, rule: SlotRule, parts: LocalParts = localPartsOf(startsAt, rule.timeZone)): boolean {
  const { day, minuteOfDay, weekday } = parts;
  if (rule.daysOff.has(day)) return false;
  return rule.hours.some((h) => h.weekday === weekday && h.opensMinute <= minuteOfDay && minuteOfDay + rule.durationMinutes <= h.closesMinute);
}
