import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Deal, DealDetailsQuery, DealInput, MyDealsQuery, MyDealsResponse, MyDealsType } from '@localloop/contract';
import { dealImages, deals, media, purchases, vendorAddresses, vendors } from '../../db/schema.ts';
import type { AnswerCache } from '../../lib/answer-cache.ts';
import { AppError } from '../../lib/errors.ts';
import { batchedReads } from '../../lib/batched-reads.ts';
import { chordBetween, chordTo, distanceKm, earthPoint, earthXyz } from '../../lib/geo-sql.ts';
import { prepared, preparedShapes } from '../../lib/prepared.ts';
import { uuidArray } from '../../lib/uuid.ts';
import { requireOwnImages, type StoredImage } from '../uploads/index.ts';
import { formatAddress, requireApprovedVendor } from '../vendors/index.ts';
import { imagesOf, logo, selectDeals, toDeal, vendorColumns, type DealsDeps, type Reader } from './shared.ts';

const noSuchDeal = () => AppError.notFound('That deal');

/** Units the customer holds of the deal (paid or fulfilled, not refunded), as a subquery of another statement. */
export function heldColumn(dealId: string, customerId: string) {
  return sql<number>`(SELECT coalesce(sum(p.quantity), 0)::int FROM ${purchases} p WHERE p.deal_id = ${dealId} AND p.customer_id = ${customerId} AND p.status <> 'refunded')`;
}

/** The deal's pictures in order, as one JSON array: a subquery, so a deal and its pictures are one statement. */
const picturesJson = sql<{ id: string; key: string; width: number; height: number; variants: StoredImage['variants'] }[]>`(
  SELECT coalesce(json_agg(json_build_object('id', m.id, 'key', m.storage_key, 'width', m.width, 'height', m.height, 'variants', m.variants) ORDER BY di.position), '[]'::json)
  FROM ${dealImages} di JOIN ${media} m ON m.id = di.media_id WHERE di.deal_id = "deals"."id")`;

/** Units a caller holds of the deal, for a signed-in caller's page: heldColumn with the caller as a placeholder. */
const heldByCaller = sql<number>`(SELECT coalesce(sum(p.quantity), 0)::int FROM ${purchases} p
  WHERE p.deal_id = "deals"."id" AND p.customer_id = ${sql.placeholder('caller')} AND p.status <> 'refunded')`;

type DetailsShape = { located: boolean; signedIn: boolean };

/**
 * A deal's page in one prepared statement (the deal, its shop and logo, its pictures, the caller's units, the distance
 * from the asked point), one per shape: the read path's rule for hot reads (lib/prepared.ts).
 */
const detailsStatement = preparedShapes(
  (s: DetailsShape) => `deal_details${s.located ? '_located' : ''}${s.signedIn ? '_caller' : ''}`,
  (db, s: DetailsShape) =>
    db
      .select({
        deal: deals,
        vendor: vendorColumns,
        vendorListed: vendors.listed,
        pictures: picturesJson,
        held: s.signedIn ? heldByCaller : sql<number | null>`NULL::int`,
        chordM: s.located ? chordTo(deals.earth, sql.placeholder('point')) : sql<number | null>`NULL::float8`,
      })
      .from(deals)
      .innerJoin(vendors, eq(vendors.id, deals.vendorId))
      .leftJoin(logo, eq(logo.id, vendors.logoId))
      .where(eq(deals.id, sql.placeholder('id'))),
);

/**
 * The columns of a deal that move after it is made: its stock (every purchase and refund), pause and listing, ratings,
 * and its address (copied from the shop's by a trigger of migration 0015). A signed-in caller's page reads these
 * afresh with the caller's units (callerLiveBatch); the rest of the row is fixed once the deal is made (no endpoint
 * edits a deal) and is kept with its shop and pictures (shopStatement). A column a change may write belongs here.
 */
