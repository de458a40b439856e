import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  FavoriteResponse,
  RateVendorInput,
  RateVendorResponse,
  VendorCard,
  VendorPublic,
  VendorRating,
  VendorRatingsResponse,
} from '@localloop/contract';
import type { Db, Tx } from '../../db/client.ts';
import { alias } from 'drizzle-orm/pg-core';
import { favoriteVendors, media, users, vendorAddresses, vendorHours, vendorPhotos, vendorRatings, vendors } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { chordTo, earthPoint } from '../../lib/geo-sql.ts';
import { prepared } from '../../lib/prepared.ts';
import { isOperator } from '../users/index.ts';
import { notify } from '../notifications/index.ts';
import { formatMinutes, ratingAverage, toVendorAddress } from '../vendors/index.ts';
import { toResponsiveImage, type StoredImage } from '../uploads/index.ts';
import { cardColumns, favoritesCountSql, imageJson, isListed, toCard, type MediaUrl } from './repo.ts';

export type DirectoryDeps = { db: Db; clock: Clock; mediaUrl: MediaUrl };

/** Whether the caller may see an unlisted vendor anyway: its owner, or an operator. */
async function seesUnlisted(db: Db | Tx, callerId: string | null, ownerId: string): Promise<boolean> {
  if (!callerId) return false;
  return callerId === ownerId || isOperator(db, callerId);
}

const p = (name: string) => sql.placeholder(name);

const publicColumns = (db: Db, signedIn: boolean) => ({
  ...cardColumns(db, signedIn ? p('caller') : null),
  contactEmail: vendors.contactEmail,
  contactPhone: vendors.contactPhone,
  timeZone: vendors.timeZone,
  favoritesCount: favoritesCountSql,
  listed: vendors.listed,
});
type PageAddress = Parameters<typeof toVendorAddress>[0] & { chordM: number | null };
type PagePhoto = { id: string; caption: string; image: StoredImage };

const photoMedia = alias(media, 'photo_media');

/** The vendor's photos in its order (the first is the cover), as JSON beside the vendor's row. */
function photosOf(db: Db) {
  const photos = db
    .select({
      list: sql`coalesce(json_agg(json_build_object('id', ${vendorPhotos.id}, 'caption', ${vendorPhotos.caption}, 'image', ${imageJson(photoMedia)})
        ORDER BY ${vendorPhotos.position}), '[]'::json)`,
    })
    .from(vendorPhotos)
    .innerJoin(photoMedia, eq(photoMedia.id, vendorPhotos.mediaId))
    .where(eq(vendorPhotos.vendorId, vendors.id));
  return sql<PagePhoto[]>`(${photos})`;
}

/**
 * The vendor's addresses (primary first, each with its distance from the point when there is one) and opening hours,
 * as JSON beside the vendor's row: the whole page in one statement, one round trip.
 */
function addressesAndHours(withPoint: boolean) {
  const a = vendorAddresses;
  const h = vendorHours;
  const chord = withPoint ? chordTo(a.earth, p('point')) : sql`NULL::float8`;
  return {
    addresses: sql<PageAddress[]>`(SELECT coalesce(json_agg(json_build_object(
        'id', ${a.id}, 'vendorId', ${a.vendorId}, 'label', ${a.label}, 'line1', ${a.line1}, 'line2', ${a.line2},
        'city', ${a.city}, 'state', ${a.state}, 'postalCode', ${a.postalCode}, 'country', ${a.country},
        'latitude', ${a.latitude}, 'longitude', ${a.longitude}, 'isPrimary', ${a.isPrimary}, 'timeZone', ${a.timeZone}, 'chordM', ${chord})
        ORDER BY ${a.isPrimary} DESC, ${a.createdAt}, ${a.id}), '[]'::json)
      FROM ${a} WHERE ${a.vendorId} = ${vendors.id})`,
    hours: sql<[number, number, number][]>`(SELECT coalesce(json_agg(json_build_array(${h.weekday}, ${h.opensMinute}, ${h.closesMinute})
        ORDER BY ${h.weekday}, ${h.opensMinute}), '[]'::json)
      FROM ${h} WHERE ${h.vendorId} = ${vendors.id})`,
  };
}

