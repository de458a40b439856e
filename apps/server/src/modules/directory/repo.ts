import { and, eq, exists, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { VendorCard } from '@localloop/contract';
import type { Db, Tx } from '../../db/client.ts';
import { favoriteVendors, media, vendors } from '../../db/schema.ts';
import { distanceKm } from '../../lib/geo-sql.ts';
import { ratingAverage } from '../vendors/index.ts';

/**
 * Listed on the marketplace: approved, not suspended, and the owner's account active. The database keeps the flag
 * (triggers of migration 0008), on the vendor and copied to each of its addresses. Written as the bare column, never
 * `= true`: Drizzle would send `true` as a parameter, and a generic plan could not use the partial index `WHERE listed`.
 */
export const isListed = sql`${vendors.listed}`;

/** Average stars, null while nobody has rated. */
export const ratingAvgSql = sql<number | null>`(${vendors.ratingSum}::float8 / NULLIF(${vendors.ratingCount}, 0))`;

export const favoritesCountSql = sql<number>`(SELECT count(*)::int FROM ${favoriteVendors} WHERE ${favoriteVendors.vendorId} = ${vendors.id})`;

/** Whether the caller (an id, or a placeholder in a prepared statement) has the vendor among their favorites; false for a visitor. */
export function isFavoriteOf(db: Db | Tx, callerId: string | Placeholder | null): SQL<boolean> {
  if (!callerId) return sql<boolean>`false`;
  return exists(
    db
      .select({ one: sql`1` })
      .from(favoriteVendors)
      .where(and(eq(favoriteVendors.vendorId, vendors.id), eq(favoriteVendors.userId, callerId))),
  ) as SQL<boolean>;
}

/** The vendor columns a card needs; select from `vendors` left-joined to `media` (logo). */
export function cardColumns(db: Db | Tx, callerId: string | Placeholder | null) {
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
    distance_km: extra.chordM === null ? null : distanceKm(extra.chordM),
    city: extra.city,
    state: extra.state,
    is_favorite: Boolean(row.isFavorite),
  };
}
