// No imports but types: the boot script (src/boot) asks for the activities page's data with these before the app has
// loaded, and the app's request must be the same to the character for it to take that answer over (lib/early-fetch.ts).
import type { ActivityCategory } from '@localloop/contract';
import type { StoredLocation } from '../../../session/storage.ts';

/** Which days: any upcoming, today, this weekend, the next 7 days, or one chosen day. */
export type ActivityWhen = 'any' | 'today' | 'weekend' | 'week' | 'date';

export type ActivityFilters = {
  /** Words of the title or the host's name ('' for none). */
  q: string;
  category: ActivityCategory | null;
  when: ActivityWhen;
  /** The chosen day (YYYY-MM-DD) when `when` is 'date'. */
  date: string | null;
  radiusKm: number;
  page: number;
};

export const activityRadiusOptionsKm = [5, 10, 25, 50, 100] as const;
export const defaultActivityFilters: ActivityFilters = { q: '', category: null, when: 'any', date: null, radiusKm: 25, page: 1 };
export const activityPageSize = 12;

const isoDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The days a `when` stands for, as the API's from/to (the viewer's calendar days). */
export function daysOf(filters: Pick<ActivityFilters, 'when' | 'date'>, now = new Date()): { from?: string; to?: string } {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const plus = (days: number) => new Date(today.getFullYear(), today.getMonth(), today.getDate() + days);
  switch (filters.when) {
    case 'today':
      return { from: isoDay(today), to: isoDay(today) };
    case 'weekend': {
      // Saturday and Sunday of this week; on a Sunday, today.
      const day = today.getDay();
      const saturday = day === 0 ? plus(-1) : plus(6 - day);
      const sunday = new Date(saturday.getFullYear(), saturday.getMonth(), saturday.getDate() + 1);
      return { from: isoDay(day === 0 ? today : saturday), to: isoDay(sunday) };
    }
    case 'week':
      return { from: isoDay(today), to: isoDay(plus(6)) };
    case 'date':
      return filters.date ? { from: filters.date, to: filters.date } : {};
    default:
      return {};
  }
}

/** GET /activities/lists/'s query for one page of the activities near `location`. */
export function activityListQuery(location: StoredLocation, filters: ActivityFilters, days = daysOf(filters)) {
  return {
    lat: location.latitude,
    lng: location.longitude,
    radius_km: filters.radiusKm,
    category: filters.category ?? undefined,
    q: filters.q || undefined,
    from: days.from,
    to: days.to,
    page: filters.page,
    page_size: activityPageSize,
  };
}