const publicPage = (signedIn: boolean, withPoint: boolean) =>
  prepared(`directory_public${signedIn ? '_caller' : ''}${withPoint ? '_point' : ''}`, (db) =>
    db
      .select({ ...publicColumns(db, signedIn), ...addressesAndHours(withPoint), photos: photosOf(db) })
      .from(vendors)
      .leftJoin(media, eq(media.id, vendors.logoId))
      .where(eq(vendors.userId, p('user'))),
  );
const publicPageStatements = [publicPage(false, false), publicPage(false, true), publicPage(true, false), publicPage(true, true)] as const;

/**
 * The public page (by the vendor's user id). Unlisted vendors (not approved, suspended, closed account)
 * answer 404 to everyone but their owner, who previews the page, and operators.
 */
export async function publicVendor(
  deps: DirectoryDeps,
  callerId: string | null,
  vendorUserId: string,
  point: { lat?: number | undefined; lng?: number | undefined },
): Promise<VendorPublic> {
  const { db } = deps;
  const from = point.lat !== undefined && point.lng !== undefined ? earthPoint(point.lat, point.lng) : null;
  const statement = publicPageStatements[(callerId ? 2 : 0) + (from ? 1 : 0)];
  const [row] = (await statement?.(db).execute({ user: vendorUserId, caller: callerId, point: from })) ?? [];
  if (!row || (!row.listed && !(await seesUnlisted(db, callerId, row.userId)))) throw AppError.notFound('That vendor');

  const { addresses } = row;
  // The card's place: the nearest address when asked from a point, else the primary one.
  const shown = from ? [...addresses].sort((a, b) => (a.chordM ?? 0) - (b.chordM ?? 0))[0] : addresses[0];
  return {
    ...toCard(
      row,
      { chordM: shown?.chordM ?? null, city: shown?.city ?? null, state: shown?.state ?? null, latitude: shown?.latitude ?? null, longitude: shown?.longitude ?? null },
      deps.mediaUrl,
    ),
    contact_email: row.contactEmail,
    contact_phone: row.contactPhone,
    favorites_count: row.favoritesCount,
    service_time: {
      time_zone: row.timeZone,
      hours: row.hours.map(([weekday, opens, closes]) => ({ weekday, opens: formatMinutes(opens), closes: formatMinutes(closes) })),
    },
    addresses: addresses.map(toVendorAddress),
    photos: row.photos.map((photo) => ({ id: photo.id, caption: photo.caption, image: toResponsiveImage(photo.image, deps.mediaUrl) })),
  };
}

/** A vendor by id that the caller may see: listed, or theirs, or any for an operator; else 404. */
async function visibleVendor(db: Db | Tx, callerId: string | null, vendorId: string) {
  const [row] = await db
    .select({ id: vendors.id, userId: vendors.userId, listed: vendors.listed })
    .from(vendors)
    .where(eq(vendors.id, vendorId));
  if (!row || (!row.listed && !(await seesUnlisted(db, callerId, row.userId)))) throw AppError.notFound('That vendor');
  return row;
}

const raterColumns = {
  rating: vendorRatings,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
  imageKey: media.thumbnailKey,
};

type RaterRow = {
  rating: typeof vendorRatings.$inferSelect;
  firstName: string;
  lastName: string;
  username: string | null;
  imageKey: string | null;
};

function raterName(r: Pick<RaterRow, 'firstName' | 'lastName' | 'username'>): string {
  return `${r.firstName} ${r.lastName}`.trim() || r.username || 'LocalLoop member';
}

