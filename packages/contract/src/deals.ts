import { z } from 'zod';
import { IdParams, Latitude, Longitude, MessageResponse, Money, PageQuery, RatingFields, ResponsiveImage, Uuid, nearbyPage, paginated, withinNearbyDepth } from './common.ts';
import { endpoint, type Endpoint } from './endpoint.ts';
import { VendorCategory } from './categories.ts';

// ---- Deals, purchases, QR fulfilment and deal ratings (docs/decisions/0019) -----------------------

export const MAX_DEAL_IMAGES = 4;
/** The most one customer may buy of a deal, whatever the vendor sets. */
export const MAX_PER_CUSTOMER = 20;
/** The most units one purchase may hold. */
export const MAX_QUANTITY_PER_PURCHASE = 10;
/** How long a deal may run. */
export const MAX_DEAL_DAYS = 366;

const uniqueIds = (ids: string[]) => new Set(ids).size === ids.length;

const Instant = (what: string) => z.iso.datetime({ offset: true, error: `Give the ${what} as a date and time such as 2026-12-01T09:00:00Z.` });

/** What a vendor writes to put a deal on sale. Prices are the same currency: the deal price is below the original. */
export const DealInput = z
  .object({
    title: z.string().trim().min(3, 'Give the deal a title of at least 3 characters.').max(120, 'Use at most 120 characters.'),
    description: z.string().trim().min(10, 'Describe the deal in at least 10 characters.').max(4000, 'Use at most 4,000 characters.'),
    category: VendorCategory,
    /** Images the vendor uploaded through /UploadImagesAPI/ (their `id`), in order; the first leads. */
    image_ids: z
      .array(Uuid('Choose an image you uploaded.'))
      .max(MAX_DEAL_IMAGES, `Add at most ${MAX_DEAL_IMAGES} images.`)
      .refine(uniqueIds, 'The same image is chosen twice.')
      .default([]),
    original_price: Money,
    deal_price: Money,
    /** How many can be sold in all; null: no limit. */
    quantity_available: z
      .number({ error: 'Enter how many can be sold, or leave it empty for no limit.' })
      .int('Use a whole number.')
      .min(1, 'At least 1 must be for sale.')
      .max(1_000_000, 'At most 1,000,000.')
      .nullable()
      .default(null),
    per_customer_limit: z
      .number({ error: 'Enter how many one customer may buy.' })
      .int('Use a whole number.')
      .min(1, 'A customer may buy at least 1.')
      .max(MAX_PER_CUSTOMER, `At most ${MAX_PER_CUSTOMER} per customer.`)
      .default(1),
    starts_at: Instant('start'),
    ends_at: Instant('end'),
    /** One of the vendor's addresses, where the deal is redeemed. */
    address_id: Uuid('Choose one of your addresses.'),
    terms: z.string().trim().max(2000, 'Use at most 2,000 characters.').default(''),
  })
  .superRefine((v, ctx) => {
    if (v.deal_price.currency !== v.original_price.currency) {
      ctx.addIssue({ code: 'custom', path: ['deal_price', 'currency'], message: 'Use the same currency as the original price.' });
    } else if (v.deal_price.amount_cents >= v.original_price.amount_cents) {
      ctx.addIssue({ code: 'custom', path: ['deal_price', 'amount_cents'], message: 'The deal price must be below the original price.' });
    }
    if (v.original_price.amount_cents < 1) ctx.addIssue({ code: 'custom', path: ['original_price', 'amount_cents'], message: 'Enter the original price.' });
    const starts = Date.parse(v.starts_at);
    const ends = Date.parse(v.ends_at);
    if (ends <= starts) ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'The end must be after the start.' });
    else if (ends - starts > MAX_DEAL_DAYS * 86_400_000) ctx.addIssue({ code: 'custom', path: ['ends_at'], message: `A deal runs at most ${MAX_DEAL_DAYS} days.` });
    if (v.quantity_available !== null && v.per_customer_limit > v.quantity_available) {
      ctx.addIssue({ code: 'custom', path: ['per_customer_limit'], message: 'A customer cannot buy more than there are for sale.' });
    }
  });
