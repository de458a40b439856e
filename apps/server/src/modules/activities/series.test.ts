import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@localloop/contract';
import { activities, activitySeries, jobs } from '../../db/schema.ts';
import { activityFixtures } from '../../../test/activity-fixtures.ts';
import { createTestApp, inject, testClock, type TestContext } from '../../../test/helper.ts';
import { weeklyStarts } from './series.ts';

let t: TestContext;
const clock = testClock();
const { hours, person, input, hosted, join, details } = activityFixtures(() => t, clock);

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

/** The database's refusal of a statement: the constraint it names. */
async function refusal(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const cause = (error as { cause?: { constraint?: string } }).cause;
    return cause?.constraint ?? (error as { constraint?: string }).constraint ?? String(error);
  }
  return 'accepted';
}

describe('weekly series', () => {
  it('makes the activity and its weekly repeats at once, each with its own participants, and links the other dates', async () => {
    const { host, activity } = await hosted({ repeat_weekly: 3 });
    expect(activity.series?.upcoming).toHaveLength(3);
    // A week apart on New York's wall clock, at the same time of day (whatever clock change falls between).
    const local = [activity.starts_at, ...(activity.series?.upcoming.map((o) => o.starts_at) ?? [])].map((s) => DateTime.fromISO(s, { zone: 'America/New_York' }));
    const first = local[0];
    expect(local.map((d) => d.toFormat('HH:mm'))).toEqual(Array(4).fill(first?.toFormat('HH:mm')));
    expect(local.map((d) => Math.round(d.startOf('day').diff(first?.startOf('day') ?? d, 'days').days))).toEqual([0, 7, 14, 21]);

    const rows = await t.database.db.select().from(activities).where(eq(activities.hostId, host.id));
    expect(rows).toHaveLength(4);
    expect(new Set(rows.map((r) => r.seriesId))).toEqual(new Set([activity.series?.id]));
    expect(rows.map((r) => r.seriesIndex).sort()).toEqual([0, 1, 2, 3]);
    expect(rows.every((r) => r.endsAt.getTime() - r.startsAt.getTime() === 2 * 3_600_000)).toBe(true);
    const [series] = await t.database.db.select().from(activitySeries).where(eq(activitySeries.id, activity.series?.id ?? ''));
    expect(series).toMatchObject({ hostId: host.id, occurrences: 4 });

    // Joining the second date is joining that date only.
    const second = activity.series?.upcoming[0]?.id ?? '';
    const guest = await person();
    expect((await join(guest.access, second)).json().my_state).toBe('joined');
    expect((await details(second)).json().participant_count).toBe(1);
    expect((await details(activity.id)).json().participant_count).toBe(0);
    // The second date's page links the first and the later ones.
    const fromSecond = (await details(second)).json().series;
    expect(fromSecond?.upcoming.map((o) => o.id)).toEqual([activity.id, ...(activity.series?.upcoming.slice(1).map((o) => o.id) ?? [])]);

    // The host is reminded of each date.
    for (const id of [activity.id, second]) {
      expect(await t.database.db.select().from(jobs).where(eq(jobs.key, `activity:${id}:reminder:${host.id}:1h`))).toHaveLength(1);
    }
  });

  it('leaves a deactivated date out of the other dates, and a single activity has no series', async () => {
    const { host, activity } = await hosted({ repeat_weekly: 2 });
    const [second, third] = activity.series?.upcoming ?? [];
    expect((await inject(t.app, endpoints.deactivateActivity, { access: host.access, params: { id: second?.id ?? '' } })).statusCode).toBe(200);
    expect((await details(activity.id)).json().series?.upcoming).toEqual([third]);
    expect((await hosted()).activity.series).toBeNull();
    expect((await hosted({ repeat_weekly: 0 })).activity.series).toBeNull();
  });

  it('refuses a repeat count out of bounds, or not a whole number, naming the field', async () => {
    const host = await person();
    for (const repeat_weekly of [13, -1, 1.5, '2' as never]) {
      const res = await inject(t.app, endpoints.createActivity, { access: host.access, body: input({ repeat_weekly }) });
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.error().fields ?? {})).toEqual(['repeat_weekly']);
    }
    expect(await t.database.db.select().from(activities).where(eq(activities.hostId, host.id))).toEqual([]);
  });

  it('writes nothing when one part fails: someone else\'s picture refuses the whole series', async () => {
    const host = await person();
    const other = await person();
    const upload = async (access: string) => {
      const { png, multipartBody } = await import('../../../test/inputs.ts');
      const { encoded } = await import('../../../test/helper.ts');
      return (await inject(t.app, endpoints.uploadImages, { access, body: encoded(await multipartBody([{ name: 'images', fileName: 'a.png', bytes: await png() }])) })).json().images[0]?.id ?? '';
    };
    const theirs = await upload(other.access);
    const res = await inject(t.app, endpoints.createActivity, { access: host.access, body: input({ repeat_weekly: 4, image_ids: [theirs] }) });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(await t.database.db.select().from(activities).where(eq(activities.hostId, host.id))).toEqual([]);
    expect(await t.database.db.select().from(activitySeries).where(eq(activitySeries.hostId, host.id))).toEqual([]);
    // With the host's own picture, every date carries it.
    const mine = await upload(host.access);
    const made = (await inject(t.app, endpoints.createActivity, { access: host.access, body: input({ repeat_weekly: 1, image_ids: [mine] }) })).json();
    expect((await details(made.series?.upcoming[0]?.id ?? '')).json().image_ids).toEqual([mine]);
  });

  it('keeps the invariants in the database: a date names a series of its own host, with its place in it, once', async () => {
    const { host, activity } = await hosted({ repeat_weekly: 1, starts_at: hours(30), ends_at: hours(31) });
    const stranger = await person();
    const [row] = await t.database.db.select().from(activities).where(eq(activities.id, activity.id));
    if (!row) throw new Error('no row');
    const { id: _id, earth: _earth, listed: _listed, ...values } = row;
    const insert = (over: Partial<typeof values>) => t.database.db.insert(activities).values({ ...values, ...over });
    expect(await refusal(insert({ hostId: stranger.id, seriesIndex: 5 }))).toBe('activities_series_fk');
    expect(await refusal(insert({ seriesIndex: 1 }))).toBe('activities_series_index');
    expect(await refusal(insert({ seriesIndex: null }))).toBe('activities_series');
    expect(await refusal(insert({ seriesIndex: 13 }))).toBe('activities_series');
    expect(await refusal(insert({ seriesId: null, seriesIndex: 2 }))).toBe('activities_series');
    expect(await refusal(t.database.db.insert(activitySeries).values({ hostId: host.id, occurrences: 1 }))).toBe('activity_series_occurrences');
    expect(await refusal(t.database.db.insert(activitySeries).values({ hostId: host.id, occurrences: 14 }))).toBe('activity_series_occurrences');
  });
});

describe('weekly starts', () => {
  const newYork = { latitude: 40.7336, longitude: -74.0111 };
  it('keeps the local time across the change to summer time (09:00 New York stays 09:00)', () => {
    const starts = weeklyStarts(new Date('2027-03-06T14:00:00Z'), 2, newYork.latitude, newYork.longitude);
    expect(starts.map((d) => d.toISOString())).toEqual(['2027-03-06T14:00:00.000Z', '2027-03-13T14:00:00.000Z', '2027-03-20T13:00:00.000Z']);
  });

  it('steps a week in UTC where the place has no clock changes', () => {
    const starts = weeklyStarts(new Date('2027-03-06T09:00:00Z'), 1, 1.29, 103.85);
    expect(starts.map((d) => d.toISOString())).toEqual(['2027-03-06T09:00:00.000Z', '2027-03-13T09:00:00.000Z']);
  });
});
