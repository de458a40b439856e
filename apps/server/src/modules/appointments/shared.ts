import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { appointments, media } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { toResponsiveImage, type StoredImage } from '../uploads/index.ts';

export type AppointmentsDeps = {
  db: Db;
  clock: Clock;
  /** The public URL of a stored media file. */
  mediaUrl: (key: string) => string;
  /** The kept free times (kept-slots.ts), told at once when a change of a provider's time commits here. */
  freeTimes?: { changed(providerId: string): void };
};

export type Reader = Db | Tx;

/**
 * How many bookings still to come (pending or confirmed, not over yet) a service or a provider has: a subquery of a
 * select from `services` or `providers`. Its names are written out: Drizzle leaves a single-table select's columns
 * unqualified, and an unqualified "id" inside the subquery would be the booking's own.
 */
export function upcomingCount(of: 'service' | 'provider', now: Date) {
  const column = sql.raw(of === 'service' ? 'service_id' : 'provider_id');
  const owner = sql.raw(of === 'service' ? '"services"."id"' : '"providers"."id"');
  return sql<number>`(SELECT count(*)::int FROM ${appointments} AS upcoming WHERE upcoming.${column} = ${owner}
    AND upcoming.status IN ('pending', 'confirmed') AND upcoming.blocked_until > ${now.toISOString()}::timestamptz)`;
}

export const imageColumns = { key: media.storageKey, width: media.width, height: media.height, variants: media.variants };

export const imageOf = (row: StoredImage | null, mediaUrl: (key: string) => string) => (row ? toResponsiveImage(row, mediaUrl) : null);

export const iso = (d: Date) => d.toISOString();

/** A time as a person says it, in the shop's zone: "Tue 1 Dec at 09:30". */
export function spokenTime(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} at ${part('hour')}:${part('minute')}`;
}
