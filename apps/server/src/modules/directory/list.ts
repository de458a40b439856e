import { and, asc, count, desc, eq, fillPlaceholders, lt, lte, ne, notExists, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import { NEARBY_LIST_DEPTH, vendorCategories, type VendorCategory, type VendorListQuery, type VendorListResponse } from '@localloop/contract';
import type { Db } from '../../db/client.ts';
import { media, vendorAddresses, vendors } from '../../db/schema.ts';
import { chordOf, chordTo, earthPoint, inBoxAround } from '../../lib/geo-sql.ts';
import { literalLimit, prepared, preparedShapes } from '../../lib/prepared.ts';
import { cardColumns, ratingAvgSql, toCard, type MediaUrl } from './repo.ts';
import { SEARCH_SIMILARITY, escapeLike, nameIsNear, searchesByTrigrams } from '../../lib/text-search.ts';
import { categoryFilter } from '../../lib/category-filter.ts';


const p = (name: string) => sql.placeholder(name);

/**
 * The statements of the directory, one prepared statement per shape (lib/prepared.ts):
 * - nearest first without a filter: the GiST index's KNN order, each vendor at its nearest address, cut at a window
 *   written into the statement (a LIMIT parameter would leave a generic plan guessing a tenth of the table); the
 *   count separately, only when the page is full, and never past NEARBY_LIST_DEPTH;
 * - with a search or a category (or several: a theme of /Discover), or best rated first: every match within the
 *   radius's box, sorted, with the total as a window count: bounded by the radius, however few rows match.
 * Each card carries the address it is measured to (city, state and point).
 */
type Query = z.output<typeof VendorListQuery> & {
  /** Any of these categories (a theme of /Discover); the HTTP list takes one `category`, and one here is the same. */
  categories?: readonly VendorCategory[];
};
type Category = 'one' | 'any' | null;
/** A search of 3 characters or more finds its candidates by the indexes of names and categories (`trigrams`), a shorter one in the box. */
type Search = 'box' | 'trigrams' | null;
type Shape = { knn: true; signedIn: boolean; window: number } | { knn: false; sort: 'distance' | 'rating'; category: Category; search: Search; signedIn: boolean };

const shapeName = (s: Shape) =>
  s.knn
    ? `directory_nearest_${s.window}${s.signedIn ? '_caller' : ''}`
    : `directory_box_${s.sort}${s.category === 'one' ? '_category' : s.category === 'any' ? '_categories' : ''}${s.search === 'box' ? '_search' : s.search === 'trigrams' ? '_search_trigrams' : ''}${s.signedIn ? '_caller' : ''}`;

/**
 * Windows a nearest-first page reads: the smallest that holds offset + size and the row after the page. Six
 * statements, not one per page.
 */
const windows = [21, 51, 101, 201, 501, NEARBY_LIST_DEPTH + 1];
const largestWindow = NEARBY_LIST_DEPTH + 1;
const windowFor = (rows: number) => windows.find((w) => w >= rows) ?? largestWindow;

/** A name or category that starts with the search, has a word starting with it, or is close to it despite typos. */
function vendorFilters(t: { category: AnyPgColumn; businessName: AnyPgColumn }, shape: { category: Category; search: Search }): SQL[] {
  const filters: SQL[] = [];
  if (shape.category === 'one') filters.push(sql`${t.category} = ${p('category')}`);
  if (shape.category === 'any') filters.push(sql`${t.category} = ANY(${p('categories')}::text[])`);
  if (shape.search === 'trigrams') {
    // The names' part alone, each arm answerable by the names' trigram index: this shape serves a search that names no
    // category (searchNamesACategory), where the category's part is false.
    filters.push(sql`(${t.businessName} ILIKE ${p('prefix')} OR ${t.businessName} ILIKE ${p('word_prefix')} OR ${nameIsNear(p('search'), t.businessName)})`);
  }
  if (shape.search === 'box') {
    const category = sql`coalesce(${t.category}, '')`;
    filters.push(sql`(${t.businessName} ILIKE ${p('prefix')} OR ${t.businessName} ILIKE ${p('word_prefix')}
      OR word_similarity(${p('search')}::text, ${t.businessName}) >= ${SEARCH_SIMILARITY}
      OR ${category} ILIKE ${p('prefix')} OR ${category} ILIKE ${p('word_prefix')}
      OR word_similarity(${p('search')}::text, ${category}) >= ${SEARCH_SIMILARITY})`);
  }
  return filters;
}

const cardOf = (db: Db, signedIn: boolean) => cardColumns(db, signedIn ? p('caller') : null);

/**
 * Nearest first, no filter: the KNN scan stops after `window` addresses whatever the radius, which is applied after.
 * The scan's order is the distance alone (a second sort key would make the planner sort everything instead); the page
 * is sorted by distance then id after, with the row after it, so listVendors sees a tie that may reach the window's
 * edge (the page's last vendor as far as the next) and then reads a larger window.
 */
function nearestPage(db: Db, shape: Extract<Shape, { knn: true }>) {
  const a = vendorAddresses;
  const other = alias(vendorAddresses, 'other');
  const mine = chordTo(a.earth, p('point'));
  const theirs = chordTo(other.earth, p('point'));
  // No other address of the vendor is nearer (the lower id wins a tie): each vendor once, at its nearest address.
  const nearestOfItsVendor = notExists(
    db
      .select({ one: sql`1` })
      .from(other)
      .where(and(eq(other.vendorId, a.vendorId), sql`${other.listed}`, ne(other.id, a.id), sql`(${theirs} < ${mine} OR (${theirs} = ${mine} AND ${other.id} < ${a.id}))`)),
  );
  const near = db
    .select({ vendorId: a.vendorId, city: a.city, state: a.state, latitude: a.latitude, longitude: a.longitude, chordM: chordTo(a.earth, p('point')).as('chord_m') })
    .from(a)
    // The bare column, never `= true`: Drizzle would send `true` as a parameter, and the partial index could not serve it.
    .where(and(sql`${a.listed}`, nearestOfItsVendor))
    .orderBy(chordTo(a.earth, p('point')))
    .limit(literalLimit(shape.window))
    .as('near');
  return db
    .select({
      ...cardOf(db, shape.signedIn),
      chordM: near.chordM,
      city: near.city,
      state: near.state,
      latitude: near.latitude,
      longitude: near.longitude,
      total: sql<number | null>`NULL::int`,
    })
    .from(near)
    .innerJoin(vendors, eq(vendors.id, near.vendorId))
    .leftJoin(media, eq(media.id, vendors.logoId))
    .where(lte(near.chordM, p('chord_m')))
    .orderBy(asc(near.chordM), asc(vendors.id))
    .limit(p('size_and_next'))
    .offset(p('offset'));
}

/** Filtered or best rated: every listed vendor with an address within the radius (the box, then the exact distance). */
function boxPage(db: Db, shape: Extract<Shape, { knn: false }>) {
  const a = vendorAddresses;
  const near = db
    .selectDistinctOn([a.vendorId], {
      vendorId: a.vendorId,
      city: a.city,
      state: a.state,
      latitude: a.latitude,
      longitude: a.longitude,
      chordM: chordTo(a.earth, p('point')).as('chord_m'),
    })
    .from(a)
    .where(and(sql`${a.listed}`, inBoxAround(a.earth, p('point'), p('radius_m')), lte(chordTo(a.earth, p('point')), p('chord_m'))))
    .orderBy(a.vendorId, chordTo(a.earth, p('point')))
    .as('near');
  const order =
    shape.sort === 'rating'
      ? [sql`${ratingAvgSql} DESC NULLS LAST`, desc(vendors.ratingCount), asc(near.chordM), asc(vendors.id)]
      : [asc(near.chordM), asc(vendors.id)];
  return db
    .select({
      ...cardOf(db, shape.signedIn),
      chordM: near.chordM,
      city: near.city,
      state: near.state,
      latitude: near.latitude,
      longitude: near.longitude,
      total: sql<number | null>`(count(*) OVER ())::int`,
    })
    .from(vendors)
    .innerJoin(near, eq(near.vendorId, vendors.id))
    .leftJoin(media, eq(media.id, vendors.logoId))
    .where(and(...vendorFilters(vendors, shape)))
    .orderBy(...order)
    .limit(p('size'))
    .offset(p('offset'));
}

/**
 * A search by trigrams: the listed vendors the search names (vendorFilters), each measured to its nearest listed address
 * (one step of the address index per candidate), kept within the radius. No box: the planner takes one for a handful
 * of rows whatever its size, and would read every address near New York (6,044 shops at scale).
 */
function searchPage(db: Db, shape: Extract<Shape, { knn: false }>) {
  const a = vendorAddresses;
  const near = db
    .select({ city: a.city, state: a.state, latitude: a.latitude, longitude: a.longitude, chordM: chordTo(a.earth, p('point')).as('chord_m') })
    .from(a)
    .where(and(eq(a.vendorId, vendors.id), sql`${a.listed}`))
    .orderBy(chordTo(a.earth, p('point')), a.id)
    .limit(literalLimit(1))
    .as('near');
  const order =
    shape.sort === 'rating'
      ? [sql`${ratingAvgSql} DESC NULLS LAST`, desc(vendors.ratingCount), asc(near.chordM), asc(vendors.id)]
      : [asc(near.chordM), asc(vendors.id)];
  return db
    .select({
      ...cardOf(db, shape.signedIn),
      chordM: near.chordM,
      city: near.city,
      state: near.state,
      latitude: near.latitude,
      longitude: near.longitude,
      total: sql<number | null>`(count(*) OVER ())::int`,
    })
    .from(vendors)
    .innerJoinLateral(near, sql`true`)
    .leftJoin(media, eq(media.id, vendors.logoId))
    .where(and(sql`${vendors.listed}`, lte(near.chordM, p('chord_m')), ...vendorFilters(vendors, shape)))
    .orderBy(...order)
    .limit(p('size'))
    .offset(p('offset'));
}

/**
 * Whether the search names a category as vendorFilters matches one (its start, a word's start, or a short typo of it):
 * such a search finds a seventh of all shops, which the radius's box bounds better than the names' index.
 */
const categoryNamed = prepared('directory_search_names_category', (db: Db) =>
  db
    .select({
      named: sql<boolean>`coalesce(bool_or(c ILIKE ${p('prefix')} OR c ILIKE ${p('word_prefix')} OR word_similarity(${p('search')}::text, c) >= ${SEARCH_SIMILARITY}), false)`,
    })
    .from(sql`unnest(${p('all_categories')}::text[]) AS c`),
);

/**
 * Whether a search names a category, asked of the database once per search: the categories are a fixed list, so the
 * answer never changes, and a search asked again does not pay a second round trip. At most 1,000 searches remembered.
 */
const categoryNamedBySearch = new LRUCache<string, boolean>({ max: 1000 });
async function namesACategory(db: Db, values: { search: string; prefix: string; word_prefix: string; all_categories: readonly string[] }): Promise<boolean> {
  const known = categoryNamedBySearch.get(values.search);
  if (known !== undefined) return known;
  const named = Boolean((await categoryNamed(db).execute(values))[0]?.named);
  categoryNamedBySearch.set(values.search, named);
  return named;
}

/** How many listed vendors have an address within the radius, counted up to NEARBY_LIST_DEPTH + 1 and no further. */
function cappedCount(db: Db) {
  const a = vendorAddresses;
  const earlier = alias(vendorAddresses, 'earlier');
  const within = (t: { listed: AnyPgColumn; earth: AnyPgColumn }) =>
    and(sql`${t.listed}`, inBoxAround(t.earth, p('point'), p('radius_m')), lte(chordTo(t.earth, p('point')), p('chord_m')));
  // Each vendor once: by its first address (lowest id) within the radius.
  const matches = db
    .select({ one: sql`1` })
    .from(a)
    .where(and(within(a), notExists(db.select({ one: sql`1` }).from(earlier).where(and(eq(earlier.vendorId, a.vendorId), lt(earlier.id, a.id), within(earlier))))))
    .limit(literalLimit(NEARBY_LIST_DEPTH + 1))
    .as('matches');
  return db.select({ n: count() }).from(matches);
}

const pageOf = (db: Db, shape: Shape) => (shape.knn ? nearestPage(db, shape) : shape.search === 'trigrams' ? searchPage(db, shape) : boxPage(db, shape));

const countStatement = prepared('directory_count', cappedCount);

const pageStatement = preparedShapes(shapeName, pageOf);

/** The shape and placeholder values of one request. */
function planOf(callerId: string | null, query: Query, namesCategory = false) {
  const signedIn = Boolean(callerId);
  const offset = (query.page - 1) * query.page_size;
  const categories = categoryFilter(query.category, query.categories) ?? [];
  const category: Category = categories.length === 0 ? null : categories.length === 1 ? 'one' : 'any';
  const filtered = Boolean(category || query.q);
  const shape: Shape =
    query.sort === 'distance' && !filtered
      ? { knn: true, signedIn, window: windowFor(offset + query.page_size + 1) }
      : { knn: false, sort: query.sort, category, search: !query.q ? null : searchesByTrigrams(query.q) && !namesCategory ? 'trigrams' : 'box', signedIn };
  const radiusM = query.radius_km * 1000;
  const search = query.q ? query.q.replace(/\s+/g, ' ') : '';
  const values = {
    point: earthPoint(query.lat, query.lng),
    radius_m: radiusM,
    chord_m: chordOf(radiusM),
    size: query.page_size,
    size_and_next: query.page_size + 1,
    offset,
    caller: callerId,
    category: categories[0] ?? null,
    categories,
    search,
    prefix: `${escapeLike(search)}%`,
    word_prefix: `% ${escapeLike(search)}%`,
    all_categories: vendorCategories,
  };
  return { shape, values };
}

/** The SQL and parameters the list runs for a request, for EXPLAIN in tests and the bench. */
export function vendorListSql(db: Db, callerId: string | null, query: Query) {
  const { shape, values } = planOf(callerId, query);
  const withValues = (q: { toSQL(): { sql: string; params: unknown[] } }) => {
    const { sql: text, params } = q.toSQL();
    return { text, params: fillPlaceholders(params, values) };
  };
  return { page: withValues(pageOf(db, shape)), count: shape.knn ? withValues(cappedCount(db)) : null };
}

/**
 * The directory (GET vendor/lists/): listed vendors near a point, searched, filtered, sorted and paged. The count is
 * exact up to NEARBY_LIST_DEPTH; past it `count_capped` says "more than that".
 */
export async function listVendors(deps: { db: Db; mediaUrl: MediaUrl }, callerId: string | null, query: Query): Promise<VendorListResponse> {
  if (categoryFilter(query.category, query.categories) === null) return { count: 0, count_capped: false, page: query.page, page_size: query.page_size, results: [] };
  let plan = planOf(callerId, query);
  if (plan.shape.knn === false && plan.shape.search === 'trigrams' && (await namesACategory(deps.db, plan.values))) {
    plan = planOf(callerId, query, true);
  }
  const { values } = plan;
  let { shape } = plan;
  const size = query.page_size;
  let rows = await pageStatement(shape)(deps.db).execute(values);
  // The page's last vendor exactly as far as the next one: that distance may continue past the window's edge, where
  // the scan stopped among equals. Read a larger window (rare: two places at one distance).
  while (shape.knn && shape.window < largestWindow && rows.length > size && rows[size - 1]?.chordM === rows[size]?.chordM) {
    shape = { ...shape, window: windowFor(shape.window + 1) };
    rows = await pageStatement(shape)(deps.db).execute(values);
  }
  // Never past the first NEARBY_LIST_DEPTH results, even where the last window reaches beyond them.
  const page = rows.slice(0, Math.max(0, Math.min(size, NEARBY_LIST_DEPTH - values.offset)));
  let total: number;
  if (!shape.knn) {
    // Past the last page the window count has no row to ride on.
    total = rows[0]?.total ?? (values.offset > 0 ? ((await pageStatement(shape)(deps.db).execute({ ...values, offset: 0, size: 1 }))[0]?.total ?? 0) : 0);
  } else if (rows.length <= size && values.offset + rows.length < shape.window && (rows.length > 0 || values.offset === 0)) {
    // No vendor after the page, and the scan ended before its window did: the last page, which says how many there are.
    total = values.offset + rows.length;
  } else {
    total = (await countStatement(deps.db).execute(values))[0]?.n ?? 0;
  }
  return {
    count: Math.min(total, NEARBY_LIST_DEPTH),
    count_capped: total > NEARBY_LIST_DEPTH,
    page: query.page,
    page_size: query.page_size,
    results: page.map((r) => toCard(r, r, deps.mediaUrl)),
  };
}
