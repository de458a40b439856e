import { and, count, lte, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { literalLimit } from './prepared.ts';

/**
 * Distances and nearest-first pages on earthdistance's cube points, for every list "near me" (vendors, deals,
 * activities, services). A table that is searched by place stores its point in a generated `earth cube` column
 * (`ll_to_earth(latitude, longitude)::cube`) with a partial GiST index over the rows that may be listed:
 *
 *   index('deals_live_earth_idx').using('gist', t.earth).where(sql`${t.live}`)
 *
 * A nearest-first page is then `ORDER BY earth <-> point LIMIT offset + size`: the index hands rows out nearest first
 * (KNN), so a page costs the same at 100 rows or 100,000 whatever the radius, and the radius is applied to the few rows
 * the limit kept. Do not add `earth_box(…) @> earth` to such a query: the planner then prefers a bitmap scan of the
 * whole box and a sort (217 ms instead of 0.15 ms at 20,000 vendors); the box is for filtered or counted queries,
 * which must stop at the radius. The point is computed here and sent as one `cube` parameter, so a prepared statement's
 * generic plan does not compute it again per row.
 */

/** earthdistance's earth radius, `earth()`, in metres. */
export const EARTH_RADIUS_M = 6_378_168;

/**
 * The point as `ll_to_earth(lat, lng)` makes it, as cube text: a parameter for `$n::cube` (a `<->` distance) or
 * `$n::earth` (an earth_box centre).
 */
export function earthPoint(lat: number, lng: number): string {
  const [x, y, z] = earthXyz(lat, lng);
  return `(${x}, ${y}, ${z})`;
}

/** The point `ll_to_earth(lat, lng)` makes, as its three coordinates in metres. */
export function earthXyz(lat: number, lng: number): [number, number, number] {
  const φ = (lat * Math.PI) / 180;
  const λ = (lng * Math.PI) / 180;
  return [EARTH_RADIUS_M * Math.cos(φ) * Math.cos(λ), EARTH_RADIUS_M * Math.cos(φ) * Math.sin(λ), EARTH_RADIUS_M * Math.sin(φ)];
}

/** The chord metres between two such points: what `<->` measures between two earth cubes, without asking the database. */
export function chordBetween(a: [number, number, number], b: [number, number, number]): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

/** Great-circle metres to the straight-line (chord) metres that `<->` measures: what earthdistance's gc_to_sec does. */
export const chordOf = (greatCircleM: number) => 2 * EARTH_RADIUS_M * Math.sin(Math.min(greatCircleM / (2 * EARTH_RADIUS_M), Math.PI / 2));

/** Chord metres back to great-circle metres (sec_to_gc), what a person is shown. */
export const greatCircleM = (chordM: number) => 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, chordM / (2 * EARTH_RADIUS_M)));

/** Chord metres to kilometres along the surface, to the metre: the `distance_km` of every card. */
export const distanceKm = (chordM: number) => Math.round(greatCircleM(chordM)) / 1000;

/** The chord distance in metres from a stored earth column to the point (a placeholder or value of cube text). */
export function chordTo(earth: AnyColumn | SQLWrapper, point: SQLWrapper | string): SQL<number> {
  return sql<number>`(${earth} <-> ${point}::cube)`;
}

/**
 * The rows whose point lies in the cube around the point that holds the circle of the radius: what the GiST index
 * answers for a bounded scan. The box is a little larger than the circle, so compare `chordTo` with `chordOf(radius)`
 * after it.
 */
export function inBoxAround(earth: AnyColumn | SQLWrapper, point: SQLWrapper | string, radiusM: SQLWrapper | number): SQL<boolean> {
  return sql<boolean>`(earth_box(${point}::earth, ${radiusM}::float8) @> ${earth})`;
}

/**
 * How many rows of `table` matching `where` lie within the radius of the point, counted up to `cap` and no further:
 * the GiST index's scan of the cube around the circle (`inBoxAround`), each row's chord compared with `chordM`, stops
 * at the cap, so the count is exact below it. Not the KNN walk of the nearest `cap` (which keeps them in distance
 * order for nothing, and walks past the radius where it holds fewer than `cap`): 2,000 against 730 counts a second
 * near New York at scale (bench/RESULTS.md). The box's selectivity is a constant guess of the cube's operators, so the
 * planner takes an index scan that stops, never a bitmap of the whole box (77,566 deals near New York: 12 ms).
 */
export function cappedCountWithin(
  db: Db,
  table: PgTable,
  earth: AnyColumn,
  where: SQL | undefined,
  at: { point: SQLWrapper; radiusM: SQLWrapper; chordM: SQLWrapper },
  cap: number,
) {
  const within = db
    .select({ one: sql`1`.as('one') })
    .from(table)
    .where(and(inBoxAround(earth, at.point, at.radiusM), lte(chordTo(earth, at.point), at.chordM), where))
    .limit(literalLimit(cap))
    .as('within');
  return db.select({ n: count() }).from(within);
}
