import { and, asc, desc, eq, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { NEARBY_LIST_DEPTH, type DealCard, type DealListQuery, type DealListResponse, type VendorCategory } from '@localloop/contract';
import type { Db } from '../../db/client.ts';
import { deals, vendors } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { cappedCountWithin, chordOf, chordTo, distanceKm, earthPoint, inBoxAround } from '../../lib/geo-sql.ts';
import { literalLimit, prepared, preparedShapes, withValues } from '../../lib/prepared.ts';
import { toResponsiveImage } from '../uploads/index.ts';
import { discountPercent, firstImageOf, iso, logo, money, ratingAvg, remainingOf, toDealVendor, vendorColumns, type DealsDeps } from './shared.ts';
import { SEARCH_SIMILARITY, likeAnywhere, nameIsNear, searchesByTrigrams } from '../../lib/text-search.ts';
import { categoryFilter } from '../../lib/category-filter.ts';

/**
 * Live deals near a point (deals/lists), on the directory's design (docs/decisions/0011, lib/geo-sql.ts): one prepared
 * statement per shape, the point sent as one precomputed cube.
 * - Nearest first without a filter: the partial GiST index over listed deals hands them out nearest first (KNN), the
 *   ones not live at `now` (not started, ended, sold out) are skipped as they come, and the scan stops at a window of
 *   offset + size + 1 written into the statement; the radius is applied after. The count separately, only when the
 *   page does not tell it, and never past NEARBY_LIST_DEPTH.
 * - Most sold first, or with a category (or several: a theme of /Discover), a search or one shop: every match within
 *   the radius's box (or of that shop), sorted, with the total as a window count. A search of 3 characters or more
 *   takes its candidates from the titles' and the shops' names' trigram indexes instead of the box, and keeps those
 *   within the radius.
 */
type Query = z.output<typeof DealListQuery> & {
  /** Any of these categories (a theme of /Discover); the HTTP list takes one `category`, and one here is the same. */
  categories?: readonly VendorCategory[];
};
/** A search of 3 characters or more finds its candidates by the trigram indexes (`trigrams`), a shorter one in the box. */
type Search = 'box' | 'trigrams' | null;
type Shape = { knn: true; window: number } | { knn: false; popular: boolean; vendor: boolean; category: 'one' | 'any' | null; search: Search };

const shapeName = (s: Shape) =>
  s.knn
    ? `deals_near_nearest_${s.window}`
    : `deals_near_box${s.popular ? '_popular' : ''}${s.vendor ? '_vendor' : ''}${s.category === 'one' ? '_category' : s.category === 'any' ? '_categories' : ''}${s.search === 'box' ? '_search' : s.search === 'trigrams' ? '_search_trigrams' : ''}`;

const windows = [21, 51, 101, 201, 501, NEARBY_LIST_DEPTH + 1];
const windowFor = (rows: number) => windows.find((w) => w >= rows) ?? NEARBY_LIST_DEPTH + 1;

const p = (name: string) => sql.placeholder(name);

/**
 * On sale at `now`: started, not ended (`starts_at <= now < ends_at`, what OVERLAPS means for an instant), not sold out;
 * listed (not paused, its shop on show) is the index's, which also carries the dates and sold_out (migration 0022): the
 * KNN walk tests each deal from the index alone. Written with OVERLAPS rather than two comparisons: a prepared
 * statement's generic plan cannot know `now`, takes each comparison for a third of the rows, and so would expect a
 * ninth of the deals to be on sale and prefer reading them all and sorting to the KNN walk (measured at 1,300 deals);
 * one opaque condition is taken for a third, the truth being most of them.
 */
const liveAt = () =>
  sql`(${deals.startsAt}, ${deals.endsAt}) OVERLAPS (${p('now')}::timestamptz, ${p('now')}::timestamptz)
    AND NOT ${deals.soldOut}`;

const cardColumns = (db: Db) => ({
  id: deals.id,
  title: deals.title,
  category: deals.category,
  originalPriceCents: deals.originalPriceCents,
  dealPriceCents: deals.dealPriceCents,
  currency: deals.currency,
  startsAt: deals.startsAt,
  endsAt: deals.endsAt,
  quantityTotal: deals.quantityTotal,
  quantitySold: deals.quantitySold,
  ratingSum: deals.ratingSum,
  ratingCount: deals.ratingCount,
  city: deals.city,
  latitude: deals.latitude,
  longitude: deals.longitude,
  image: firstImageOf(db),
  vendor: vendorColumns,
});

function nearestPage(db: Db, shape: Extract<Shape, { knn: true }>) {
  const knn = db
    .select({ ...cardColumns(db), chordM: chordTo(deals.earth, p('point')).as('chord_m'), total: sql<number | null>`NULL::int`.as('total') })
    .from(deals)
    .innerJoin(vendors, eq(vendors.id, deals.vendorId))
    .leftJoin(logo, eq(logo.id, vendors.logoId))
    // The bare column, never `= true`: Drizzle would send `true` as a parameter, and the partial index could not serve it.
    .where(and(sql`${deals.listed}`, liveAt()))
    .orderBy(chordTo(deals.earth, p('point')))
    .limit(literalLimit(shape.window));
  return knn;
}

/** The shops whose name holds the search, found by their name's trigram index: an array the deals' vendor index takes. */
const namedShops = (db: Db) => {
  const named = alias(vendors, 'named');
  return sql`ARRAY(${db.select({ id: named.id }).from(named).where(sql`${named.businessName} ILIKE ${p('like')}`)})`;
};

function boxPage(db: Db, shape: Extract<Shape, { knn: false }>) {
  const filters: SQL[] = [sql`${deals.listed}`, liveAt()];
  if (shape.vendor) filters.push(eq(deals.vendorId, p('vendor_id')));
  // A search by trigrams leaves the box out: the planner, which takes a box for a handful of rows whatever its size,
  // would read every deal in it (77,566 near New York at scale) instead of the few the search names.
  else if (shape.search === 'trigrams') filters.push(lte(chordTo(deals.earth, p('point')), p('chord_m')));
  else filters.push(inBoxAround(deals.earth, p('point'), p('radius_m')), lte(chordTo(deals.earth, p('point')), p('chord_m')));
  if (shape.category === 'one') filters.push(sql`${deals.category} = ${p('category')}`);
  if (shape.category === 'any') filters.push(sql`${deals.category} = ANY(${p('categories')}::text[])`);
  // The title or the shop's name holds the search, or the title is a short typo away from it.
  if (shape.search === 'box') {
    filters.push(sql`(${deals.title} ILIKE ${p('like')} OR ${vendors.businessName} ILIKE ${p('like')} OR word_similarity(${p('search')}::text, ${deals.title}) >= ${SEARCH_SIMILARITY})`);
  }
  // The same, each part answerable by an index (a bitmap of each, OR-ed): the titles' trigrams, the shops' names' trigrams.
  if (shape.search === 'trigrams') {
    filters.push(sql`(${deals.title} ILIKE ${p('like')} OR ${nameIsNear(p('search'), deals.title)} OR ${deals.vendorId} = ANY(${namedShops(db)}))`);
  }
  const distance = chordTo(deals.earth, p('point'));
  return db
    .select({ ...cardColumns(db), chordM: distance, total: sql<number | null>`(count(*) OVER ())::int` })
    .from(deals)
    .innerJoin(vendors, eq(vendors.id, deals.vendorId))
    .leftJoin(logo, eq(logo.id, vendors.logoId))
    .where(and(...filters))
    .orderBy(...(shape.popular ? [desc(deals.quantitySold), asc(distance), asc(deals.id)] : [asc(distance), asc(deals.id)]))
    .limit(p('size'))
    .offset(p('offset'));
}

/** How many live deals lie within the radius, counted up to NEARBY_LIST_DEPTH + 1 and no further (the index's scan of the radius's box, which stops there). */
const cappedCount = (db: Db) =>
  cappedCountWithin(db, deals, deals.earth, and(sql`${deals.listed}`, liveAt()), { point: p('point'), radiusM: p('radius_m'), chordM: p('chord_m') }, NEARBY_LIST_DEPTH + 1);

const pageOf = (db: Db, shape: Shape) => (shape.knn ? nearestPage(db, shape) : boxPage(db, shape));
const pageStatement = preparedShapes(shapeName, pageOf);
const countStatement = prepared('deals_near_count', cappedCount);

function planOf(query: Query, now: Date) {
  const offset = (query.page - 1) * query.page_size;
  const take = Math.max(1, Math.min(query.page_size, NEARBY_LIST_DEPTH - offset));
  const categories = categoryFilter(query.category, query.categories) ?? [];
  const category = categories.length === 0 ? null : categories.length === 1 ? 'one' : 'any';
  const filtered = query.sort === 'popularity' || Boolean(query.vendor_id || category || query.q);
  const shape: Shape = filtered
    ? {
        knn: false,
        popular: query.sort === 'popularity',
        vendor: Boolean(query.vendor_id),
        category,
        search: !query.q ? null : searchesByTrigrams(query.q) && !query.vendor_id ? 'trigrams' : 'box',
      }
    : { knn: true, window: windowFor(offset + take + 1) };
  const radiusM = query.radius_km * 1000;
  const values = {
    point: earthPoint(query.lat, query.lng),
    radius_m: radiusM,
    chord_m: chordOf(radiusM),
    now: now.toISOString(),
    size: take,
    offset,
    vendor_id: query.vendor_id ?? null,
    category: categories[0] ?? null,
    categories,
    search: query.q ?? '',
    like: likeAnywhere(query.q ?? ''),
  };
  return { shape, values, take, offset };
}

/** The SQL and parameters the list's page runs for a request. */
export function dealsNearSql(db: Db, query: Query, now: Date) {
  const { shape, values } = planOf(query, now);
  return withValues(pageOf(db, shape), values);
}

/** The SQL and parameters of the list's capped count for a request. */
export function dealsNearCountSql(db: Db, query: Query, now: Date) {
  return withValues(cappedCount(db), planOf(query, now).values);
}

type Row = Awaited<ReturnType<ReturnType<ReturnType<typeof pageStatement>>['execute']>>[number];

function toCard(deps: Pick<DealsDeps, 'mediaUrl'>, r: Row, now: Date): DealCard {
  const remaining = remainingOf(r);
  return {
    id: r.id,
    title: r.title,
    category: r.category,
    original_price: money(r.originalPriceCents, r.currency),
    deal_price: money(r.dealPriceCents, r.currency),
    discount_percent: discountPercent(r.originalPriceCents, r.dealPriceCents),
    image: r.image ? toResponsiveImage(r.image, deps.mediaUrl) : null,
    vendor: toDealVendor(r.vendor, deps.mediaUrl),
    starts_at: iso(new Date(r.startsAt)),
    ends_at: iso(new Date(r.endsAt)),
    // Only live deals are listed.
    state: remaining === 0 ? 'sold_out' : new Date(r.startsAt) > now ? 'upcoming' : 'active',
    sold_count: r.quantitySold,
    remaining,
    rating_avg: ratingAvg(r.ratingSum, r.ratingCount),
    rating_count: r.ratingCount,
    distance_km: distanceKm(r.chordM),
    city: r.city,
    latitude: r.latitude,
    longitude: r.longitude,
  };
}

/** Live deals of listed shops near the point (or of one shop): one page and the total, exact up to NEARBY_LIST_DEPTH. */
export async function dealsNear(deps: Pick<DealsDeps, 'db' | 'clock' | 'mediaUrl'>, query: Query): Promise<DealListResponse> {
  if (query.vendor_id) {
    // One shop's list is there for shops on the marketplace: another id answers as the shop's own page does (404).
    const [shop] = await deps.db.select({ listed: vendors.listed }).from(vendors).where(eq(vendors.id, query.vendor_id));
    if (!shop?.listed) throw AppError.notFound('That vendor');
  }
  if (categoryFilter(query.category, query.categories) === null) return { count: 0, count_capped: false, page: query.page, page_size: query.page_size, results: [] };
  const now = deps.clock();
  const { shape, values, take, offset } = planOf(query, now);
  const rows = await pageStatement(shape)(deps.db).execute(values);
  let page: Row[];
  let total: number;
  if (shape.knn) {
    const within = rows.filter((r) => r.chordM <= values.chord_m);
    page = within.slice(offset, offset + take);
    // The window ended, or the radius cut it, before it was full: every deal within the radius is in it.
    const complete = rows.length < shape.window || within.length < rows.length;
    total = complete ? within.length : ((await countStatement(deps.db).execute(values))[0]?.n ?? 0);
  } else {
    page = rows;
    total = rows[0]?.total ?? (offset > 0 ? ((await pageStatement(shape)(deps.db).execute({ ...values, offset: 0, size: 1 }))[0]?.total ?? 0) : 0);
  }
  return {
    count: Math.min(total, NEARBY_LIST_DEPTH),
    count_capped: total > NEARBY_LIST_DEPTH,
    page: query.page,
    page_size: query.page_size,
    results: page.map((r) => toCard(deps, r, now)),
  };
}