export type DealInput = z.input<typeof DealInput>;

/**
 * Where a deal stands, computed from its dates, stock and pause at the time of the answer: `active` (can be bought
 * now), `upcoming` (starts later), `expired` (ended), `sold_out`, `paused` (by its vendor; also while the shop is not
 * listed).
 */
export const DealState = z.enum(['active', 'upcoming', 'expired', 'sold_out', 'paused']);
export type DealState = z.infer<typeof DealState>;

export const DealVendor = z.object({
  id: z.string().uuid(),
  user_id: z.string().uuid(),
  business_name: z.string(),
  logo: ResponsiveImage.nullable(),
});

export const RedemptionAddress = z.object({
  /** Null once the vendor deleted the address: the text and point are kept as they were. */
  id: z.string().uuid().nullable(),
  formatted_address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});

const dealFields = {
  id: z.string().uuid(),
  title: z.string(),
  category: z.string(),
  original_price: Money,
  deal_price: Money,
  /** Whole percent off the original price, rounded down. */
  discount_percent: z.number().int(),
  image: ResponsiveImage.nullable(),
  vendor: DealVendor,
  starts_at: z.string(),
  ends_at: z.string(),
  state: DealState,
  /** Units sold (refunds give theirs back). */
  sold_count: z.number().int(),
  /** Units left; null when the deal has no stock limit. */
  remaining: z.number().int().nullable(),
  rating_avg: z.number().nullable(),
  rating_count: z.number().int(),
};

/** A deal in a list near a point. */
export const DealCard = z.object({
  ...dealFields,
  /** From the asked point to the redemption address. */
  distance_km: z.number(),
  city: z.string(),
  /** The redemption address's point (a map's marker). */
  latitude: z.number(),
  longitude: z.number(),
});
export type DealCard = z.infer<typeof DealCard>;