function toRating(r: RaterRow, mediaUrl: MediaUrl): VendorRating {
  return {
    id: r.rating.id,
    vendor_id: r.rating.vendorId,
    rating: r.rating.rating,
    comment: r.rating.comment,
    user: { id: r.rating.userId, name: raterName(r), image: r.imageKey ? mediaUrl(r.imageKey) : null },
    created_at: r.rating.createdAt.toISOString(),
    updated_at: r.rating.updatedAt.toISOString(),
  };
}

function ratingsWithRaters(db: Db | Tx) {
  return db
    .select(raterColumns)
    .from(vendorRatings)
    .innerJoin(users, eq(users.id, vendorRatings.userId))
    .leftJoin(media, eq(media.id, users.profileImageId));
}

/** A vendor's ratings, the most recently written first; `mine` is the caller's own, whichever page it is on. */
export async function listRatings(
  deps: DirectoryDeps,
  callerId: string | null,
  vendorId: string,
  page: number,
  pageSize: number,
): Promise<VendorRatingsResponse> {
  const { db } = deps;
  await visibleVendor(db, callerId, vendorId);
  const [rows, byStars, mine] = await Promise.all([
    ratingsWithRaters(db)
      .where(eq(vendorRatings.vendorId, vendorId))
      .orderBy(desc(vendorRatings.updatedAt), desc(vendorRatings.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ stars: vendorRatings.rating, n: count() }).from(vendorRatings).where(eq(vendorRatings.vendorId, vendorId)).groupBy(vendorRatings.rating),
    callerId ? ratingsWithRaters(db).where(and(eq(vendorRatings.vendorId, vendorId), eq(vendorRatings.userId, callerId))) : Promise.resolve([]),
  ]);
  const distribution = [5, 4, 3, 2, 1].map((stars) => ({ stars, count: byStars.find((b) => b.stars === stars)?.n ?? 0 }));
  return {
    count: distribution.reduce((sum, d) => sum + d.count, 0),
    page,
    page_size: pageSize,
    results: rows.map((r) => toRating(r, deps.mediaUrl)),
    mine: mine[0] ? toRating(mine[0], deps.mediaUrl) : null,
    distribution,
  };
}

/**
 * Rates a listed vendor, or changes the caller's earlier rating. The vendor row is locked first, so ratings of
 * one vendor take turns: the earlier stars read under the lock are still the stored ones when the figures on
 * the vendor move by the difference, in the same transaction as the rating itself.
 */
export async function rateVendor(deps: DirectoryDeps, callerId: string, input: z.output<typeof RateVendorInput>): Promise<RateVendorResponse> {
  return deps.db.transaction(async (tx) => {
    const [vendor] = await tx
      .select({ id: vendors.id, userId: vendors.userId, businessName: vendors.businessName })
      .from(vendors)
      .where(and(eq(vendors.id, input.vendor_id), isListed))
      .for('no key update', { of: vendors });
    if (!vendor) throw AppError.notFound('That vendor');
    if (vendor.userId === callerId) throw AppError.forbidden('You cannot rate your own business.');

    const [previous] = await tx
      .select({ rating: vendorRatings.rating })
      .from(vendorRatings)
      .where(and(eq(vendorRatings.vendorId, vendor.id), eq(vendorRatings.userId, callerId)));
    const now = deps.clock();
    const [saved] = await tx
      .insert(vendorRatings)
      .values({ vendorId: vendor.id, userId: callerId, rating: input.rating, comment: input.comment, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: [vendorRatings.vendorId, vendorRatings.userId], set: { rating: input.rating, comment: input.comment, updatedAt: now } })
      .returning();
    const [figures] = await tx
      .update(vendors)
      .set({
        ratingSum: sql`${vendors.ratingSum} + ${input.rating - (previous?.rating ?? 0)}`,
        ratingCount: sql`${vendors.ratingCount} + ${previous ? 0 : 1}`,
        // A rating is not an edit of the profile.
        updatedAt: sql`${vendors.updatedAt}`,
      })
      .where(eq(vendors.id, vendor.id))
      .returning({ ratingSum: vendors.ratingSum, ratingCount: vendors.ratingCount });
    const [rater] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName, username: users.username, imageKey: media.thumbnailKey })
      .from(users)
      .leftJoin(media, eq(media.id, users.profileImageId))
      .where(eq(users.id, callerId));
    if (!saved || !figures || !rater) throw new Error('rating not saved');

    const stars = `${input.rating} star${input.rating === 1 ? '' : 's'}`;
    await notify(tx, vendor.userId, {
      title: previous ? `${raterName(rater)} changed their rating to ${stars}` : `${raterName(rater)} rated you ${stars}`,
      body: input.comment || `${vendor.businessName} now has ${figures.ratingCount} rating${figures.ratingCount === 1 ? '' : 's'}.`,
      type: 'vendor_rated',
      data: { vendor_id: vendor.id, rating_id: saved.id, rating: input.rating },
      // The shop's public page, with this rating among the others; it is keyed by the owner's account.
      target: { kind: 'vendor_page', user_id: vendor.userId },
    });
    return {
      rating: toRating({ rating: saved, ...rater }, deps.mediaUrl),
      rating_avg: ratingAverage(figures) ?? 0,
      rating_count: figures.ratingCount,
    };
  });
}