const movingColumns = {
  quantitySold: deals.quantitySold,
  soldOut: deals.soldOut,
  isPaused: deals.isPaused,
  listed: deals.listed,
  ratingCount: deals.ratingCount,
  ratingSum: deals.ratingSum,
  addressId: deals.addressId,
  addressText: deals.addressText,
  latitude: deals.latitude,
  longitude: deals.longitude,
  updatedAt: deals.updatedAt,
};

/**
 * What a signed-in caller's page of a deal reads afresh, for every page asked at about the same time in one statement
 * (lib/batched-reads.ts): each asked deal's moving columns and the asker's units of it, by the asker's place in the
 * batch (`i`, from 1). Primary-key lookups of deals and index lookups of purchases, one each per asker.
 */
const callerLiveBatch = prepared('deal_details_live', (db) =>
  db
    .select({
      i: sql<number>`q.i::int`,
      ...movingColumns,
      held: sql<number>`(SELECT coalesce(sum(p.quantity), 0)::int FROM ${purchases} p WHERE p.deal_id = ${deals.id} AND p.customer_id = q.caller AND p.status <> 'refunded')`,
    })
    .from(sql`unnest(${sql.placeholder('ids')}::uuid[], ${sql.placeholder('callers')}::uuid[]) WITH ORDINALITY AS q(id, caller, i)`)
    .innerJoin(deals, eq(deals.id, sql`q.id`)),
);

type LiveRow = Omit<Awaited<ReturnType<ReturnType<typeof callerLiveBatch>['execute']>>[number], 'i'>;

const liveReaders = new WeakMap<Reader, (asked: { id: string; caller: string }) => Promise<LiveRow | null>>();

/** The deal's moving columns and the caller's units of it (null: no such deal), batched with the pages asked meanwhile. */
function liveOf(db: DealsDeps['db'], id: string, caller: string): Promise<LiveRow | null> {
  let read = liveReaders.get(db);
  if (!read) {
    read = batchedReads(async (asked: readonly { id: string; caller: string }[]) => {
      const rows = await callerLiveBatch(db).execute({ ids: uuidArray(asked.map((a) => a.id)), callers: uuidArray(asked.map((a) => a.caller)) });
      const byPlace = new Map(rows.map(({ i, ...row }) => [i, row]));
      return asked.map((_, n) => byPlace.get(n + 1) ?? null);
    });
    liveReaders.set(db, read);
  }
  return read({ id, caller });
}

/** A deal's row with its shop (its logo, whether it is listed) and pictures: what a signed-in caller's page keeps. */
const shopStatement = prepared('deal_details_shop', (db) =>
  db
    .select({ deal: deals, vendor: vendorColumns, vendorListed: vendors.listed, pictures: picturesJson })
    .from(deals)
    .innerJoin(vendors, eq(vendors.id, deals.vendorId))
    .leftJoin(logo, eq(logo.id, vendors.logoId))
    .where(eq(deals.id, sql.placeholder('id'))),
);

type ShopRow = Awaited<ReturnType<ReturnType<typeof shopStatement>['execute']>>[number];

/**
 * A deal's row, shop and pictures as kept for its signed-in readers (null: no such deal when read), with its pictures
 * as toDeal takes them.
 */
export type KeptShop = { shop: (Omit<ShopRow, 'pictures'> & { images: { id: string; image: StoredImage }[] }) | null };

function imagesOfRow(pictures: ShopRow['pictures']) {
  return pictures.map((p) => ({ id: p.id, image: { key: p.key, width: p.width, height: p.height, variants: p.variants ?? [] } }));
}

/** One deal for `callerId` (null: a visitor), with its distance from `location` when given. */
export async function loadDeal(deps: DealsDeps, id: string, callerId: string | null, location?: { lat: number; lng: number }): Promise<Deal | null> {
  const shape = { located: location !== undefined, signedIn: callerId !== null };
  const [row] = await detailsStatement(shape)(deps.db).execute({ id, caller: callerId, point: location ? earthPoint(location.lat, location.lng) : null });
  if (!row) return null;
  const isOwner = callerId !== null && row.vendor.userId === callerId;
  // A deal not on show (its shop not listed) is its owner's to read, no one else's.
  if (!isOwner && !row.vendorListed) return null;
  const myQuantity = callerId && !isOwner ? (row.held ?? 0) : null;
  return toDeal(row, imagesOfRow(row.pictures), { distanceKm: row.chordM === null ? null : distanceKm(row.chordM), myQuantity, isOwner }, deps, deps.clock());
}