/** One deal with everything its page shows. */
export const Deal = z.object({
  ...dealFields,
  description: z.string(),
  terms: z.string(),
  images: z.array(ResponsiveImage),
  image_ids: z.array(z.string().uuid()),
  quantity_available: z.number().int().nullable(),
  per_customer_limit: z.number().int(),
  is_paused: z.boolean(),
  address: RedemptionAddress,
  /** From the asked location to the redemption address; null when no location was given. */
  distance_km: z.number().nullable(),
  /** For a signed-in caller: units they hold (paid or fulfilled) and may still buy; null for visitors and the owner. */
  my_quantity: z.number().int().nullable(),
  can_buy_quantity: z.number().int().nullable(),
  /** Whether the caller owns the deal's shop (the page then shows the vendor's tools, not Buy). */
  is_owner: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Deal = z.infer<typeof Deal>;

export const DealSort = z.enum(['distance', 'popularity'], { error: 'Sort by distance or popularity.' });

export const DealListQuery = withinNearbyDepth(
  PageQuery.extend({
    lat: Latitude,
    lng: Longitude,
    radius_km: z.coerce.number().min(1, 'The radius is at least 1 km.').max(500, 'The radius is at most 500 km.').default(25),
    sort: DealSort.default('distance'),
    category: VendorCategory.optional(),
    q: z.string().trim().max(100, 'Use at most 100 characters.').optional(),
    /** One shop's live deals (its public page): the radius does not apply, the distance is still measured. */
    vendor_id: Uuid('Unknown vendor.').optional(),
  }),
);
export type DealListQuery = z.input<typeof DealListQuery>;
export const DealListResponse = nearbyPage(DealCard);
export type DealListResponse = z.infer<typeof DealListResponse>;

/** The spec's deal details request: the deal's uuid and a location object, sent as JSON in the query string. */
export const DealLocation = z.object({ lat: Latitude, lng: Longitude });
export const DealDetailsParams = z.object({ deal_uuid: Uuid('Unknown deal.') });
export const DealDetailsQuery = z.object({
  location: z
    .string()
    .max(200)
    .transform((text, ctx) => {
      try {
        const parsed = DealLocation.safeParse(JSON.parse(text));
        if (parsed.success) return parsed.data;
      } catch {
        // reported below
      }
      ctx.addIssue({ code: 'custom', message: 'Give the location as JSON such as {"lat":40.71,"lng":-74.01}.' });
      return z.NEVER;
    })
    .optional(),
});
export type DealDetailsQuery = z.input<typeof DealDetailsQuery>;

export const MyDealsType = z.enum(['active', 'upcoming', 'expired', 'sold-out', 'paused'], { error: 'Choose active, upcoming, expired, sold-out or paused.' });
export type MyDealsType = z.infer<typeof MyDealsType>;
export const MyDealsQuery = PageQuery.extend({ type: MyDealsType.optional() });
export type MyDealsQuery = z.input<typeof MyDealsQuery>;
/** A vendor's own deals: a page of one type (or all), with how many there are of each type. */
export const MyDealsResponse = paginated(Deal).extend({
  counts: z.object({ all: z.number().int(), active: z.number().int(), upcoming: z.number().int(), expired: z.number().int(), 'sold-out': z.number().int(), paused: z.number().int() }),
});
export type MyDealsResponse = z.infer<typeof MyDealsResponse>;

export const DealPauseInput = z.object({ paused: z.boolean({ error: 'Say whether the deal is paused (true) or on sale (false).' }) });

// ---- Buying ------------------------------------------------------------------------------------------

export const BuyDealInput = z.object({
  deal_id: Uuid('Unknown deal.'),
  quantity: z.number({ error: 'Enter how many to buy.' }).int('Use a whole number.').min(1, 'Buy at least 1.').max(MAX_QUANTITY_PER_PURCHASE, `Buy at most ${MAX_QUANTITY_PER_PURCHASE} at once.`).default(1),
});
export type BuyDealInput = z.input<typeof BuyDealInput>;

/** The header that makes a retried purchase answer the first result instead of buying again. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IdempotencyKey = z
  .string()
  .trim()
  .min(8, 'An Idempotency-Key has 8 to 200 characters.')
  .max(200, 'An Idempotency-Key has 8 to 200 characters.')
  .regex(/^[\x21-\x7e]+$/, 'An Idempotency-Key is printable ASCII without spaces.');

export const PurchaseStatus = z.enum(['paid', 'fulfilled', 'refunded']);
export type PurchaseStatus = z.infer<typeof PurchaseStatus>;

/**
 * What the customer's QR code holds, as JSON: the purchase, its deal and the server's signature over both. A vendor's
 * scanner sends it back as it is (other fields pass through), with action FULFILL.
 */
export const QrPayload = z.looseObject({
  purchase_id: Uuid('This QR code is not a LocalLoop purchase.'),
  deal_id: Uuid('This QR code is not a LocalLoop purchase.'),
  sig: z.string().min(1, 'This QR code is not signed.').max(200),
});
export type QrPayload = z.infer<typeof QrPayload>;

export const Purchase = z.object({
  id: z.string().uuid(),
  status: PurchaseStatus,
  quantity: z.number().int(),
  unit_price: Money,
  total: Money,
  /** What the payment provider recorded: its name (dummy: a test payment) and its reference. */
  payment: z.object({ provider: z.string(), reference: z.string(), is_test: z.boolean() }),
  deal: z.object({
    id: z.string().uuid(),
    title: z.string(),
    image: ResponsiveImage.nullable(),
    ends_at: z.string(),
    terms: z.string(),
    address: RedemptionAddress,
    vendor: DealVendor,
  }),
  /** The QR code's payload while the purchase can be redeemed (paid); null once fulfilled or refunded. */
  qr: QrPayload.nullable(),
  bought_at: z.string(),
  fulfilled_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
  /** Whether the customer may rate the deal now (fulfilled, not rated yet) and their rating if they did. */
  can_rate: z.boolean(),
  my_rating: z.number().int().nullable(),
});
export type Purchase = z.infer<typeof Purchase>;

export const PurchasesQuery = PageQuery.extend({ status: PurchaseStatus.optional() });
export const PurchaseList = paginated(Purchase);
export type PurchaseList = z.infer<typeof PurchaseList>;

export const FulfillDealInput = QrPayload.extend({
  action: z.literal('FULFILL', { error: 'The action is FULFILL.' }),
});
export type FulfillDealInput = z.input<typeof FulfillDealInput>;

export const RefundInput = z.object({ reason: z.string().trim().min(3, 'Say why the purchase is refunded (at least 3 characters).').max(500, 'Use at most 500 characters.') });

// ---- Sales ---------------------------------------------------------------------------------------

export const SalesQuery = PageQuery.extend({
  from: z.iso.date({ error: 'Use a date like 2026-12-01.' }).optional(),
  to: z.iso.date({ error: 'Use a date like 2026-12-01.' }).optional(),
  deal_id: Uuid('Unknown deal.').optional(),
}).refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'The last day must not be before the first.' });
export type SalesQuery = z.input<typeof SalesQuery>;

