import { ServiceTimeInput, weekdayNames } from '@localloop/contract';
import type { OwnServiceTime } from '@localloop/contract';
import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { browserTimeZone } from './time-zones.ts';

export type RangeFields = { opens: string; closes: string };
export type DayFields = { open: boolean; ranges: RangeFields[] };
/**
 * The form holds the week as seven days (Monday first), each closed or with its ranges, and the zone: the primary
 * address's (`time_zone_auto`) or one the vendor chose.
 */
export type HoursFields = { time_zone: string; time_zone_auto: boolean; days: DayFields[] };
export type HoursBody = z.output<typeof ServiceTimeInput>;

export const defaultRange: RangeFields = { opens: '09:00', closes: '17:00' };

/**
 * A time field cannot hold 24:00, so closing at midnight (the end of the day, '24:00' to the server) is
 * shown and typed as 00:00: a closing time of 00:00 means midnight, never the start of the day.
 */
const closingToField = (closes: string) => (closes === '24:00' ? '00:00' : closes);
const closingFromField = (closes: string) => (closes === '00:00' ? '24:00' : closes);

/**
 * The zone the form starts with. Following the address: the primary address's zone, or before there is one (and
 * before any hours were saved) this device's, which stands in until an address is added. Chosen: the saved one.
 */
export function startingTimeZone(saved: OwnServiceTime, addressZone: string | null): string {
  if (!saved.time_zone_auto) return saved.time_zone;
  return addressZone ?? (saved.hours.length === 0 ? browserTimeZone() : saved.time_zone);
}

/** The saved hours as the form's week; a new vendor starts open Monday to Friday, 9 to 5. */
export function hoursToFields(saved: OwnServiceTime, addressZone: string | null = null): HoursFields {
  const zone = { time_zone: startingTimeZone(saved, addressZone), time_zone_auto: saved.time_zone_auto };
  if (saved.hours.length === 0) {
    return {
      ...zone,
      days: weekdayNames.map((_, index) => ({ open: index < 5, ranges: index < 5 ? [{ ...defaultRange }] : [] })),
    };
  }
  return {
    ...zone,
    days: weekdayNames.map((_, index) => {
      const ranges = saved.hours.filter((h) => h.weekday === index + 1).map(({ opens, closes }) => ({ opens, closes: closingToField(closes) }));
      return { open: ranges.length > 0, ranges };
    }),
  };
}

/** The contract's flat list; `places[k]` says which day and range hours[k] came from. */
export function fieldsToBody(fields: HoursFields): { body: ServiceTimeInput; places: { day: number; range: number }[] } {
  const places: { day: number; range: number }[] = [];
  const hours: ServiceTimeInput['hours'] = [];
  fields.days.forEach((day, dayIndex) => {
    if (!day.open) return;
    day.ranges.forEach((range, rangeIndex) => {
      hours.push({ weekday: dayIndex + 1, opens: range.opens, closes: closingFromField(range.closes) });
      places.push({ day: dayIndex, range: rangeIndex });
    });
  });
  return { body: { time_zone: fields.time_zone, time_zone_auto: fields.time_zone_auto, hours }, places };
}

type DayErrors = { ranges?: { opens?: FieldError; closes?: FieldError }[] };

/**
 * Validates with the contract's ServiceTimeInput (times, closing after opening, no overlap within a day)
 * and puts each message next to the range it is about.
 */
export const hoursResolver: Resolver<HoursFields, unknown, HoursBody> = async (values) => {
  const { body, places } = fieldsToBody(values);
  const result = ServiceTimeInput.safeParse(body);
  if (result.success) return { values: result.data, errors: {} };

  const days: DayErrors[] = [];
  const errors: FieldErrors<HoursFields> & { days?: DayErrors[] } = {};
  for (const issue of result.error.issues) {
    const [head, index, field] = issue.path;
    const error: FieldError = { type: 'validate', message: issue.message };
    if (head === 'time_zone') {
      errors.time_zone ??= error;
    } else if (head === 'hours' && typeof index === 'number' && (field === 'opens' || field === 'closes')) {
      const place = places[index];
      if (!place) continue;
      const day = (days[place.day] ??= {});
      const ranges = (day.ranges ??= []);
      const range = (ranges[place.range] ??= {});
      range[field] ??= error;
    } else {
      errors.root ??= error;
    }
  }
  if (days.length > 0) errors.days = days;
  return { values: {}, errors: errors as FieldErrors<HoursFields> };
};
