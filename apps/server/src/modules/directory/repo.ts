import { and, asc, desc, eq, exists, isNull, sql, type SQL } from 'drizzle-orm';
import type { VendorCard } from '@localloop/contract';
import type { Db, Tx } from '../../db/client.ts';
import { favoriteVendors, media, users, vendorAddresses, vendors } from '../../db/schema.ts';
import { ratingAverage } from '../vendors/profile.ts';

/**
 * Listed on the marketplace: approved, not suspended, and the owner's account still active.
 * Every query that uses it joins `users` on the vendor's owner.
 */
export const isListed = and(eq(vendors.isApproved, true), eq(vendors.isSuspended, false), eq(users.isActive, true), isNull(users.deletedAt));

/** A point on the earth as the GiST index `vendor_addresses_earth_idx` stores it. */
export const addressPoint = sql`ll_to_earth(${vendorAddresses.latitude}, ${vendorAddresses.longitude})`;
export const earthPoint = (lat: number, lng: number) => sql`ll_to_earth(${lat}::float8, ${lng}::float8)`;

/**
 * Addresses within `radiusM` metres of the point. The cube test (`earth_box @>`) is what the GiST index answers;
 * the box is a little larger than the circle, so the exact great-circle distance filters after it.
 */
export function withinRadius(lat: number, lng: number, radiusM: number): SQL {
  const origin = earthPoint(lat, lng);
  return sql`earth_box(${origin}, ${radiusM}::float8) @> ${addressPoint} AND earth_distance(${origin}, ${addressPoint}) <= ${radiusM}::float8`;
}

export const distanceFrom = (lat: number, lng: number) => sql<number>`earth_distance(${earthPoint(lat, lng)}, ${addressPoint})`;

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
  extra: { distanceM: number | null; city: string | null; state: string | null },
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
    distance_km: extra.distanceM === null ? null : Math.round(extra.distanceM) / 1000,
    city: extra.city,
    state: extra.state,
    is_favorite: Boolean(row.isFavorite),
  };
}

/** The vendor's addresses, primary first; each with its distance from the point when one is given. */
export async function addressesOf(db: Db | Tx, vendorId: string, from: { lat: number; lng: number } | null) {
  return db
    .select({ address: vendorAddresses, distanceM: from ? distanceFrom(from.lat, from.lng) : sql<null>`NULL::float8` })
    .from(vendorAddresses)
    .where(eq(vendorAddresses.vendorId, vendorId))
    .orderBy(desc(vendorAddresses.isPrimary), asc(vendorAddresses.createdAt), asc(vendorAddresses.id));
}