export const Sale = z.object({
  id: z.string().uuid(),
  deal: z.object({ id: z.string().uuid(), title: z.string() }),
  buyer_first_name: z.string(),
  quantity: z.number().int(),
  total: Money,
  status: PurchaseStatus,
  bought_at: z.string(),
  fulfilled_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
});
export type Sale = z.infer<typeof Sale>;

/** Sums of paid and fulfilled purchases (refunds left out), per currency. */
export const SalesTotal = z.object({ currency: z.string(), amount_cents: z.number().int(), units: z.number().int(), purchases: z.number().int() });
export const SalesResponse = paginated(Sale).extend({
  /** Over the filtered range. */
  totals: z.array(SalesTotal),
  per_deal: z.array(z.object({ deal_id: z.string().uuid(), title: z.string(), currency: z.string(), amount_cents: z.number().int(), units: z.number().int(), fulfilled_units: z.number().int() })),
  /** In the shop's time zone, whatever the filter: today and the last 7 days. */
  today: z.array(SalesTotal),
  this_week: z.array(SalesTotal),
  time_zone: z.string(),
});
export type SalesResponse = z.infer<typeof SalesResponse>;

// ---- Ratings -----------------------------------------------------------------------------------

export const RateDealInput = RatingFields.extend({ deal_id: Uuid('Unknown deal.') });
export type RateDealInput = z.input<typeof RateDealInput>;
export const UpdateDealRatingInput = RatingFields;
export type UpdateDealRatingInput = z.input<typeof UpdateDealRatingInput>;

