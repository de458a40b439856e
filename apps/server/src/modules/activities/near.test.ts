import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActivityListQuery, endpoints, NEARBY_LIST_DEPTH } from '@localloop/contract';
import { activities, users } from '../../db/schema.ts';
import { chordOf, earthPoint } from '../../lib/geo-sql.ts';
import { explain } from '../../../test/explain.ts';
import { createTestApp, inject, type InjectQuery, type TestContext, type Unchecked } from '../../../test/helper.ts';
import { near, prng, type Point } from '../../../test/places.ts';
import { activitiesNearCountSql, activitiesNearSql } from './near.ts';

/**
 * Activities near me on the shared read path (lib/geo-sql.ts): the page without a category walks the partial GiST index
 * of listed activities in KNN order and skips those outside the asked days as they come; pages agree with a plain
 * ORDER BY over every listed activity not ended; the count stops at 1,000.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const hour = 3_600_000;
type Made = { at: Point; ended?: boolean; inDays?: number; deactivated?: boolean; unlisted?: boolean; category?: string };

let batch = 0;
/** Hosts (one an activity) and their activities written in bulk. */
async function bulkActivities(made: Made[]): Promise<string[]> {
  batch += 1;
  const { db } = t.database;
  const now = Date.now();
  const hosts = await db
    .insert(users)
    .values(made.map((_, i) => ({ email: `act-near-${batch}-${i}@example.test`, username: `act_near_${batch}_${i}` })))
    .returning({ id: users.id });
  const rows = made.map((m, i) => {
    const starts = m.ended ? now - 3 * hour : now + (m.inDays ?? 1) * 24 * hour;
    return {
      hostId: hosts[i]?.id ?? '',
      title: `Activity ${batch}-${i}`,
      description: 'An activity for the list tests.',
      category: m.category ?? 'Outdoors',
      startsAt: new Date(starts),
      endsAt: new Date(m.ended ? now - hour : starts + 2 * hour),
      addressText: `${i} Park Lane`,
      city: `Town ${i}`,
      latitude: m.at.lat,
      longitude: m.at.lng,
      capacity: 20,
      visibility: m.unlisted ? 'unlisted' : 'public',
      deactivatedAt: m.deactivated ? new Date() : null,
    };
  });
  const ids: string[] = [];
  for (let i = 0; i < rows.length; i += 500) ids.push(...(await db.insert(activities).values(rows.slice(i, i + 500)).returning({ id: activities.id })).map((r) => r.id));
  return ids;
}

type Around = Omit<Exclude<InjectQuery<typeof endpoints.activityList>, Unchecked>, 'lat' | 'lng'>;

