import { createHmac, timingSafeEqual } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Currency, Deal, DealState, QrPayload } from '@localloop/contract';
import type { Db, Tx } from '../../db/client.ts';
import { dealImages, deals, media, vendors } from '../../db/schema.ts';
import type { AnswerCache } from '../../lib/answer-cache.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PaymentProvider } from '../../lib/payments.ts';
import { literalLimit } from '../../lib/prepared.ts';
import { toResponsiveImage, type StoredImage } from '../uploads/index.ts';
import type { KeptShop } from './catalogue.ts';

export type DealsDeps = {
  db: Db;
  clock: Clock;
  mediaUrl: (key: string) => string;
  /** For the QR codes' signatures (QR_SIGNING_SECRET). */
  qrSecret: string;
  payments: PaymentProvider;
  /**
   * Deals' shops and pictures, kept for their signed-in readers (catalogue.ts); absent, every page is one statement
   * read afresh.
   */
  shops?: AnswerCache<KeptShop>;
};

export type Reader = Db | Tx;
export type DealRow = typeof deals.$inferSelect;

export const iso = (d: Date) => d.toISOString();
export const money = (amountCents: number, currency: string) => ({ amount_cents: amountCents, currency: currency as Currency });

/** Whole percent off, rounded down: a deal never claims more than it gives. */
export const discountPercent = (original: number, price: number) => (original > 0 ? Math.floor(((original - price) * 100) / original) : 0);

export const ratingAvg = (sum: number, count: number) => (count > 0 ? Math.round((sum / count) * 10) / 10 : null);

export const remainingOf = (d: Pick<DealRow, 'quantityTotal' | 'quantitySold'>) => (d.quantityTotal === null ? null : Math.max(0, d.quantityTotal - d.quantitySold));

/**
 * Where a deal stands at `now`, the first that applies: ended, sold out, paused (by its vendor, or its shop not
 * listed), not started yet, else on sale. MyDeals' filters (catalogue.ts) are written in the same order.
 */
export function stateOf(d: Pick<DealRow, 'endsAt' | 'startsAt' | 'quantityTotal' | 'quantitySold' | 'listed'>, now: Date): DealState {
  if (d.endsAt <= now) return 'expired';
  if (d.quantityTotal !== null && d.quantitySold >= d.quantityTotal) return 'sold_out';
  if (!d.listed) return 'paused';
  if (d.startsAt > now) return 'upcoming';
  return 'active';
}

export const logo = alias(media, 'vendor_logo');

/** The deal's vendor as cards show it: its logo through a left join of `logo`. */
export const vendorColumns = {
  id: vendors.id,
  userId: vendors.userId,
  businessName: vendors.businessName,
  timeZone: vendors.timeZone,
  logoKey: logo.storageKey,
  logoWidth: logo.width,
  logoHeight: logo.height,
  logoVariants: logo.variants,
};
export type VendorBits = { id: string; userId: string; businessName: string | null; logoKey: string | null; logoWidth: number | null; logoHeight: number | null; logoVariants: StoredImage['variants'] | null };

export function toDealVendor(v: VendorBits, mediaUrl: (key: string) => string) {
  const image = v.logoKey && v.logoWidth && v.logoHeight ? toResponsiveImage({ key: v.logoKey, width: v.logoWidth, height: v.logoHeight, variants: v.logoVariants ?? [] }, mediaUrl) : null;
  return { id: v.id, user_id: v.userId, business_name: v.businessName ?? 'Shop', logo: image };
}

/** A select of deals with their vendor and its logo. */
export function selectDeals(db: Reader) {
  return db.select({ deal: deals, vendor: vendorColumns }).from(deals).innerJoin(vendors, eq(vendors.id, deals.vendorId)).leftJoin(logo, eq(logo.id, vendors.logoId));
}

