import { and, asc, eq, exists, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { VendorCard } from '@localloop/contract';
import type { Db, Tx } from '../../db/client.ts';
import { favoriteVendors, media, vendorPhotos, vendors, type MediaVariant } from '../../db/schema.ts';
import { distanceKm } from '../../lib/geo-sql.ts';
import { literalLimit } from '../../lib/prepared.ts';
import { toResponsiveImage, type StoredImage } from '../uploads/index.ts';
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

const coverMedia = alias(media, 'cover_media');

/** The image of a media row as JSON, for subqueries that read images beside a vendor's row. */
export const imageJson = (m: Record<'storageKey' | 'width' | 'height' | 'variants', AnyPgColumn>) =>
  sql`json_build_object('key', ${m.storageKey}, 'width', ${m.width}, 'height', ${m.height}, 'variants', ${m.variants})`;

/**
 * The vendor's cover: its first photo (docs/decisions/0015), one step of the (vendor_id, position) index per vendor.
 * A subquery rather than a join, so a page's plan (the KNN scan) is unchanged.
 */
export function coverImageOf(db: Db | Tx): SQL<StoredImage | null> {
  const first = db
    .select({ image: imageJson(coverMedia) })
    .from(vendorPhotos)
    .innerJoin(coverMedia, eq(coverMedia.id, vendorPhotos.mediaId))
    .where(eq(vendorPhotos.vendorId, vendors.id))
    .orderBy(asc(vendorPhotos.position))
    .limit(literalLimit(1));
  return sql<StoredImage | null>`(${first})`;
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
    logoWidth: media.width,
    logoHeight: media.height,
    logoVariants: media.variants,
    cover: coverImageOf(db),
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
  logoWidth: number | null;
  logoHeight: number | null;
  logoVariants: MediaVariant[] | null;
  cover: StoredImage | null;
  ratingSum: number;
  ratingCount: number;
  isFavorite: boolean;
};

export type MediaUrl = (key: string) => string;

export function toCard(
  row: CardRow,
  extra: { chordM: number | null; city: string | null; state: string | null; latitude: number | null; longitude: number | null },
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
    logo_image:
      row.logoKey && row.logoWidth && row.logoHeight
        ? toResponsiveImage({ key: row.logoKey, width: row.logoWidth, height: row.logoHeight, variants: row.logoVariants ?? [] }, mediaUrl)
        : null,
    cover_image: row.cover ? toResponsiveImage(row.cover, mediaUrl) : null,
    rating_avg: ratingAverage(row),
    rating_count: row.ratingCount,
    distance_km: extra.chordM === null ? null : distanceKm(extra.chordM),
    city: extra.city,
    state: extra.state,
    latitude: extra.latitude,
    longitude: extra.longitude,
    is_favorite: Boolean(row.isFavorite),
  };
}
