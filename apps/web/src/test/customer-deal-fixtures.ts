import type { Deal, DealCard, DealListResponse, DealRating, DealRatingsResponse, Purchase, PurchaseList } from '@localloop/contract';
import jsQR from 'jsqr';

/** Deals, purchases and ratings as the server answers them, for the customer's deal pages; ids are predictable from `n`. */
const id = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

export const dealVendor = { id: id('d1000000', 1), user_id: id('d2000000', 1), business_name: 'Tony’s Pizzeria', logo: null };

export function dealCard(n: number, overrides: Partial<DealCard> = {}): DealCard {
  return {
    id: id('d0000000', n),
    title: `Deal ${n}`,
    category: 'Food & Drink',
    original_price: { amount_cents: 2000, currency: 'USD' },
    deal_price: { amount_cents: 1400, currency: 'USD' },
    discount_percent: 30,
    image: null,
    vendor: dealVendor,
    starts_at: '2026-11-01T10:00:00.000Z',
    ends_at: '2027-01-31T22:00:00.000Z',
    state: 'active',
    sold_count: 12,
    remaining: null,
    rating_avg: null,
    rating_count: 0,
    distance_km: 1.24,
    city: 'New York',
    latitude: 40.7183,
    longitude: -73.9985,
    ...overrides,
  };
}

export function dealPage(results: DealCard[], overrides: Partial<DealListResponse> = {}): DealListResponse {
  return { count: results.length, count_capped: false, page: 1, page_size: 12, results, ...overrides };
}

export function deal(overrides: Partial<Deal> = {}): Deal {
  const { distance_km: _distance, city: _city, latitude: _latitude, longitude: _longitude, ...card } = dealCard(1, { title: 'Half-price pizza night', remaining: 8, rating_avg: 4.5, rating_count: 2 });
  return {
    ...card,
    description: 'Any large pizza at half price, Monday to Thursday.',
    terms: 'Dine in only. One per table.',
    images: [],
    image_ids: [],
    quantity_available: 20,
    per_customer_limit: 4,
    is_paused: false,
    address: { id: id('d3000000', 1), formatted_address: '12 Mulberry Street, New York, NY 10013', latitude: 40.7183, longitude: -73.9985 },
    distance_km: 0.84,
    my_quantity: 0,
    can_buy_quantity: 4,
    is_owner: false,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export function dealRating(n: number, overrides: Partial<DealRating> = {}): DealRating {
  return {
    id: id('d4000000', n),
    deal_id: deal().id,
    rating: 5,
    comment: `Comment ${n}`,
    user: { id: id('d5000000', n), name: `Customer ${n}` },
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function dealRatings(results: DealRating[], mine: DealRating | null = null): DealRatingsResponse {
  return { count: results.length, page: 1, page_size: 10, results, mine, rating_avg: results.length ? 4.5 : null, rating_count: results.length };
}

export function purchase(n: number, overrides: Partial<Purchase> = {}): Purchase {
  const { status = 'paid' } = overrides;
  const purchaseId = id('d6000000', n);
  const dealId = id('d0000000', n);
  return {
    id: purchaseId,
    status,
    quantity: 2,
    unit_price: { amount_cents: 1400, currency: 'USD' },
    total: { amount_cents: 2800, currency: 'USD' },
    payment: { provider: 'dummy', reference: `dummy_${n}`, is_test: true },
    deal: {
      id: dealId,
      title: `Deal ${n}`,
      image: null,
      ends_at: '2027-01-31T22:00:00.000Z',
      terms: 'Dine in only.',
      address: { id: null, formatted_address: '12 Mulberry Street, New York, NY 10013', latitude: 40.7183, longitude: -73.9985 },
      vendor: dealVendor,
    },
    qr: status === 'paid' ? { purchase_id: purchaseId, deal_id: dealId, sig: `c2lnbmF0dXJl${n}` } : null,
    bought_at: '2026-11-24T18:30:00.000Z',
    fulfilled_at: status === 'fulfilled' ? '2026-11-25T12:00:00.000Z' : null,
    refunded_at: status === 'refunded' ? '2026-11-25T12:00:00.000Z' : null,
    can_rate: false,
    my_rating: null,
    ...overrides,
  };
}

export function purchaseList(results: Purchase[]): PurchaseList {
  return { count: results.length, page: 1, page_size: 50, results };
}

/**
 * Reads a QR code drawn as our SVG (a path of "M x y h n v1 h-n z" runs of dark modules), the way a camera would: the
 * modules are painted into pixels, white around, and jsQR decodes them. Returns the text, or null when unreadable.
 */
export function decodeQrSvg(svg: Element): string | null {
  const [minX = 0, , side = 0] = (svg.getAttribute('viewBox') ?? '').split(' ').map(Number);
  const quiet = -minX;
  const d = svg.querySelector('path')?.getAttribute('d') ?? '';
  const scale = 4;
  const width = side * scale;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, x, y, run] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let mx = Number(x); mx < Number(x) + Number(run); mx += 1) {
      for (let py = 0; py < scale; py += 1) {
        for (let px = 0; px < scale; px += 1) {
          const offset = (((Number(y) + quiet) * scale + py) * width + (mx + quiet) * scale + px) * 4;
          pixels[offset] = 0;
          pixels[offset + 1] = 0;
          pixels[offset + 2] = 0;
        }
      }
    }
  }
  return jsQR(pixels, width, width)?.data ?? null;
}