export const DealRating = z.object({
  id: z.string().uuid(),
  deal_id: z.string().uuid(),
  rating: z.number().int(),
  comment: z.string(),
  user: z.object({ id: z.string().uuid(), name: z.string() }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DealRating = z.infer<typeof DealRating>;
export const RateDealResponse = z.object({ rating: DealRating, rating_avg: z.number(), rating_count: z.number().int() });
export type RateDealResponse = z.infer<typeof RateDealResponse>;
export const DealRatingsResponse = paginated(DealRating).extend({ mine: DealRating.nullable(), rating_avg: z.number().nullable(), rating_count: z.number().int() });
export type DealRatingsResponse = z.infer<typeof DealRatingsResponse>;
export const DealIdParams = z.object({ deal_id: Uuid('Unknown deal.') });

const VendorIdParams = z.object({ id: Uuid('Unknown vendor.') });
const PurchaseIdParams = z.object({ id: Uuid('Unknown purchase.') });

/** The endpoints of this domain; merged into the one table in endpoints.ts. */
export const dealsEndpoints = {
  createDeal: endpoint({
    method: 'POST',
    path: '/deals/create/',
    body: DealInput,
    response: Deal,
    status: 201,
    auth: 'vendor',
    summary: 'An approved vendor puts a deal on sale at one of its addresses',
  }),
  myDeals: endpoint({
    method: 'GET',
    path: '/my-deals/{id}/',
    params: VendorIdParams,
    query: MyDealsQuery,
    body: undefined,
    response: MyDealsResponse,
    auth: 'vendor',
    summary: 'The deals of the caller\'s shop (its vendor id), newest first, of one type or all, with counts per type',
  }),
  pauseDeal: endpoint({
    method: 'PATCH',
    path: '/deals/{id}/pause/',
    params: IdParams,
    body: DealPauseInput,
    response: Deal,
    auth: 'vendor',
    summary: 'The owner pauses a deal (no one can buy it; bought ones can still be redeemed) or puts it back on sale',
  }),
  dealList: endpoint({
    method: 'GET',
    path: '/deals/lists/',
    query: DealListQuery,
    body: undefined,
    response: DealListResponse,
    auth: 'optional',
    summary: 'Live deals near lat/lng within radius_km, nearest first or most sold first; q searches titles',
  }),
  dealDetails: endpoint({
    method: 'GET',
    path: '/deals/details/{deal_uuid}/',
    aliases: ['/deals/details/{deal_uuid}'],
    params: DealDetailsParams,
    query: DealDetailsQuery,
    body: undefined,
    response: Deal,
    auth: 'optional',
    summary: 'One deal with its distance from `location` (JSON {lat, lng}); ended and paused deals stay readable',
  }),
  buyDeal: endpoint({
    method: 'POST',
    path: '/buy-deal/dummy/',
    body: BuyDealInput,
    response: Purchase,
    status: 201,
    auth: 'required',
    summary: 'Buys a deal through the payment provider (the dummy by default: a test payment). An Idempotency-Key header makes a retry answer the first purchase',
  }),
  myPurchases: endpoint({
    method: 'GET',
    path: '/get/user/purchases/',
    query: PurchasesQuery,
    body: undefined,
    response: PurchaseList,
    auth: 'required',
    summary: 'The caller\'s purchases, newest first, each with its QR payload while it can be redeemed',
  }),
  fulfillDeal: endpoint({
    method: 'PATCH',
    path: '/fulfill-deal/dummy/{id}/',
    params: PurchaseIdParams,
    body: FulfillDealInput,
    response: MessageResponse,
    auth: 'vendor',
    summary: 'The deal\'s vendor fulfils a purchase from its scanned QR payload (action FULFILL), exactly once',
  }),
  refundPurchase: endpoint({
    method: 'POST',
    path: '/purchases/{id}/refund/',
    params: PurchaseIdParams,
    body: RefundInput,
    response: Purchase,
    auth: 'required',
    summary: 'The deal\'s vendor or an operator refunds an unfulfilled purchase; its units return to stock',
  }),
  vendorSales: endpoint({
    method: 'GET',
    path: '/get/vendor/sales/{id}',
    params: VendorIdParams,
    query: SalesQuery,
    body: undefined,
    response: SalesResponse,
    auth: 'vendor',
    summary: 'The sales of the caller\'s shop (its vendor id) in a date range, with totals per deal and overall',
  }),
  vendorSalesCsv: endpoint({
    method: 'GET',
    path: '/get/vendor/sales/{id}/csv/',
    params: VendorIdParams,
    query: SalesQuery,
    body: undefined,
    response: z.unknown(),
    auth: 'vendor',
    summary: 'The same sales as a CSV file for a spreadsheet (UTF-8 with BOM, ISO dates, amounts in currency units)',
  }),
  rateDeal: endpoint({
    method: 'POST',
    path: '/rate-deal/',
    body: RateDealInput,
    response: RateDealResponse,
    status: 201,
    auth: 'required',
    summary: 'A customer with a fulfilled purchase of the deal rates it once, 1 to 5 stars with an optional comment',
  }),
  dealRatings: endpoint({
    method: 'GET',
    path: '/rate-deal/{id}/',
    params: IdParams,
    query: PageQuery,
    body: undefined,
    response: DealRatingsResponse,
    auth: 'optional',
    summary: 'A deal\'s ratings (id: the deal), newest first; `mine` is the caller\'s own',
  }),
  updateDealRating: endpoint({
    method: 'PUT',
    path: '/rate-deal/{deal_id}/',
    params: DealIdParams,
    body: UpdateDealRatingInput,
    response: RateDealResponse,
    auth: 'required',
    summary: 'The caller changes their rating of the deal',
  }),
} satisfies Record<string, Endpoint>;