async function favoritesCount(db: Db | Tx, vendorId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(favoriteVendors).where(eq(favoriteVendors.vendorId, vendorId));
  return row?.n ?? 0;
}

/**
 * Adds a listed vendor to the caller's favorites, or takes it off if it is there (taking off works even once the
 * vendor is no longer listed). Not one's own business: its favorites count is what others think of it.
 */
export async function toggleFavorite(deps: DirectoryDeps, callerId: string, vendorId: string): Promise<FavoriteResponse> {
  return deps.db.transaction(async (tx) => {
    const removed = await tx
      .delete(favoriteVendors)
      .where(and(eq(favoriteVendors.userId, callerId), eq(favoriteVendors.vendorId, vendorId)))
      .returning({ vendorId: favoriteVendors.vendorId });
    if (removed.length > 0) return { is_favorite: false, favorites_count: await favoritesCount(tx, vendorId) };

    const [vendor] = await tx
      .select({ userId: vendors.userId })
      .from(vendors)
      .where(and(eq(vendors.id, vendorId), isListed));
    if (!vendor) throw AppError.notFound('That vendor');
    if (vendor.userId === callerId) throw AppError.forbidden('You cannot add your own business to your favorites.');
    await tx.insert(favoriteVendors).values({ userId: callerId, vendorId, createdAt: deps.clock() }).onConflictDoNothing();
    return { is_favorite: true, favorites_count: await favoritesCount(tx, vendorId) };
  });
}

/** The primary (else the first) address's column, for cards shown without a location. */
const primaryAddress = <T extends string | number>(column: 'city' | 'state' | 'latitude' | 'longitude') =>
  sql<T | null>`(SELECT ${sql.identifier(column)} FROM ${vendorAddresses} a WHERE a.vendor_id = ${vendors.id} ORDER BY a.is_primary DESC, a.created_at, a.id LIMIT 1)`;

/** The caller's favorite vendors that are listed, the most recently added first. */
export async function listFavorites(deps: DirectoryDeps, callerId: string): Promise<VendorCard[]> {
  const { db } = deps;
  const rows = await db
    .select({
      ...cardColumns(db, callerId),
      city: primaryAddress<string>('city'),
      state: primaryAddress<string>('state'),
      latitude: primaryAddress<number>('latitude'),
      longitude: primaryAddress<number>('longitude'),
    })
    .from(favoriteVendors)
    .innerJoin(vendors, eq(vendors.id, favoriteVendors.vendorId))
    .leftJoin(media, eq(media.id, vendors.logoId))
    .where(and(eq(favoriteVendors.userId, callerId), isListed))
    .orderBy(desc(favoriteVendors.createdAt), asc(vendors.id));
  return rows.map((r) => toCard(r, { chordM: null, city: r.city, state: r.state, latitude: r.latitude, longitude: r.longitude }, deps.mediaUrl));
}
