import { and, asc, eq, gt, isNull, ne } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { z } from 'zod';
import type { ActivityInput, ActivitySeries } from '@localloop/contract';
import type { Tx } from '../../db/client.ts';
import { activities, activityImages, activitySeries } from '../../db/schema.ts';
import { timeZoneAt } from '../geo/index.ts';
import { scheduleActivityReminders } from './reminders.ts';
import { iso, type Reader } from './shared.ts';

/**
 * Weekly series (docs/decisions/0022): a host who repeats an activity gets one activity row per week, each with its own
 * participants, deactivation and reminders, made in one transaction and tied by a series row of the same host.
 */

/**
 * The starts of an activity and its weekly repeats: the same wall-clock time at the place (its zone from its
 * coordinates), so a run at 09:00 stays at 09:00 across a change to or from summer time; each lasts as long as the first.
 */
export function weeklyStarts(firstStart: Date, repeats: number, latitude: number, longitude: number): Date[] {
  const zone = timeZoneAt(latitude, longitude) ?? 'UTC';
  const first = DateTime.fromJSDate(firstStart, { zone });
  return Array.from({ length: repeats + 1 }, (_, week) => first.plus({ weeks: week }).toJSDate());
}

/**
 * Writes the activity the host described and, with `repeat_weekly`, its weekly repeats and their series; each gets the
 * pictures and the host's reminders. Returns the first one's id. Runs in the caller's transaction.
 */
export async function insertActivities(tx: Tx, hostId: string, input: z.output<typeof ActivityInput>, now: Date): Promise<string> {
  const firstStart = new Date(input.starts_at);
  const length = new Date(input.ends_at).getTime() - firstStart.getTime();
  const starts = input.repeat_weekly > 0 ? weeklyStarts(firstStart, input.repeat_weekly, input.location.latitude, input.location.longitude) : [firstStart];
  let seriesId: string | null = null;
  if (starts.length > 1) {
    const [series] = await tx.insert(activitySeries).values({ hostId, occurrences: starts.length }).returning({ id: activitySeries.id });
    if (!series) throw new Error('the series was not written');
    seriesId = series.id;
  }
  const rows = await tx
    .insert(activities)
    .values(
      starts.map((startsAt, index) => ({
        hostId,
        title: input.title,
        description: input.description,
        category: input.category,
        startsAt,
        endsAt: new Date(startsAt.getTime() + length),
        addressText: input.location.formatted_address,
        city: input.location.city,
        latitude: input.location.latitude,
        longitude: input.location.longitude,
        capacity: input.capacity,
        joinMode: input.join_mode,
        visibility: input.visibility,
        seriesId,
        seriesIndex: seriesId ? index : null,
      })),
    )
    .returning({ id: activities.id, startsAt: activities.startsAt, seriesIndex: activities.seriesIndex });
  rows.sort((a, b) => (a.seriesIndex ?? 0) - (b.seriesIndex ?? 0));
  const [first] = rows;
  if (!first || rows.length !== starts.length) throw new Error('the activities were not written');
  if (input.image_ids.length > 0) {
    await tx.insert(activityImages).values(rows.flatMap((row) => input.image_ids.map((mediaId, position) => ({ activityId: row.id, mediaId, position }))));
  }
  for (const row of rows) await scheduleActivityReminders(tx, row.id, hostId, row.startsAt, now);
  return first.id;
}

/** The series of an activity with its other occurrences still to come (not ended, not deactivated), soonest first. */
export async function seriesOf(db: Reader, activity: { id: string; seriesId: string | null }, now: Date): Promise<ActivitySeries | null> {
  if (!activity.seriesId) return null;
  const others = await db
    .select({ id: activities.id, startsAt: activities.startsAt })
    .from(activities)
    .where(and(eq(activities.seriesId, activity.seriesId), ne(activities.id, activity.id), isNull(activities.deactivatedAt), gt(activities.endsAt, now)))
    .orderBy(asc(activities.startsAt));
  return { id: activity.seriesId, upcoming: others.map((o) => ({ id: o.id, starts_at: iso(o.startsAt) })) };
}