/**
 * A deal's page for a signed-in caller who may not own it: the deal's row and the caller's units read afresh, its shop
 * and pictures from `shops` (kept for everyone who reads the deal signed in; a shop renamed or unlisted shows for at
 * most the kept time, as visitors' pages do). The shop's owner reads all afresh (loadDeal), as before.
 */
async function callerDealPage(deps: DealsDeps, shops: AnswerCache<KeptShop>, id: string, callerId: string, location?: { lat: number; lng: number }): Promise<Deal | null> {
  const readShop = async (): Promise<KeptShop> => {
    const [row] = await shopStatement(deps.db).execute({ id });
    if (!row) return { shop: null };
    const { pictures, ...rest } = row;
    return { shop: { ...rest, images: imagesOfRow(pictures) } };
  };
  // Both at once: two pooled connections, one round trip's wait.
  const [live, { shop }] = await Promise.all([liveOf(deps.db, id, callerId), shops.get(id, readShop)]);
  if (!live) return null;
  // Kept as missing a moment before the deal was made, or the caller owns the shop: all afresh.
  if (!shop || shop.vendor.userId === callerId) return loadDeal(deps, id, callerId, location);
  if (!shop.vendorListed) return null;
  const { held, ...moving } = live;
  // The distance as `<->` measures it in loadDeal: the straight line between the two points on earthdistance's sphere.
  const chordM = location ? chordBetween(earthXyz(moving.latitude, moving.longitude), earthXyz(location.lat, location.lng)) : null;
  return toDeal({ deal: { ...shop.deal, ...moving }, vendor: shop.vendor }, shop.images, { distanceKm: chordM === null ? null : distanceKm(chordM), myQuantity: held, isOwner: false }, deps, deps.clock());
}

export async function dealDetails(deps: DealsDeps, callerId: string | null, id: string, query: z.output<typeof DealDetailsQuery>): Promise<Deal> {
  const deal = callerId !== null && deps.shops ? await callerDealPage(deps, deps.shops, id, callerId, query.location) : await loadDeal(deps, id, callerId, query.location);
  if (!deal) throw noSuchDeal();
  return deal;
}

export async function createDeal(deps: DealsDeps, userId: string, input: z.output<typeof DealInput>): Promise<Deal> {
  const now = deps.clock();
  if (Date.parse(input.ends_at) <= now.getTime()) {
    throw new AppError('VALIDATION_FAILED', 'The deal would have ended already.', { ends_at: 'Choose an end still to come.' });
  }
  const id = await deps.db.transaction(async (tx) => {
    // Locked: a suspension cannot slip in between the check and the deal.
    const vendor = await requireApprovedVendor(tx, userId, { lock: true });
    const [address] = await tx
      .select()
      .from(vendorAddresses)
      .where(and(eq(vendorAddresses.id, input.address_id), eq(vendorAddresses.vendorId, vendor.id)));
    if (!address) throw new AppError('ADDRESS_NOT_FOUND', 'Choose one of your addresses for the redemption.', { address_id: 'Choose one of your addresses.' });
    await requireOwnImages(tx, userId, input.image_ids, 'image_ids');
    const [row] = await tx
      .insert(deals)
      .values({
        vendorId: vendor.id,
        title: input.title,
        description: input.description,
        category: input.category,
        terms: input.terms,
        originalPriceCents: input.original_price.amount_cents,
        dealPriceCents: input.deal_price.amount_cents,
        currency: input.deal_price.currency,
        quantityTotal: input.quantity_available,
        perCustomerLimit: input.per_customer_limit,
        startsAt: new Date(input.starts_at),
        endsAt: new Date(input.ends_at),
        addressId: address.id,
        addressText: formatAddress(address),
        city: address.city,
        latitude: address.latitude,
        longitude: address.longitude,
      })
      .returning({ id: deals.id });
    if (!row) throw new Error('the deal was not written');
    if (input.image_ids.length > 0) await tx.insert(dealImages).values(input.image_ids.map((mediaId, position) => ({ dealId: row.id, mediaId, position })));
    return row.id;
  });
  const deal = await loadDeal(deps, id, userId);
  if (!deal) throw noSuchDeal();
  return deal;
}

