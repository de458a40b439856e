import { and, asc, desc, eq, exists, isNull, sql, type SQL } from 'drizzle-orm';
import type { VendorCard } from '@localloop/contract';
import type { Db, Tx } from '../../db/client.ts';
import { favoriteVendors, media, users, vendorAddresses, vendors } from '../../db/schema.ts';
import { ratingAverage } from '../vendors/index.ts';

/**
 * Listed on the marketplace: approved, not suspended, and the owner's account still active.
 * Every query that uses it joins `users` on the vendor's owner.
 */
export const isListed = and(eq(vendors.isApproved, true), eq(vendors.isSuspended, false), eq(users.isActive, true), isNull(users.deletedAt));

/** earthdistance's earth radius, `earth()`, in metres. */
const EARTH_RADIUS_M = 6_378_168;

/** A point on the earth as the GiST index `vendor_addresses_earth_idx` stores it. */
const addressPoint = sql`ll_to_earth(${vendorAddresses.latitude}, ${vendorAddresses.longitude})`;
const earthPoint = (lat: number, lng: number) => sql`ll_to_earth(${lat}::float8, ${lng}::float8)`;

/**
 * The same point computed row by row as ll_to_earth does, spelt out on cube's C functions. ll_to_earth is a STRICT
 * SQL function ending in a domain cast, which keeps the planner from inlining it: each call goes through the SQL
 * function executor, about 4 µs, and made the distance filter cost 6 times the index scan (bench: directory.bench.ts).
 */
const addressCube = sql`cube(cube(cube(earth() * cos(radians(${vendorAddresses.latitude})) * cos(radians(${vendorAddresses.longitude}))),
  earth() * cos(radians(${vendorAddresses.latitude})) * sin(radians(${vendorAddresses.longitude}))), earth() * sin(radians(${vendorAddresses.latitude})))`;

/**
 * The straight-line (chord) distance in metres through the earth from the point to each address: cheap to compute
 * and in the same order as the great-circle distance, which `greatCircleM` derives from it.
 */
export const chordFrom = (lat: number, lng: number) => sql<number>`cube_distance(${earthPoint(lat, lng)}, ${addressCube})`;

/** What earthdistance's gc_to_sec and sec_to_gc compute: great-circle metres to chord metres and back. */
const chordOf = (greatCircleM: number) => 2 * EARTH_RADIUS_M * Math.sin(Math.min(greatCircleM / (2 * EARTH_RADIUS_M), Math.PI / 2));
export const greatCircleM = (chordM: number) => 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, chordM / (2 * EARTH_RADIUS_M)));

/**
 * Addresses within `radiusM` metres (great circle) of the point. The cube test (`earth_box @>`) is what the GiST
 * index answers; the box is a little larger than the circle, so the exact distance filters after it.
 */
export function withinRadius(lat: number, lng: number, radiusM: number): SQL {
  return sql`earth_box(${earthPoint(lat, lng)}, ${radiusM}::float8) @> ${addressPoint} AND ${chordFrom(lat, lng)} <= ${chordOf(radiusM)}::float8`;
}

/** Average stars, null while nobody has rated. */
export const ratingAvgSql = sql<number | null>`(${vendors.ratingSum}::float8 / NULLIF(${vendors.ratingCount}, 0))`;

export const favoritesCountSql = sql<number>`(SELECT count(*)::int FROM ${favoriteVendors} WHERE ${favoriteVendors.vendorId} = ${vendors.id})`;

/** Whether the caller has the vendor among their favorites; always false for a visitor. */
export function isFavoriteOf(db: Db | Tx, callerId: string | null): SQL<boolean> {
  if (!callerId) return sql<boolean>`false`;
  return exists(
    db
      .select({ one: sql`1` })
      .from(favoriteVendors)
      .where(and(eq(favoriteVendors.vendorId, vendors.id), eq(favoriteVendors.userId, callerId))),
  ) as SQL<boolean>;
}

/** The vendor columns a card needs; select from `vendors` joined to `users` (owner) and left-joined to `media` (logo). */
export function cardColumns(db: Db | Tx, callerId: string | null) {
  return {
    id: vendors.id,
    userId: vendors.userId,
    businessName: vendors.businessName,
    category: vendors.category,
    description: vendors.description,
    logoKey: media.storageKey,
    logoThumbnailKey: media.thumbnailKey,
    ratingSum: vendors.ratingSum,
    ratingCount: vendors.ratingCount,
    isFavorite: isFavoriteOf(db, callerId),
  };
}

export type CardRow = {
  id: string;
  userId: string;
  businessName: string;
  category: string | null;
  description: string | null;
  logoKey: string | null;
  logoThumbnailKey: string | null;
  ratingSum: number;
  ratingCount: number;
  isFavorite: boolean;
};

export type MediaUrl = (key: string) => string;

export function toCard(
  row: CardRow,
  extra: { chordM: number | null; city: string | null; state: string | null },
  mediaUrl: MediaUrl,
): VendorCard {
  return {
    id: row.id,
    user_id: row.userId,
    business_name: row.businessName,
    category: row.category ?? '',
    description: row.description ?? '',
    logo: row.logoKey ? mediaUrl(row.logoKey) : null,
    logo_thumbnail: row.logoThumbnailKey ? mediaUrl(row.logoThumbnailKey) : null,
    rating_avg: ratingAverage(row),
    rating_count: row.ratingCount,
    distance_km: extra.chordM === null ? null : Math.round(greatCircleM(extra.chordM)) / 1000,
    city: extra.city,
    state: extra.state,
    is_favorite: Boolean(row.isFavorite),
  };
}

/** The vendor's addresses, primary first; each with its chord distance from the point when one is given. */
export async function addressesOf(db: Db | Tx, vendorId: string, from: { lat: number; lng: number } | null) {
  return db
    .select({ address: vendorAddresses, chordM: from ? chordFrom(from.lat, from.lng) : sql<null>`NULL::float8` })
    .from(vendorAddresses)
    .where(eq(vendorAddresses.vendorId, vendorId))
    .orderBy(desc(vendorAddresses.isPrimary), asc(vendorAddresses.createdAt), asc(vendorAddresses.id));
}
