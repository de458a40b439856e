import { and, asc, eq, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { NEARBY_LIST_DEPTH, type ActivityCategory, type ActivityListQuery, type ActivityListResponse } from '@localloop/contract';
import type { Db } from '../../db/client.ts';
import { activities, users } from '../../db/schema.ts';
import { cappedCountWithin, chordOf, chordTo, distanceKm, earthPoint, inBoxAround } from '../../lib/geo-sql.ts';
import { literalLimit, prepared, preparedShapes, withValues } from '../../lib/prepared.ts';
import { avatar, firstImageOf, personColumns, statusesOf, toCard, waitlistCountOf, type ActivitiesDeps, type SelectedActivity } from './shared.ts';
import { SEARCH_SIMILARITY, likeAnywhere, nameIsNear, searchesByTrigrams } from '../../lib/text-search.ts';
import { categoryFilter } from '../../lib/category-filter.ts';

/**
 * Activities near a point (activities/lists), on the deals' design (modules/deals/near.ts, docs/decisions/0011): one
 * prepared statement per shape, the point sent as one precomputed cube.
 * - Without a category: the partial GiST index over listed activities (public, not deactivated) hands them out nearest
 *   first (KNN); those outside the asked days are skipped as they come, and the scan stops at a window of
 *   offset + size + 1 written into the statement; the radius is applied after. The count separately, only when the
 *   page does not tell it, and never past NEARBY_LIST_DEPTH.
 * - With a category (or several: a theme of /Discover) or a search: every match within the radius's box, sorted, with
 *   the total as a window count. A search
 *   matches the title's words or the host's first name (ILIKE), or a title one short typo away (pg_trgm's
 *   word_similarity, as the deals' and the directory's). A search of 3 characters or more takes its candidates from the
 *   titles' and first names' trigram indexes instead of the box, and keeps those within the radius.
 */
type Query = z.output<typeof ActivityListQuery> & {
  /** Any of these categories (a theme of /Discover); the HTTP list takes one `category`, and one here is the same. */
  categories?: readonly ActivityCategory[];
};
/** A search of 3 characters or more finds its candidates by the trigram indexes (`trigrams`), a shorter one in the box. */
type Search = 'box' | 'trigrams' | null;
type Shape = { knn: true; window: number } | { knn: false; category: 'one' | 'any' | null; search: Search };

const shapeName = (s: Shape) =>
  s.knn
    ? `activities_near_nearest_${s.window}`
    : `activities_near_box${s.category === 'one' ? '_category' : s.category === 'any' ? '_categories' : ''}${s.search === 'box' ? '_search' : s.search === 'trigrams' ? '_search_trigrams' : ''}`;


const windows = [21, 51, 101, 201, 501, NEARBY_LIST_DEPTH + 1];
const windowFor = (rows: number) => windows.find((w) => w >= rows) ?? NEARBY_LIST_DEPTH + 1;

const p = (name: string) => sql.placeholder(name);

/**
 * Running within the asked days: not ended by `from` (now, or the first day asked when later), started before `to`
 * (the day after the last asked, or infinity). One OVERLAPS rather than two comparisons, for the reason deals/near.ts
 * gives: a generic plan takes each comparison for a third of the rows and would then prefer a scan and sort to the KNN
 * walk; one opaque condition keeps the walk.
 */
const runningWithin = () => sql`(${activities.startsAt}, ${activities.endsAt}) OVERLAPS (${p('from')}::timestamptz, ${p('to')}::timestamptz)`;

const cardColumns = (db: Db) => ({ activity: activities, host: personColumns, image: firstImageOf(db), waitlistCount: waitlistCountOf() });

function nearestPage(db: Db, shape: Extract<Shape, { knn: true }>) {
  return (
    db
      .select({ ...cardColumns(db), chordM: chordTo(activities.earth, p('point')).as('chord_m'), total: sql<number | null>`NULL::int`.as('total') })
      .from(activities)
      .innerJoin(users, eq(users.id, activities.hostId))
      .leftJoin(avatar, eq(avatar.id, users.profileImageId))
      // The bare column, never `= true`: the partial index could not serve a parameter.
      .where(and(sql`${activities.listed}`, runningWithin()))
      .orderBy(chordTo(activities.earth, p('point')))
      .limit(literalLimit(shape.window))
  );
}

/** The people whose first name holds the search, found by its trigram index: an array the activities' host index takes. */
const namedHosts = (db: Db) => {
  const named = alias(users, 'named');
  return sql`ARRAY(${db.select({ id: named.id }).from(named).where(sql`${named.firstName} ILIKE ${p('like')}`)})`;
};

function boxPage(db: Db, shape: Extract<Shape, { knn: false }>) {
  const distance = chordTo(activities.earth, p('point'));
  // A search by trigrams leaves the box out, for the reason deals/near.ts gives: the planner would read the whole box.
  const near = shape.search === 'trigrams' ? [lte(distance, p('chord_m'))] : [inBoxAround(activities.earth, p('point'), p('radius_m')), lte(distance, p('chord_m'))];
  const filters: SQL[] = [sql`${activities.listed}`, runningWithin(), ...near];
  if (shape.category === 'one') filters.push(sql`${activities.category} = ${p('category')}`);
  if (shape.category === 'any') filters.push(sql`${activities.category} = ANY(${p('categories')}::text[])`);
  if (shape.search === 'box') {
    filters.push(
      sql`(${activities.title} ILIKE ${p('like')} OR ${users.firstName} ILIKE ${p('like')} OR word_similarity(${p('search')}::text, ${activities.title}) >= ${SEARCH_SIMILARITY})`,
    );
  }
  // The same, each part answerable by an index: the titles' trigrams, the hosts' first names' trigrams.
  if (shape.search === 'trigrams') {
    filters.push(sql`(${activities.title} ILIKE ${p('like')} OR ${nameIsNear(p('search'), activities.title)} OR ${activities.hostId} = ANY(${namedHosts(db)}))`);
  }
  return db
    .select({ ...cardColumns(db), chordM: distance, total: sql<number | null>`(count(*) OVER ())::int` })
    .from(activities)
    .innerJoin(users, eq(users.id, activities.hostId))
    .leftJoin(avatar, eq(avatar.id, users.profileImageId))
    .where(and(...filters))
    .orderBy(asc(distance), asc(activities.id))
    .limit(p('size'))
    .offset(p('offset'));
}

/** How many listed activities within the days lie within the radius, up to NEARBY_LIST_DEPTH + 1 (the index's scan of the radius's box, which stops there). */
const cappedCount = (db: Db) =>
  cappedCountWithin(db, activities, activities.earth, and(sql`${activities.listed}`, runningWithin()), { point: p('point'), radiusM: p('radius_m'), chordM: p('chord_m') }, NEARBY_LIST_DEPTH + 1);

const pageOf = (db: Db, shape: Shape) => (shape.knn ? nearestPage(db, shape) : boxPage(db, shape));
const pageStatement = preparedShapes(shapeName, pageOf);
const countStatement = prepared('activities_near_count', cappedCount);

const DAY = 86_400_000;

function planOf(query: Query, now: Date) {
  const offset = (query.page - 1) * query.page_size;
  const take = Math.max(1, Math.min(query.page_size, NEARBY_LIST_DEPTH - offset));
  const categories = categoryFilter(query.category, query.categories) ?? [];
  const category = categories.length === 0 ? null : categories.length === 1 ? 'one' : 'any';
  const search: Search = !query.q ? null : searchesByTrigrams(query.q) ? 'trigrams' : 'box';
  const shape: Shape = category || search ? { knn: false, category, search } : { knn: true, window: windowFor(offset + take + 1) };
  const radiusM = query.radius_km * 1000;
  const fromDay = query.from ? Date.parse(`${query.from}T00:00:00Z`) : 0;
  const values = {
    point: earthPoint(query.lat, query.lng),
    radius_m: radiusM,
    chord_m: chordOf(radiusM),
    from: new Date(Math.max(now.getTime(), fromDay)).toISOString(),
    to: query.to ? new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY).toISOString() : 'infinity',
    size: take,
    offset,
    category: categories[0] ?? null,
    categories,
    search: query.q ?? '',
    like: likeAnywhere(query.q ?? ''),
  };
  return { shape, values, take, offset };
}

