import { and, asc, count, eq, exists, fillPlaceholders, lt, lte, ne, notExists, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { NEARBY_LIST_DEPTH, vendorCategories, type AllServicesQuery, type VendorCategory } from '@localloop/contract';
import type { Db } from '../../db/client.ts';
import { favoriteServices, media, serviceImages, services, vendorAddresses, vendors } from '../../db/schema.ts';
import { chordOf, chordTo, earthPoint, inBoxAround } from '../../lib/geo-sql.ts';
import { literalLimit, prepared, preparedShapes } from '../../lib/prepared.ts';
import type { StoredImage } from '../uploads/index.ts';
import { SEARCH_SIMILARITY, likeAnywhere, nameIsNear, searchesByTrigrams } from '../../lib/text-search.ts';
import { categoryFilter } from '../../lib/category-filter.ts';

/**
 * "Services near me" (get-all-services), on the directory's design (docs/decisions/0011, modules/directory/list.ts):
 * one prepared statement per shape, the point sent as one precomputed cube.
 * - Nearest first without a filter: the GiST index's KNN order over listed addresses, each vendor once (at its nearest
 *   address) and only vendors with an active service, cut at a window of vendors written into the statement; the
 *   radius after it; then those vendors' active services by distance, name and id. The count separately, only when
 *   the page does not tell it, and never past NEARBY_LIST_DEPTH.
 * - With a category (or several: a theme of /Discover), a price bound, a search or one vendor: every match within the
 *   radius's box (or of that vendor), sorted, with the total as a window count.
 * Each card carries the vendor's address it is measured to (city and point).
 */
export type ServicesNearQuery = z.output<typeof AllServicesQuery> & {
  /** Any of these categories (a theme of /Discover); the HTTP list takes one `category`, and one here is the same. */
  categories?: readonly VendorCategory[];
};
type Query = ServicesNearQuery;
type Shape =
  | { knn: true; signedIn: boolean; window: number }
  | { knn: false; vendor: boolean; category: 'one' | 'any' | null; minPrice: boolean; maxPrice: boolean; search: Search; signedIn: boolean };
/**
 * A search of 3 characters or more that names no category finds its candidates by the trigram indexes (`trigrams`);
 * a shorter one, or one that names a category (a sixth of every service), reads the radius's box.
 */
type Search = 'box' | 'trigrams' | null;

const shapeName = (s: Shape) =>
  s.knn
    ? `services_near_nearest_${s.window}${s.signedIn ? '_caller' : ''}`
    : `services_near_box${s.vendor ? '_vendor' : ''}${s.category === 'one' ? '_category' : s.category === 'any' ? '_categories' : ''}${s.minPrice ? '_min' : ''}${s.maxPrice ? '_max' : ''}${s.search === 'box' ? '_search' : s.search === 'trigrams' ? '_search_trigrams' : ''}${s.signedIn ? '_caller' : ''}`;

/** Windows of vendors a nearest-first page reads: the smallest that holds offset + size and the row after the page. */
const windows = [21, 51, 101, 201, 501, NEARBY_LIST_DEPTH + 1];
const largestWindow = NEARBY_LIST_DEPTH + 1;
const windowFor = (rows: number) => windows.find((w) => w >= rows) ?? largestWindow;


const p = (name: string) => sql.placeholder(name);

const cover = alias(media, 'service_cover');

/** The service's first picture, one step of its (service_id, position) key; a subquery, so the page's plan is unchanged. */
function firstImageOf(db: Db): SQL<StoredImage | null> {
  const first = db
    .select({ image: sql`json_build_object('key', ${cover.storageKey}, 'width', ${cover.width}, 'height', ${cover.height}, 'variants', ${cover.variants})` })
    .from(serviceImages)
    .innerJoin(cover, eq(cover.id, serviceImages.mediaId))
    .where(eq(serviceImages.serviceId, services.id))
    .orderBy(asc(serviceImages.position))
    .limit(literalLimit(1));
  return sql<StoredImage | null>`(${first})`;
}

/** Whether the caller has the service among their favorites; false for a visitor. */
function isFavoriteOf(signedIn: boolean): SQL<boolean> {
  if (!signedIn) return sql<boolean>`false`;
  // Names written out: the subquery must compare its rows with the page's service (shared.ts says why).
  return sql<boolean>`EXISTS (SELECT 1 FROM ${favoriteServices} AS liked WHERE liked.service_id = "services"."id" AND liked.user_id = ${p('caller')})`;
}

/** The columns of a card: the service, its vendor, its first picture and whether the caller likes it. */
const cardColumns = (db: Db, signedIn: boolean) => ({
  service: {
    id: services.id,
    name: services.name,
    description: services.description,
    category: services.category,
    durationMinutes: services.durationMinutes,
    priceCents: services.priceCents,
    currency: services.currency,
  },
  vendor: {
    id: vendors.id,
    userId: vendors.userId,
    businessName: vendors.businessName,
    ratingSum: vendors.ratingSum,
    ratingCount: vendors.ratingCount,
    timeZone: vendors.timeZone,
  },
  image: firstImageOf(db),
  isFavorite: isFavoriteOf(signedIn),
});

/**
 * Nearest first, no filter. The KNN scan yields listed addresses nearest first, keeps each vendor's nearest one (the
 * lower id wins a tie) of vendors with an active service, and stops after `window` of them whatever the radius; its
 * order is the distance alone (a second sort key would sort everything). Each vendor has at least one active service,
 * so a window of offset + size + 1 vendors holds the page and the row after it; `edge_m` (the window's farthest
 * vendor) and `scanned` let servicesNear see a page that may continue among equals past the window's edge.
 */
function nearestPage(db: Db, shape: Extract<Shape, { knn: true }>) {
  const a = vendorAddresses;
  const other = alias(vendorAddresses, 'other');
  const offered = alias(services, 'offered');
  const mine = chordTo(a.earth, p('point'));
  const theirs = chordTo(other.earth, p('point'));
  const nearestOfItsVendor = notExists(
    db
      .select({ one: sql`1` })
      .from(other)
      .where(and(eq(other.vendorId, a.vendorId), sql`${other.listed}`, ne(other.id, a.id), sql`(${theirs} < ${mine} OR (${theirs} = ${mine} AND ${other.id} < ${a.id}))`)),
  );
  const offersSomething = exists(db.select({ one: sql`1` }).from(offered).where(and(eq(offered.vendorId, a.vendorId), sql`${offered.isActive}`)));
  const knn = db
    .select({ vendorId: a.vendorId, city: a.city, latitude: a.latitude, longitude: a.longitude, chordM: chordTo(a.earth, p('point')).as('chord_m') })
    .from(a)
    // The bare column, never `= true`: Drizzle would send `true` as a parameter, and the partial index could not serve it.
    .where(and(sql`${a.listed}`, nearestOfItsVendor, offersSomething))
    .orderBy(chordTo(a.earth, p('point')))
    .limit(literalLimit(shape.window))
    .as('knn');
  const near = db
    .select({
      vendorId: knn.vendorId,
      city: knn.city,
      latitude: knn.latitude,
      longitude: knn.longitude,
      chordM: knn.chordM,
      edgeM: sql<number>`max(${knn.chordM}) OVER ()`.as('edge_m'),
      scanned: sql<number>`(count(*) OVER ())::int`.as('scanned'),
    })
    .from(knn)
    .as('near');
  return db
    .select({
      ...cardColumns(db, shape.signedIn),
      chordM: near.chordM,
      city: near.city,
      latitude: near.latitude,
      longitude: near.longitude,
      edgeM: near.edgeM,
      scanned: near.scanned,
      total: sql<number | null>`NULL::int`,
    })
    .from(near)
    .innerJoin(services, and(eq(services.vendorId, near.vendorId), sql`${services.isActive}`))
    .innerJoin(vendors, eq(vendors.id, near.vendorId))
    .where(and(sql`${vendors.listed}`, lte(near.chordM, p('chord_m'))))
    .orderBy(asc(near.chordM), asc(services.name), asc(services.id))
    .limit(p('size_and_next'))
    .offset(p('offset'));
}

/**
 * A search by trigrams: the services whose name holds the search or is a short typo away from it (the names' trigram
 * index), or whose shop's name holds it (the shops' names' trigram index, then the services' vendor index); each
 * measured to its shop's nearest listed address (one step of the address index per candidate), kept within the radius.
 * No box: the planner takes one for a handful of rows whatever its size, and would read every shop's address near New
 * York (6,044 shops at scale) and every service of theirs.
 */
function searchPage(db: Db, shape: Extract<Shape, { knn: false }>) {
  const a = vendorAddresses;
  const named = alias(vendors, 'named');
  const near = db
    .select({ city: a.city, latitude: a.latitude, longitude: a.longitude, chordM: chordTo(a.earth, p('point')).as('chord_m') })
    .from(a)
    .where(and(eq(a.vendorId, services.vendorId), sql`${a.listed}`))
    .orderBy(chordTo(a.earth, p('point')), a.id)
    .limit(literalLimit(1))
    .as('near');
  const filters: SQL[] = [sql`${services.isActive}`, sql`${vendors.listed}`, lte(near.chordM, p('chord_m'))];
  if (shape.category === 'one') filters.push(sql`${services.category} = ${p('category')}`);
  if (shape.category === 'any') filters.push(sql`${services.category} = ANY(${p('categories')}::text[])`);
  if (shape.minPrice) filters.push(sql`${services.priceCents} >= ${p('min_price_cents')}`);
  if (shape.maxPrice) filters.push(sql`${services.priceCents} <= ${p('max_price_cents')}`);
  const namedShops = db.select({ id: named.id }).from(named).where(sql`${named.businessName} ILIKE ${p('like')}`);
  filters.push(sql`(${services.name} ILIKE ${p('like')} OR ${nameIsNear(p('search'), services.name)} OR ${services.vendorId} = ANY(ARRAY(${namedShops})))`);
  return db
    .select({
      ...cardColumns(db, shape.signedIn),
      chordM: near.chordM,
      city: near.city,
      latitude: near.latitude,
      longitude: near.longitude,
      edgeM: sql<number | null>`NULL::float8`,
      scanned: sql<number | null>`NULL::int`,
      total: sql<number | null>`(count(*) OVER ())::int`,
    })
    .from(services)
    .innerJoin(vendors, eq(vendors.id, services.vendorId))
    .innerJoinLateral(near, sql`true`)
    .where(and(...filters))
    .orderBy(asc(near.chordM), asc(services.name), asc(services.id))
    .limit(p('size'))
    .offset(p('offset'));
}

/** Filtered, or one vendor's: every match within the radius (the box, then the exact distance), or of that vendor. */
function boxPage(db: Db, shape: Extract<Shape, { knn: false }>) {
  const a = vendorAddresses;
  const where = shape.vendor
    ? eq(a.vendorId, p('vendor_id'))
    : and(inBoxAround(a.earth, p('point'), p('radius_m')), lte(chordTo(a.earth, p('point')), p('chord_m')));
  // Each vendor at its nearest listed address (the lower id wins a tie).
  const near = db
    .selectDistinctOn([a.vendorId], { vendorId: a.vendorId, city: a.city, latitude: a.latitude, longitude: a.longitude, chordM: chordTo(a.earth, p('point')).as('chord_m') })
    .from(a)
    .where(and(sql`${a.listed}`, where))
    .orderBy(a.vendorId, chordTo(a.earth, p('point')), a.id)
    .as('near');
  const filters: SQL[] = [sql`${services.isActive}`, sql`${vendors.listed}`];
  if (shape.vendor) filters.push(eq(services.vendorId, p('vendor_id')));
  if (shape.category === 'one') filters.push(sql`${services.category} = ${p('category')}`);
  if (shape.category === 'any') filters.push(sql`${services.category} = ANY(${p('categories')}::text[])`);
  if (shape.minPrice) filters.push(sql`${services.priceCents} >= ${p('min_price_cents')}`);
  if (shape.maxPrice) filters.push(sql`${services.priceCents} <= ${p('max_price_cents')}`);
  if (shape.search) {
    filters.push(sql`(${services.name} ILIKE ${p('like')} OR ${services.category} ILIKE ${p('like')} OR ${vendors.businessName} ILIKE ${p('like')}
      OR word_similarity(${p('search')}::text, ${services.name}) >= ${SEARCH_SIMILARITY})`);
  }
  return db
    .select({
      ...cardColumns(db, shape.signedIn),
      chordM: near.chordM,
      city: near.city,
      latitude: near.latitude,
      longitude: near.longitude,
      edgeM: sql<number | null>`NULL::float8`,
      scanned: sql<number | null>`NULL::int`,
      total: sql<number | null>`(count(*) OVER ())::int`,
    })
    .from(services)
    .innerJoin(vendors, eq(vendors.id, services.vendorId))
    .innerJoin(near, eq(near.vendorId, services.vendorId))
    .where(and(...filters))
    .orderBy(asc(near.chordM), asc(services.name), asc(services.id))
    .limit(p('size'))
    .offset(p('offset'));
}

/** How many active services listed vendors within the radius offer, counted up to NEARBY_LIST_DEPTH + 1 and no further. */
function cappedCount(db: Db) {
  const a = vendorAddresses;
  const earlier = alias(vendorAddresses, 'earlier');
  const within = (t: { listed: AnyPgColumn; earth: AnyPgColumn }) => and(sql`${t.listed}`, inBoxAround(t.earth, p('point'), p('radius_m')), lte(chordTo(t.earth, p('point')), p('chord_m')));
  // Each vendor once: by its first address (lowest id) within the radius.
  const matches = db
    .select({ one: sql`1` })
    .from(a)
    .innerJoin(services, and(eq(services.vendorId, a.vendorId), sql`${services.isActive}`))
    .where(and(within(a), notExists(db.select({ one: sql`1` }).from(earlier).where(and(eq(earlier.vendorId, a.vendorId), lt(earlier.id, a.id), within(earlier))))))
    .limit(literalLimit(NEARBY_LIST_DEPTH + 1))
    .as('matches');
  return db.select({ n: count() }).from(matches);
}

const pageOf = (db: Db, shape: Shape) => (shape.knn ? nearestPage(db, shape) : shape.search === 'trigrams' ? searchPage(db, shape) : boxPage(db, shape));

const countStatement = prepared('services_near_count', cappedCount);

const pageStatement = preparedShapes(shapeName, pageOf);

/** The shape and placeholder values of one request; `take`: the rows of the page, never past NEARBY_LIST_DEPTH. */
function planOf(callerId: string | null, query: Query) {
  const signedIn = Boolean(callerId);
  const offset = (query.page - 1) * query.page_size;
  const take = Math.max(1, Math.min(query.page_size, NEARBY_LIST_DEPTH - offset));
  const categories = categoryFilter(query.category, query.categories) ?? [];
  const category = categories.length === 0 ? null : categories.length === 1 ? 'one' : 'any';
  const filtered = Boolean(query.vendor_id || category || query.q) || query.min_price_cents !== undefined || query.max_price_cents !== undefined;
  const shape: Shape = filtered
    ? {
        knn: false,
        vendor: Boolean(query.vendor_id),
        category,
        minPrice: query.min_price_cents !== undefined,
        maxPrice: query.max_price_cents !== undefined,
        search: !query.q ? null : searchesByTrigrams(query.q) && !query.vendor_id && !namesACategory(query.q) ? 'trigrams' : 'box',
        signedIn,
      }
    : { knn: true, signedIn, window: windowFor(offset + take + 1) };
  const radiusM = query.radius_km * 1000;
  const values = {
    point: earthPoint(query.lat, query.lng),
    radius_m: radiusM,
    chord_m: chordOf(radiusM),
    size: take,
    size_and_next: take + 1,
    offset,
    caller: callerId,
    vendor_id: query.vendor_id ?? null,
    category: categories[0] ?? null,
    categories,
    min_price_cents: query.min_price_cents ?? null,
    max_price_cents: query.max_price_cents ?? null,
    search: query.q ?? '',
    like: likeAnywhere(query.q ?? ''),
  };
  return { shape, values, take };
}

/** Whether a category's name holds the search, as `category ILIKE '%search%'` tells. */
const namesACategory = (search: string) => vendorCategories.some((c) => c.toLowerCase().includes(search.trim().toLowerCase()));

/** The SQL and parameters the list runs for a request, for EXPLAIN in tests and the bench. */
export function servicesNearSql(db: Db, callerId: string | null, query: Query) {
  const { shape, values } = planOf(callerId, query);
  const withValues = (q: { toSQL(): { sql: string; params: unknown[] } }) => {
    const { sql: text, params } = q.toSQL();
    return { text, params: fillPlaceholders(params, values) };
  };
  return { page: withValues(pageOf(db, shape)), count: shape.knn ? withValues(cappedCount(db)) : null };
}

export type ServiceNearRow = Awaited<ReturnType<ReturnType<ReturnType<typeof pageStatement>>['execute']>>[number];

/**
 * Active services of listed vendors near the point (or of one vendor), nearest first, then by name and id: one page
 * and the total, exact up to NEARBY_LIST_DEPTH (more than that past it).
 */
export async function servicesNear(db: Db, callerId: string | null, query: Query): Promise<{ rows: ServiceNearRow[]; total: number }> {
  if (categoryFilter(query.category, query.categories) === null) return { rows: [], total: 0 };
  const plan = planOf(callerId, query);
  const { values, take } = plan;
  let { shape } = plan;
  let rows = await pageStatement(shape)(db).execute(values);
  // The page's last service as far as the window's farthest vendor, the scan having stopped there: a vendor past the
  // edge at that same distance may belong on the page. Read a larger window (rare: two shops at one distance).
  const mayContinue = (window: number) => {
    const last = rows[Math.min(take, rows.length) - 1];
    return last !== undefined && last.scanned === window && last.edgeM !== null && last.chordM >= last.edgeM;
  };
  while (shape.knn && shape.window < largestWindow && mayContinue(shape.window)) {
    shape = { ...shape, window: windowFor(shape.window + 1) };
    rows = await pageStatement(shape)(db).execute(values);
  }
  const page = rows.slice(0, take);
  let total: number;
  if (!shape.knn) {
    // Past the last page the window count has no row to ride on.
    total = rows[0]?.total ?? (values.offset > 0 ? ((await pageStatement(shape)(db).execute({ ...values, offset: 0, size: 1 }))[0]?.total ?? 0) : 0);
  } else if (rows.length <= take && (rows.length > 0 || values.offset === 0)) {
    // No service after the page: the window ended (or the radius cut it) before the page did, so this is the last page.
    total = values.offset + rows.length;
  } else {
    total = (await countStatement(db).execute(values))[0]?.n ?? 0;
  }
  return { rows: page, total };
}