/** The caller's own deal, locked for a change; another shop's answers 404. */
async function ownDeal(tx: Reader, userId: string, id: string) {
  const [row] = await tx
    .select({ id: deals.id })
    .from(deals)
    .innerJoin(vendors, eq(vendors.id, deals.vendorId))
    .where(and(eq(deals.id, id), eq(vendors.userId, userId)))
    .for('update', { of: deals });
  if (!row) throw noSuchDeal();
  return row;
}

export async function pauseDeal(deps: DealsDeps, userId: string, id: string, paused: boolean): Promise<Deal> {
  await deps.db.transaction(async (tx) => {
    await ownDeal(tx, userId, id);
    await tx.update(deals).set({ isPaused: paused }).where(eq(deals.id, id));
  });
  const deal = await loadDeal(deps, id, userId);
  if (!deal) throw noSuchDeal();
  return deal;
}

/** The SQL of each MyDeals type at `now`, in the order stateOf (shared.ts) decides a deal's state. */
function typeFilter(type: MyDealsType, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  const ended = sql`${deals.endsAt} <= ${at}`;
  switch (type) {
    case 'expired':
      return ended;
    case 'sold-out':
      return sql`NOT (${ended}) AND ${deals.soldOut}`;
    case 'paused':
      return sql`NOT (${ended}) AND NOT ${deals.soldOut} AND NOT ${deals.listed}`;
    case 'upcoming':
      return sql`NOT (${ended}) AND NOT ${deals.soldOut} AND ${deals.listed} AND ${deals.startsAt} > ${at}`;
    case 'active':
      return sql`NOT (${ended}) AND NOT ${deals.soldOut} AND ${deals.listed} AND ${deals.startsAt} <= ${at}`;
  }
}

const myDealsTypes: MyDealsType[] = ['active', 'upcoming', 'expired', 'sold-out', 'paused'];

/** The deals of the caller's shop, named by its vendor id: another shop's id answers 404. */
export async function myDeals(deps: DealsDeps, userId: string, vendorId: string, query: z.output<typeof MyDealsQuery>): Promise<MyDealsResponse> {
  const [vendor] = await deps.db.select({ id: vendors.id }).from(vendors).where(and(eq(vendors.id, vendorId), eq(vendors.userId, userId)));
  if (!vendor) throw AppError.notFound('That shop');
  const now = deps.clock();
  const mine = eq(deals.vendorId, vendor.id);
  const [counted] = await deps.db
    .select({
      all: count(),
      ...Object.fromEntries(myDealsTypes.map((t) => [t, sql<number>`(count(*) FILTER (WHERE ${typeFilter(t, now)}))::int`])),
    })
    .from(deals)
    .where(mine);
  const rows = await selectDeals(deps.db)
    .where(and(mine, query.type ? typeFilter(query.type, now) : undefined))
    .orderBy(desc(deals.createdAt), desc(deals.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  const images = await imagesOf(
    deps.db,
    rows.map((r) => r.deal.id),
  );
  const counts = counted as unknown as MyDealsResponse['counts'];
  return {
    count: query.type ? counts[query.type] : counts.all,
    page: query.page,
    page_size: query.page_size,
    results: rows.map((r) => toDeal(r, images.get(r.deal.id) ?? [], { distanceKm: null, myQuantity: null, isOwner: true }, deps, now)),
    counts: {
      all: counts.all,
      active: counts.active,
      upcoming: counts.upcoming,
      expired: counts.expired,
      'sold-out': counts['sold-out'],
      paused: counts.paused,
    },
  };
}