/** The SQL and parameters the list's page runs for a request, for EXPLAIN in tests and the bench. */
export function activitiesNearSql(db: Db, query: Query, now: Date) {
  const { shape, values } = planOf(query, now);
  return withValues(pageOf(db, shape), values);
}

/** The SQL and parameters of the list's capped count for a request. */
export function activitiesNearCountSql(db: Db, query: Query, now: Date) {
  return withValues(cappedCount(db), planOf(query, now).values);
}

type Row = SelectedActivity & { chordM: number; total: number | null };

/** Public activities near the point, not ended nor deactivated: one page and the total, exact up to NEARBY_LIST_DEPTH. */
export async function activitiesNear(deps: ActivitiesDeps, callerId: string | null, query: Query): Promise<ActivityListResponse> {
  if (categoryFilter(query.category, query.categories) === null) return { count: 0, count_capped: false, page: query.page, page_size: query.page_size, results: [] };
  const now = deps.clock();
  const { shape, values, take, offset } = planOf(query, now);
  const rows = (await pageStatement(shape)(deps.db).execute(values)) as Row[];
  let page: Row[];
  let total: number;
  if (shape.knn) {
    const within = rows.filter((r) => r.chordM <= values.chord_m);
    page = within.slice(offset, offset + take);
    // The window ended, or the radius cut it, before it was full: every activity within the radius is in it.
    const complete = rows.length < shape.window || within.length < rows.length;
    total = complete ? within.length : ((await countStatement(deps.db).execute(values))[0]?.n ?? 0);
  } else {
    page = rows;
    total = rows[0]?.total ?? (offset > 0 ? (((await pageStatement(shape)(deps.db).execute({ ...values, offset: 0, size: 1 })) as Row[])[0]?.total ?? 0) : 0);
  }
  const statuses = await statusesOf(
    deps.db,
    callerId,
    page.map((r) => r.activity.id),
  );
  return {
    count: Math.min(total, NEARBY_LIST_DEPTH),
    count_capped: total > NEARBY_LIST_DEPTH,
    page: query.page,
    page_size: query.page_size,
    results: page.map((r) => toCard(r, callerId, statuses.get(r.activity.id), distanceKm(r.chordM), deps, now)),
  };
}