/** The images of deals, in order, by deal id. */
export async function imagesOf(db: Reader, dealIds: string[]): Promise<Map<string, { id: string; image: StoredImage }[]>> {
  const byDeal = new Map<string, { id: string; image: StoredImage }[]>();
  if (dealIds.length === 0) return byDeal;
  const rows = await db
    .select({ dealId: dealImages.dealId, mediaId: dealImages.mediaId, key: media.storageKey, width: media.width, height: media.height, variants: media.variants })
    .from(dealImages)
    .innerJoin(media, eq(media.id, dealImages.mediaId))
    .where(inArray(dealImages.dealId, dealIds))
    .orderBy(asc(dealImages.dealId), asc(dealImages.position));
  for (const r of rows) byDeal.set(r.dealId, [...(byDeal.get(r.dealId) ?? []), { id: r.mediaId, image: { key: r.key, width: r.width, height: r.height, variants: r.variants } }]);
  return byDeal;
}

/** The first picture of a deal as a JSON object: a subquery for lists, so a page needs no second query. */
const cover = alias(media, 'deal_cover');
export function firstImageOf(db: Reader) {
  const first = db
    .select({ image: sql`json_build_object('key', ${cover.storageKey}, 'width', ${cover.width}, 'height', ${cover.height}, 'variants', ${cover.variants})` })
    .from(dealImages)
    .innerJoin(cover, eq(cover.id, dealImages.mediaId))
    .where(eq(dealImages.dealId, deals.id))
    .orderBy(asc(dealImages.position))
    .limit(literalLimit(1));
  return sql<StoredImage | null>`(${first})`;
}

type DealExtras = {
  distanceKm: number | null;
  myQuantity: number | null;
  isOwner: boolean;
};

/** One deal as its page shows it. */
export function toDeal(row: { deal: DealRow; vendor: VendorBits }, images: { id: string; image: StoredImage }[], extras: DealExtras, deps: Pick<DealsDeps, 'mediaUrl'>, now: Date): Deal {
  const d = row.deal;
  const state = stateOf(d, now);
  const remaining = remainingOf(d);
  const canBuy = extras.myQuantity === null || extras.isOwner ? null : state === 'active' ? Math.max(0, Math.min(d.perCustomerLimit - extras.myQuantity, remaining ?? Number.MAX_SAFE_INTEGER)) : 0;
  const responsive = images.map((i) => toResponsiveImage(i.image, deps.mediaUrl));
  return {
    id: d.id,
    title: d.title,
    category: d.category,
    original_price: money(d.originalPriceCents, d.currency),
    deal_price: money(d.dealPriceCents, d.currency),
    discount_percent: discountPercent(d.originalPriceCents, d.dealPriceCents),
    image: responsive[0] ?? null,
    vendor: toDealVendor(row.vendor, deps.mediaUrl),
    starts_at: iso(d.startsAt),
    ends_at: iso(d.endsAt),
    state,
    sold_count: d.quantitySold,
    remaining,
    rating_avg: ratingAvg(d.ratingSum, d.ratingCount),
    rating_count: d.ratingCount,
    description: d.description,
    terms: d.terms,
    images: responsive,
    image_ids: images.map((i) => i.id),
    quantity_available: d.quantityTotal,
    per_customer_limit: d.perCustomerLimit,
    is_paused: d.isPaused,
    address: { id: d.addressId, formatted_address: d.addressText, latitude: d.latitude, longitude: d.longitude },
    distance_km: extras.distanceKm,
    my_quantity: extras.isOwner ? null : extras.myQuantity,
    can_buy_quantity: canBuy,
    is_owner: extras.isOwner,
    created_at: iso(d.createdAt),
    updated_at: iso(d.updatedAt),
  };
}

// ---- QR codes -------------------------------------------------------------------------------------

/**
 * The signature of a purchase's QR code: an HMAC of the purchase and its deal under the QR signing secret, in its own
 * domain ("deal-qr:v1"), so a code cannot be made up for a guessed or other purchase, nor reused from another secret.
 */
export function qrSignature(secret: string, purchaseId: string, dealId: string): string {
  return createHmac('sha256', secret).update(`deal-qr:v1:${purchaseId}:${dealId}`).digest('base64url');
}

export function qrPayloadOf(secret: string, purchaseId: string, dealId: string): QrPayload {
  return { purchase_id: purchaseId, deal_id: dealId, sig: qrSignature(secret, purchaseId, dealId) };
}

export function isGenuineQr(secret: string, payload: Pick<QrPayload, 'purchase_id' | 'deal_id' | 'sig'>): boolean {
  const expected = Buffer.from(qrSignature(secret, payload.purchase_id, payload.deal_id));
  const given = Buffer.from(payload.sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