async function page(p: Point, query: Around = {}) {
  const res = await inject(t.app, endpoints.activityList, { query: { lat: p.lat, lng: p.lng, ...query } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The answer by brute force: every listed activity not ended within the radius, by distance then id. */
async function everyActivityByDistance(p: Point, radiusKm: number, category?: string): Promise<string[]> {
  const point = earthPoint(p.lat, p.lng);
  const result = (await t.database.db.execute(sql`
    SELECT a.id::text AS id FROM activities a
    WHERE a.listed AND a.ends_at > now() AND (a.earth <-> ${point}::cube) <= ${chordOf(radiusKm * 1000)}::float8
      AND (${category ?? null}::text IS NULL OR a.category = ${category ?? null})
    ORDER BY a.earth <-> ${point}::cube, a.id`)) as unknown as { rows: { id: string }[] };
  return result.rows.map((r) => r.id);
}

describe('activities near a point, nearest first', () => {
  const centre = { lat: 48.85, lng: 2.35 };
  const hidden: string[] = [];
  let nextWeek: string[] = [];

  beforeAll(async () => {
    const random = prng(37);
    await bulkActivities(Array.from({ length: 200 }, () => ({ at: near(centre, (random() - 0.5) * 40, (random() - 0.5) * 40), category: random() < 0.3 ? 'Music' : 'Outdoors' })));
    nextWeek = await bulkActivities(Array.from({ length: 5 }, (_, i) => ({ at: near(centre, 0.5 + i * 0.1, 0.5), inDays: 8 })));
    // Activities that must never show, close to the centre so a wrong filter would put them first.
    hidden.push(
      ...(await bulkActivities([
        { at: near(centre, 0.01, 0), ended: true },
        { at: near(centre, 0.02, 0), deactivated: true },
        { at: near(centre, 0.03, 0), unlisted: true },
      ])),
    );
    await t.database.db.execute(sql`ANALYZE`);
  });

  it('pages through listed activities in the order of a plain ORDER BY, skipping ended, deactivated and unlisted ones', async () => {
    const expected = await everyActivityByDistance(centre, 15);
    expect(expected.length).toBeGreaterThan(60);
    const seen: string[] = [];
    for (let n = 1; seen.length < expected.length; n += 1) seen.push(...(await page(centre, { radius_km: 15, page_size: 25, page: n })).results.map((r) => r.id));
    expect(seen).toEqual(expected);
    for (const id of hidden) expect(seen).not.toContain(id);
    const first = await page(centre, { radius_km: 15, page_size: 25 });
    expect(first).toMatchObject({ count: expected.length, count_capped: false });
    expect(first.results[0]).toMatchObject({ participant_count: 0, spots_left: 20, my_state: 'none' });
    expect(first.results[0]?.distance_km).toBeGreaterThanOrEqual(0);
  });

  it('filters by category and by days', async () => {
    const music = await page(centre, { radius_km: 15, category: 'Music', page_size: 50 });
    expect(music.results.map((r) => r.id)).toEqual((await everyActivityByDistance(centre, 15, 'Music')).slice(0, 50));
    const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    const later = await page(centre, { radius_km: 15, from: day(7), to: day(9), page_size: 50 });
    expect(later.results.map((r) => r.id).sort()).toEqual([...nextWeek].sort());
    expect((await inject(t.app, endpoints.activityList, { query: { lat: centre.lat, lng: centre.lng, from: day(9), to: day(7) } })).statusCode).toBe(400);
  });

  it('bounds a page with a category (or several: a theme of /Discover) or a search too short for trigrams by the radius: the index answers the box', async () => {
    const several = { categories: ['Music', 'Arts & Culture'] as const };
    for (const asked of [{ category: 'Music' as const }, { q: 'po' }, { category: 'Music' as const, q: 'po' }, several]) {
      const query = { ...ActivityListQuery.parse({ lat: centre.lat, lng: centre.lng, radius_km: 5, ...asked }), ...asked };
      const plan = (await explain(t.database, activitiesNearSql(t.database.db, query, new Date()), { generic: true })).join('\n');
      expect(plan, plan).toMatch(/activities_listed_earth_idx/);
      expect(plan, plan).toMatch(/@>|<@/);
    }
  });
});

describe('searching activities near a point', () => {
  const centre = { lat: -33.87, lng: 151.21 };
  let ids: string[] = [];

  beforeAll(async () => {
    ids = await bulkActivities([{ at: near(centre, 0.5, 0) }, { at: near(centre, 1, 0) }, { at: near(centre, 2, 0), category: 'Music' }, { at: near(centre, 3, 0) }, { at: near(centre, 60, 0) }]);
    const titles = ['Pottery night at the harbour', 'Sunrise yoga on the beach', 'Harbour jazz session', '100% fun: board games', 'Pottery for beginners'];
    for (const [i, id] of ids.entries()) await t.database.db.execute(sql`UPDATE activities SET title = ${titles[i] ?? ''} WHERE id = ${id}`);
    const [yoga] = await t.database.db.execute(sql`SELECT host_id FROM activities WHERE id = ${ids[1] ?? ''}`).then((r) => (r as unknown as { rows: { host_id: string }[] }).rows);
    await t.database.db.execute(sql`UPDATE users SET first_name = 'Marisol' WHERE id = ${yoga?.host_id ?? ''}`);
  });

  const found = async (query: Around) => (await page(centre, { radius_km: 25, ...query })).results.map((r) => r.title);

  it('finds words of the title, a title one short typo away, and the host\'s first name, nearest first, within the radius', async () => {
    expect(await found({ q: 'pottery' })).toEqual(['Pottery night at the harbour']);
    expect(await found({ q: 'HARBOUR' })).toEqual(['Pottery night at the harbour', 'Harbour jazz session']);
    expect(await found({ q: 'potery' })).toEqual(['Pottery night at the harbour']);
    expect(await found({ q: 'marisol' })).toEqual(['Sunrise yoga on the beach']);
    expect(await found({ q: 'pottery', radius_km: 100 })).toEqual(['Pottery night at the harbour', 'Pottery for beginners']);
    expect(await found({ q: 'harbour', category: 'Music' })).toEqual(['Harbour jazz session']);
    const counted = await page(centre, { radius_km: 25, q: 'harbour', page_size: 1 });
    expect(counted).toMatchObject({ count: 2, count_capped: false });
  });

  it('takes % and _ in a search as themselves', async () => {
    expect(await found({ q: '100%' })).toEqual(['100% fun: board games']);
    expect(await found({ q: '%' })).toEqual(['100% fun: board games']);
    expect(await found({ q: '_' })).toEqual([]);
  });

  it('refuses a search over 100 characters, naming the field', async () => {
    const res = await inject(t.app, endpoints.activityList, { query: { lat: centre.lat, lng: centre.lng, q: 'x'.repeat(101) } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.error().fields ?? {})).toEqual(['q']);
  });
});

describe('how deep a list of activities near a point goes', () => {
  const crowd = { lat: 35.68, lng: 139.76 };

  beforeAll(async () => {
    const random = prng(43);
    await bulkActivities(Array.from({ length: 1100 }, () => ({ at: near(crowd, (random() - 0.5) * 20, (random() - 0.5) * 20) })));
    await t.database.db.execute(sql`ANALYZE`);
  });

  it('counts exactly up to 1,000 and answers "1,000+" past it', async () => {
    const many = await page(crowd, { radius_km: 25 });
    expect(many).toMatchObject({ count: NEARBY_LIST_DEPTH, count_capped: true });
    expect(many.results.map((r) => r.id)).toEqual((await everyActivityByDistance(crowd, 25)).slice(0, 20));
  });

  it('walks the GiST index nearest first (KNN) in the plan a prepared statement keeps, with and without days asked', async () => {
    for (const days of [{}, { from: '2030-01-01', to: '2030-01-31' }]) {
      const query = ActivityListQuery.parse({ lat: crowd.lat, lng: crowd.lng, radius_km: 25, ...days });
      for (const generic of [false, true]) {
        const plan = (await explain(t.database, activitiesNearSql(t.database.db, query, new Date()), { generic })).join('\n');
        expect(plan, plan).toMatch(/Index Scan using activities_listed_earth_idx/);
        expect(plan, plan).toMatch(/Order By: \(earth <->/);
        expect(plan, plan).not.toMatch(/Bitmap|Seq Scan on activities|Sort Key: \(.*earth/);
      }
    }
  });

  it('counts from the index alone: the capped count scans the radius\'s box in the index, reading no activity row (an index-only scan), and never a bitmap of the box', async () => {
    // As the deals' count (deals/near.test.ts): the index's INCLUDE list carries the dates (migration 0023).
    const planner = { enable_seqscan: 'off' } as const;
    for (const days of [{}, { from: '2030-01-01', to: '2030-01-31' }]) {
      const query = ActivityListQuery.parse({ lat: crowd.lat, lng: crowd.lng, radius_km: 25, ...days });
      for (const generic of [false, true]) {
        const plan = (await explain(t.database, activitiesNearCountSql(t.database.db, query, new Date()), { generic, planner })).join('\n');
        expect(plan, plan).toMatch(/Index Only Scan using activities_listed_earth_idx/);
        expect(plan, plan).toMatch(/Index Cond: \(earth <@/);
        expect(plan, plan).not.toMatch(/Bitmap|Order By/);
      }
    }
  });

  it('pages through the first 1,000 and no further', async () => {
    const expected = await everyActivityByDistance(crowd, 25);
    const last = await page(crowd, { radius_km: 25, page: 20, page_size: 50 });
    expect(last.results.map((r) => r.id)).toEqual(expected.slice(950, 1000));
    expect((await inject(t.app, endpoints.activityList, { query: { lat: crowd.lat, lng: crowd.lng, page: 21, page_size: 50 } })).statusCode).toBe(400);
  });
});
