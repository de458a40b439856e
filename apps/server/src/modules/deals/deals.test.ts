import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@localloop/contract';
import { deals, notifications, purchases, users, vendors } from '../../db/schema.ts';
import { dummyPayments, PaymentDeclined, type PaymentProvider } from '../../lib/payments.ts';
import { createTokenService } from '../../lib/tokens.ts';
import { qrSignature } from './shared.ts';
import { dealFixtures } from '../../../test/deal-fixtures.ts';
import { png, multipartBody } from '../../../test/inputs.ts';
import { createAccount, createTestApp, encoded, inject, onPostgres, raw, testClock, testConfig, type TestContext } from '../../../test/helper.ts';

let t: TestContext;
const clock = testClock();
const { customerAccount, hours, shop, dealInput, liveDeal, buy } = dealFixtures(() => t, clock);

/** Run before the next charges when a test sets it (a refusal, a shop's change meanwhile); the refunds made. */
let onCharge: (() => Promise<void>) | null = null;
const refunds: string[] = [];
/** The idempotency keys charges were asked with. */
const charged: string[] = [];
const payments: PaymentProvider = {
  ...dummyPayments,
  async charge(charge) {
    await onCharge?.();
    charged.push(charge.idempotencyKey);
    return dummyPayments.charge(charge);
  },
  async refund(refund) {
    refunds.push(refund.reference);
    return dummyPayments.refund(refund);
  },
};

beforeAll(async () => {
  t = await createTestApp({ clock, payments });
});
afterAll(() => t.close());

const tokens = () => createTokenService(testConfig().jwtSecret, clock);

describe('creating and managing deals', () => {
  it('creates a deal at one of the shop\'s addresses, with its images, and lists it in MyDeals by type', async () => {
    const s = await shop();
    const upload = (await inject(t.app, endpoints.uploadImages, { access: s.access, body: encoded(await multipartBody([{ name: 'images', fileName: 'cup.png', bytes: await png() }])) })).json();
    const created = await inject(t.app, endpoints.createDeal, { access: s.access, body: dealInput(s.addressId, { image_ids: [upload.images[0]?.id ?? ''] }) });
    expect(created.statusCode).toBe(201);
    const deal = created.json();
    expect(deal).toMatchObject({
      title: 'Two coffees for one',
      discount_percent: 40,
      state: 'active',
      remaining: 10,
      sold_count: 0,
      is_owner: true,
      address: { id: s.addressId, formatted_address: '12 Water St, New York, United States' },
      vendor: { id: s.vendorId },
    });
    expect(deal.images).toHaveLength(1);
    const upcoming = (await inject(t.app, endpoints.createDeal, { access: s.access, body: dealInput(s.addressId, { starts_at: hours(48) }) })).json();
    expect(upcoming.state).toBe('upcoming');

    const all = (await inject(t.app, endpoints.myDeals, { access: s.access, params: { id: s.vendorId } })).json();
    expect(all.counts).toMatchObject({ all: 2, active: 1, upcoming: 1, expired: 0, 'sold-out': 0, paused: 0 });
    const active = (await inject(t.app, endpoints.myDeals, { access: s.access, params: { id: s.vendorId }, query: { type: 'active' } })).json();
    expect(active.results.map((d) => d.id)).toEqual([deal.id]);

    const paused = (await inject(t.app, endpoints.pauseDeal, { access: s.access, params: { id: deal.id }, body: { paused: true } })).json();
    expect(paused).toMatchObject({ state: 'paused', is_paused: true });
    expect((await inject(t.app, endpoints.myDeals, { access: s.access, params: { id: s.vendorId }, query: { type: 'paused' } })).json().count).toBe(1);
  });

  it('refuses bad input with a message per field', async () => {
    const s = await shop();
    const res = await inject(t.app, endpoints.createDeal, {
      access: s.access,
      body: raw({ ...dealInput(s.addressId), title: 'X', deal_price: { amount_cents: 1200, currency: 'USD' }, ends_at: hours(-2), per_customer_limit: 0 }),
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.error().fields ?? {}).sort()).toEqual(['deal_price.amount_cents', 'ends_at', 'per_customer_limit', 'title']);
    const ended = await inject(t.app, endpoints.createDeal, { access: s.access, body: dealInput(s.addressId, { starts_at: hours(-5), ends_at: hours(-1) }) });
    expect(ended.error()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { ends_at: 'Choose an end still to come.' } });
  });

  it('is for approved vendors at their own addresses only', async () => {
    const s = await shop();
    const other = await shop();
    const customer = await customerAccount();
    expect((await inject(t.app, endpoints.createDeal, { access: customer.access, body: dealInput(s.addressId) })).statusCode).toBe(403);
    const theirs = await inject(t.app, endpoints.createDeal, { access: other.access, body: dealInput(s.addressId) });
    expect(theirs.error()).toMatchObject({ code: 'ADDRESS_NOT_FOUND', fields: { address_id: expect.any(String) } });
    const { deal } = await liveDeal();
    expect((await inject(t.app, endpoints.pauseDeal, { access: other.access, params: { id: deal.id }, body: { paused: true } })).statusCode).toBe(404);
    expect((await inject(t.app, endpoints.myDeals, { access: other.access, params: { id: s.vendorId } })).statusCode).toBe(404);
  });

  it('follows its redemption address when the shop edits it, and keeps the text when the address is deleted', async () => {
    const { shop: s, deal } = await liveDeal();
    (
      await inject(t.app, endpoints.updateVendorAddress, {
        access: s.access,
        params: { id: s.addressId },
        body: { line1: '99 Pearl St', city: 'New York', country: 'United States', latitude: 40.704, longitude: -74.01, is_primary: true },
      })
    ).json();
    const moved = (await inject(t.app, endpoints.dealDetails, { params: { deal_uuid: deal.id } })).json();
    expect(moved.address).toMatchObject({ id: s.addressId, formatted_address: '99 Pearl St, New York, United States', latitude: 40.704 });
    (await inject(t.app, endpoints.addVendorAddress, { access: s.access, body: { line1: '1 Dock St', city: 'New York', country: 'United States', latitude: 40.7, longitude: -74.0 } })).json();
    expect((await inject(t.app, endpoints.deleteVendorAddress, { access: s.access, params: { id: s.addressId } })).statusCode).toBeLessThan(300);
    const kept = (await inject(t.app, endpoints.dealDetails, { params: { deal_uuid: deal.id } })).json();
    expect(kept.address).toMatchObject({ id: null, formatted_address: '99 Pearl St, New York, United States' });
  });
});

describe('deals near me and a deal\'s details', () => {
  it('lists live deals nearest first with distance, discount and sold count; paused, ended and sold-out ones are left out', async () => {
    const near = await liveDeal({ title: 'Nearby bagels' });
    const paused = await liveDeal({ title: 'Paused pastries' });
    (await inject(t.app, endpoints.pauseDeal, { access: paused.shop.access, params: { id: paused.deal.id }, body: { paused: true } })).json();
    const list = (await inject(t.app, endpoints.dealList, { query: { lat: 40.7033, lng: -74.0112, radius_km: 5, page_size: 50 } })).json();
    const ids = list.results.map((d) => d.id);
    expect(ids).toContain(near.deal.id);
    expect(ids).not.toContain(paused.deal.id);
    const card = list.results.find((d) => d.id === near.deal.id);
    expect(card).toMatchObject({ discount_percent: 40, sold_count: 0, remaining: 10, city: 'New York', state: 'active' });
    expect(card?.distance_km).toBeLessThan(0.1);
    const distances = list.results.map((d) => d.distance_km);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(list.count).toBe(list.results.length);

    const far = (await inject(t.app, endpoints.dealList, { query: { lat: 51.5, lng: -0.12, radius_km: 25 } })).json();
    expect(far.results.map((d) => d.id)).not.toContain(near.deal.id);

    const searched = (await inject(t.app, endpoints.dealList, { query: { lat: 40.7033, lng: -74.0112, q: 'bagel' } })).json();
    expect(searched.results.map((d) => d.id)).toContain(near.deal.id);
    expect(searched.results.every((d) => /bagel/i.test(d.title) || d.vendor.business_name.toLowerCase().includes('bagel'))).toBe(true);
  });

  it('sorts by popularity: the most sold first', async () => {
    const a = await liveDeal({ title: 'Popular pizza slices', category: 'Food & Drink' });
    const b = await liveDeal({ title: 'Quiet tea', category: 'Food & Drink' });
    const c1 = await customerAccount();
    const c2 = await customerAccount();
    (await buy(c1.access, a.deal.id, 2)).json();
    (await buy(c2.access, a.deal.id, 1)).json();
    (await buy(c2.access, b.deal.id, 1)).json();
    const list = (await inject(t.app, endpoints.dealList, { query: { lat: 40.7033, lng: -74.0112, sort: 'popularity', page_size: 50 } })).json();
    const order = list.results.map((d) => d.id);
    expect(order.indexOf(a.deal.id)).toBeLessThan(order.indexOf(b.deal.id));
    expect(list.results.find((d) => d.id === a.deal.id)?.sold_count).toBe(3);
  });

  it('answers a deal with its distance from the location given as JSON, on both spellings of the path', async () => {
    const { deal } = await liveDeal();
    const location = JSON.stringify({ lat: 40.7128, lng: -74.006 });
    const withSlash = await t.app.inject({ method: 'GET', url: `/api/deals/details/${deal.id}/?location=${encodeURIComponent(location)}` });
    const without = await t.app.inject({ method: 'GET', url: `/api/deals/details/${deal.id}?location=${encodeURIComponent(location)}` });
    expect(withSlash.statusCode).toBe(200);
    expect(without.json()).toEqual(withSlash.json());
    expect(withSlash.json().distance_km).toBeGreaterThan(1);
    expect(withSlash.json().distance_km).toBeLessThan(2);
    const bad = await t.app.inject({ method: 'GET', url: `/api/deals/details/${deal.id}/?location=${encodeURIComponent('{"lat":"north"}')}` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.location).toMatch(/JSON/);
  });

  it('hides the deals of a suspended shop from everyone but the shop', async () => {
    const { shop: s, deal } = await liveDeal();
    await t.database.db.update(vendors).set({ isSuspended: true }).where(eq(vendors.id, s.vendorId));
    expect((await inject(t.app, endpoints.dealDetails, { params: { deal_uuid: deal.id } })).statusCode).toBe(404);
    const customer = await customerAccount();
    expect((await buy(customer.access, deal.id)).statusCode).toBe(404);
    const [row] = await t.database.db.select({ listed: deals.listed }).from(deals).where(eq(deals.id, deal.id));
    expect(row?.listed).toBe(false);
    await t.database.db.update(vendors).set({ isSuspended: false }).where(eq(vendors.id, s.vendorId));
    const [back] = await t.database.db.select({ listed: deals.listed }).from(deals).where(eq(deals.id, deal.id));
    expect(back?.listed).toBe(true);
  });
});

describe('buying', () => {
  it('buys within the stock and the per-customer limit, with a QR code, a test payment and the shop told', async () => {
    const { shop: s, deal } = await liveDeal({ quantity_available: 3, per_customer_limit: 2 });
    const customer = await customerAccount();
    const bought = await buy(customer.access, deal.id, 2);
    expect(bought.statusCode).toBe(201);
    const purchase = bought.json();
    expect(purchase).toMatchObject({ status: 'paid', quantity: 2, total: { amount_cents: 1200, currency: 'USD' }, payment: { provider: 'dummy', is_test: true } });
    expect(purchase.qr).toMatchObject({ purchase_id: purchase.id, deal_id: deal.id, sig: expect.any(String) });
    // The answer is built from what the purchase read and wrote: it is the purchase as the customer's list shows it.
    expect((await inject(t.app, endpoints.myPurchases, { access: customer.access })).json().results).toEqual([purchase]);
    const again = await buy(customer.access, deal.id, 1);
    expect(again.error()).toMatchObject({ code: 'DEAL_LIMIT_REACHED' });
    const other = await customerAccount();
    expect((await buy(other.access, deal.id, 2)).error()).toMatchObject({ code: 'DEAL_SOLD_OUT', fields: { quantity: 'Only 1 left: choose 1 or fewer.' } });
    expect((await buy(other.access, deal.id, 1)).statusCode).toBe(201);
    expect((await inject(t.app, endpoints.dealDetails, { params: { deal_uuid: deal.id } })).json()).toMatchObject({ state: 'sold_out', remaining: 0, sold_count: 3 });
    expect((await buy(s.access, deal.id)).statusCode).toBe(403);
    const told = await t.database.db.select().from(notifications).where(eq(notifications.userId, s.user.id));
    expect(told.filter((n) => n.notificationType === 'deal_sold')).toHaveLength(2);
  });

  it('refuses a deal not on sale: paused, not started, ended', async () => {
    const customer = await customerAccount();
    const { shop: s, deal } = await liveDeal();
    (await inject(t.app, endpoints.pauseDeal, { access: s.access, params: { id: deal.id }, body: { paused: true } })).json();
    expect((await buy(customer.access, deal.id)).error()).toMatchObject({ code: 'DEAL_NOT_ON_SALE', error: expect.stringMatching(/paused/) });
    const later = await liveDeal({ starts_at: hours(5) });
    expect((await buy(customer.access, later.deal.id)).error()).toMatchObject({ code: 'DEAL_NOT_ON_SALE' });
    const ending = await liveDeal({ ends_at: hours(1) });
    clock.advance(2 * 3_600_000);
    try {
      const fresh = await customerAccount();
      expect((await buy(fresh.access, ending.deal.id)).error()).toMatchObject({ code: 'DEAL_NOT_ON_SALE', error: 'This deal has ended.' });
    } finally {
      clock.advance(-2 * 3_600_000);
    }
  });

  it('answers a retry with the same Idempotency-Key with the first purchase instead of buying twice', async () => {
    const { deal } = await liveDeal({ per_customer_limit: 5 });
    const customer = await customerAccount();
    const key = `retry-${Date.now()}`;
    const first = await buy(customer.access, deal.id, 1, key);
    const answers = await Promise.all(Array.from({ length: 5 }, () => buy(customer.access, deal.id, 1, key)));
    expect(first.statusCode).toBe(201);
    for (const a of answers) {
      expect(a.statusCode).toBe(201);
      expect(a.json().id).toBe(first.json().id);
      expect(a.headers['idempotent-replayed']).toBe('true');
    }
    const rows = await t.database.db.select().from(purchases).where(eq(purchases.dealId, deal.id));
    expect(rows).toHaveLength(1);
    expect((await buy(customer.access, deal.id, 2, key)).error()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect((await buy(customer.access, deal.id, 1, 'short')).statusCode).toBe(400);
  });

  it('buys and charges once when the same Idempotency-Key is sent five times at once, answering each with that purchase', async () => {
    const { deal } = await liveDeal({ per_customer_limit: 5 });
    const customer = await customerAccount();
    const key = `twice-at-once-${Date.now()}`;
    const answers = await Promise.all(Array.from({ length: 5 }, () => buy(customer.access, deal.id, 1, key)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
    expect(await t.database.db.select().from(purchases).where(eq(purchases.dealId, deal.id))).toHaveLength(1);
    expect(charged.filter((k) => k.endsWith(`:${key}`))).toHaveLength(1);
    const [row] = await t.database.db.select({ sold: deals.quantitySold }).from(deals).where(eq(deals.id, deal.id));
    expect(row?.sold).toBe(1);
  });

  it('buys nothing when the payment is declined: no purchase, the stock as it was, and the customer told why', async () => {
    const { deal } = await liveDeal();
    const customer = await customerAccount();
    onCharge = () => Promise.reject(new PaymentDeclined('the card has expired'));
    try {
      const answer = await buy(customer.access, deal.id);
      expect(answer.statusCode).toBe(402);
      expect(answer.error()).toMatchObject({ code: 'PAYMENT_FAILED', error: 'The payment was declined: the card has expired' });
    } finally {
      onCharge = null;
    }
    expect(await t.database.db.select().from(purchases).where(eq(purchases.dealId, deal.id))).toEqual([]);
    const [row] = await t.database.db.select({ sold: deals.quantitySold }).from(deals).where(eq(deals.id, deal.id));
    expect(row?.sold).toBe(0);
  });

  // The deal's row is taken after the charge: a price the shop changes meanwhile is caught there. (On PGlite one
  // connection serves all, so nothing can change while a purchase is under way.)
  it.runIf(onPostgres)('refunds the charge and buys nothing when the shop changes the price while the customer pays', async () => {
    const { deal } = await liveDeal();
    const customer = await customerAccount();
    const refundsBefore = refunds.length;
    onCharge = async () => {
      await t.database.db.update(deals).set({ dealPriceCents: 700 }).where(eq(deals.id, deal.id));
    };
    try {
      const answer = await buy(customer.access, deal.id);
      expect(answer.statusCode).toBe(409);
      expect(answer.error().code).toBe('DEAL_CHANGED');
    } finally {
      onCharge = null;
    }
    expect(refunds.length).toBe(refundsBefore + 1);
    expect(await t.database.db.select().from(purchases).where(eq(purchases.dealId, deal.id))).toEqual([]);
    expect(await t.database.db.select().from(notifications).where(eq(notifications.notificationType, 'deal_sold'))).not.toContainEqual(expect.objectContaining({ data: expect.objectContaining({ deal_id: deal.id }) }));
    // At the new price it sells.
    const again = await buy(customer.access, deal.id);
    expect(again.statusCode).toBe(201);
    expect(again.json().unit_price.amount_cents).toBe(700);
  });

  it('sells exactly the stock to 500 buyers at once: no oversell, no negative stock', async () => {
    const { deal } = await liveDeal({ quantity_available: 10, per_customer_limit: 1 });
    const buyers = await Promise.all(Array.from({ length: 500 }, () => createAccount(t.database)));
    const signer = tokens();
    const answers = await Promise.all(buyers.map((b) => buy(signer.signAccess({ userId: b.user.id, version: b.user.tokenVersion, authTime: Math.floor(clock().getTime() / 1000) }), deal.id)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(490);
    for (const refused of answers.filter((a) => a.statusCode === 409)) expect(refused.error().code).toBe('DEAL_SOLD_OUT');
    const rows = await t.database.db.select().from(purchases).where(eq(purchases.dealId, deal.id));
    expect(rows).toHaveLength(10);
    const [row] = await t.database.db.select({ sold: deals.quantitySold }).from(deals).where(eq(deals.id, deal.id));
    expect(row?.sold).toBe(10);
  }, 180_000);

  it('keeps one customer to the limit when they buy in parallel', async () => {
    const { deal } = await liveDeal({ quantity_available: 100, per_customer_limit: 3 });
    const customer = await customerAccount();
    const answers = await Promise.all(Array.from({ length: 10 }, () => buy(customer.access, deal.id, 1)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 409).every((a) => a.error().code === 'DEAL_LIMIT_REACHED')).toBe(true);
  }, 60_000);
});

describe('QR fulfilment', () => {
  async function paidPurchase() {
    const fixture = await liveDeal();
    const customer = await customerAccount();
    const purchase = (await buy(customer.access, fixture.deal.id)).json();
    return { ...fixture, customer, purchase };
  }
  const fulfil = (access: string, id: string, payload: Record<string, unknown>) => inject(t.app, endpoints.fulfillDeal, { access, params: { id }, body: raw({ ...payload, action: 'FULFILL' }) });

  it('fulfils a purchase from its QR payload once, tells the customer, and lets them rate the deal', async () => {
    const { shop: s, customer, purchase, deal } = await paidPurchase();
    const done = await fulfil(s.access, purchase.id, { ...purchase.qr, scanned_by: 'front desk' });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toMatch(/^Redeemed: 1 × Two coffees for one for /);
    const again = await fulfil(s.access, purchase.id, purchase.qr ?? {});
    expect(again.statusCode).toBe(409);
    expect(again.error()).toMatchObject({ code: 'ALREADY_FULFILLED', error: expect.stringMatching(/^This purchase was already redeemed on /) });
    const mine = (await inject(t.app, endpoints.myPurchases, { access: customer.access })).json();
    expect(mine.results[0]).toMatchObject({ id: purchase.id, status: 'fulfilled', qr: null, can_rate: true });
    const told = await t.database.db.select().from(notifications).where(eq(notifications.userId, customer.user.id));
    expect(told.map((n) => n.notificationType)).toContain('deal_fulfilled');

    const rated = await inject(t.app, endpoints.rateDeal, { access: customer.access, body: { deal_id: deal.id, rating: 4, comment: 'Good coffee.' } });
    expect(rated.statusCode).toBe(201);
    expect(rated.json()).toMatchObject({ rating_avg: 4, rating_count: 1 });
    expect((await inject(t.app, endpoints.rateDeal, { access: customer.access, body: { deal_id: deal.id, rating: 5 } })).error().code).toBe('ALREADY_RATED');
    const changed = (await inject(t.app, endpoints.updateDealRating, { access: customer.access, params: { deal_id: deal.id }, body: { rating: 2, comment: 'Cold.' } })).json();
    expect(changed).toMatchObject({ rating_avg: 2, rating_count: 1, rating: { comment: 'Cold.' } });
    const ratings = (await inject(t.app, endpoints.dealRatings, { params: { id: deal.id } })).json();
    expect(ratings).toMatchObject({ count: 1, rating_avg: 2, mine: null });
    expect((await inject(t.app, endpoints.dealDetails, { params: { deal_uuid: deal.id } })).json()).toMatchObject({ rating_avg: 2, rating_count: 1 });
  });

  it('refuses a forged, altered or mismatched code, and another shop\'s vendor', async () => {
    const { shop: s, purchase, deal } = await paidPurchase();
    const other = await paidPurchase();
    expect((await fulfil(s.access, purchase.id, { ...purchase.qr, sig: 'x'.repeat(43) })).error().code).toBe('QR_INVALID');
    // Signed by the session secret (JWT_SECRET) instead of QR_SIGNING_SECRET: the two are kept apart.
    expect(purchase.qr?.sig).toBe(qrSignature(testConfig().qrSigningSecret, purchase.id, deal.id));
    const underSessionSecret = qrSignature(testConfig().jwtSecret, purchase.id, deal.id);
    expect((await fulfil(s.access, purchase.id, { ...purchase.qr, sig: underSessionSecret })).error().code).toBe('QR_INVALID');
    expect((await fulfil(s.access, purchase.id, { ...purchase.qr, deal_id: other.deal.id })).error().code).toBe('QR_INVALID');
    expect((await fulfil(s.access, other.purchase.id, purchase.qr ?? {})).error().code).toBe('QR_INVALID');
    const stolen = await fulfil(other.shop.access, purchase.id, purchase.qr ?? {});
    expect(stolen.statusCode).toBe(403);
    expect(stolen.error().error).toBe('This code is for a deal of another shop.');
    const [row] = await t.database.db.select({ status: purchases.status }).from(purchases).where(eq(purchases.id, purchase.id));
    expect(row?.status).toBe('paid');
    const missing = await inject(t.app, endpoints.fulfillDeal, { access: s.access, params: { id: purchase.id }, body: raw({ action: 'FULFILL' }) });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.error().fields ?? {})).toContain('purchase_id');
  });

  it('fulfils once when two devices of the shop scan the same code at once', async () => {
    const { shop: s, purchase } = await paidPurchase();
    const answers = await Promise.all(Array.from({ length: 6 }, () => fulfil(s.access, purchase.id, purchase.qr ?? {})));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409).every((a) => a.error().code === 'ALREADY_FULFILLED')).toBe(true);
  });

  it('lets only a customer with a redeemed purchase rate a deal', async () => {
    const { customer, deal } = await paidPurchase();
    const stranger = await customerAccount();
    expect((await inject(t.app, endpoints.rateDeal, { access: customer.access, body: { deal_id: deal.id, rating: 5 } })).error().code).toBe('RATING_NOT_ALLOWED');
    expect((await inject(t.app, endpoints.rateDeal, { access: stranger.access, body: { deal_id: deal.id, rating: 5 } })).error().code).toBe('RATING_NOT_ALLOWED');
    expect((await inject(t.app, endpoints.updateDealRating, { access: stranger.access, params: { deal_id: deal.id }, body: { rating: 1 } })).error().code).toBe('RATING_NOT_FOUND');
  });
});

describe('refunds and sales', () => {
  it('refunds an unredeemed purchase: the stock returns, the code dies, a redeemed one cannot be refunded', async () => {
    const { shop: s, deal } = await liveDeal({ quantity_available: 2, per_customer_limit: 2 });
    const customer = await customerAccount();
    const purchase = (await buy(customer.access, deal.id, 2)).json();
    expect((await inject(t.app, endpoints.refundPurchase, { access: customer.access, params: { id: purchase.id }, body: { reason: 'Changed my mind' } })).statusCode).toBe(403);
    const other = await shop();
    expect((await inject(t.app, endpoints.refundPurchase, { access: other.access, params: { id: purchase.id }, body: { reason: 'Not mine' } })).statusCode).toBe(404);
    const refunded = (await inject(t.app, endpoints.refundPurchase, { access: s.access, params: { id: purchase.id }, body: { reason: 'Closed for repairs' } })).json();
    expect(refunded).toMatchObject({ status: 'refunded', qr: null });
    expect((await inject(t.app, endpoints.dealDetails, { params: { deal_uuid: deal.id } })).json()).toMatchObject({ remaining: 2, sold_count: 0 });
    const scan = await inject(t.app, endpoints.fulfillDeal, { access: s.access, params: { id: purchase.id }, body: raw({ ...purchase.qr, action: 'FULFILL' }) });
    expect(scan.error().code).toBe('PURCHASE_REFUNDED');
    const second = (await buy(customer.access, deal.id, 1)).json();
    (await inject(t.app, endpoints.fulfillDeal, { access: s.access, params: { id: second.id }, body: { ...(second.qr ?? { purchase_id: '', deal_id: '', sig: '' }), action: 'FULFILL' } })).json();
    expect((await inject(t.app, endpoints.refundPurchase, { access: s.access, params: { id: second.id }, body: { reason: 'Too late' } })).error().code).toBe('REFUND_NOT_ALLOWED');
  });

  it('shows the shop its sales with totals per deal and overall, filtered by dates, and as CSV', async () => {
    const { shop: s, deal } = await liveDeal({ title: '=HYPERLINK("x") latte', per_customer_limit: 3 });
    const buyer = await customerAccount();
    await t.database.db.update(users).set({ firstName: 'Zoë' }).where(eq(users.id, buyer.user.id));
    (await buy(buyer.access, deal.id, 3)).json();
    const sales = (await inject(t.app, endpoints.vendorSales, { access: s.access, params: { id: s.vendorId } })).json();
    expect(sales).toMatchObject({ count: 1, totals: [{ currency: 'USD', amount_cents: 1800, units: 3, purchases: 1 }], today: [{ amount_cents: 1800 }], this_week: [{ amount_cents: 1800 }] });
    expect(sales.results[0]).toMatchObject({ buyer_first_name: 'Zoë', quantity: 3, status: 'paid', total: { amount_cents: 1800 } });
    expect(sales.per_deal).toEqual([{ deal_id: deal.id, title: deal.title, currency: 'USD', amount_cents: 1800, units: 3, fulfilled_units: 0 }]);
    const past = (await inject(t.app, endpoints.vendorSales, { access: s.access, params: { id: s.vendorId }, query: { from: '2020-01-01', to: '2020-01-31' } })).json();
    expect(past).toMatchObject({ count: 0, totals: [] });
    const csv = await t.app.inject({ method: 'GET', url: `/api/get/vendor/sales/${s.vendorId}/csv/`, headers: { authorization: `Bearer ${s.access}` } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body.startsWith('\uFEFFpurchase_id,bought_at,deal,buyer_first_name,quantity,unit_price,total,currency,status')).toBe(true);
    const line = csv.body.split('\r\n')[1] ?? '';
    expect(line).toContain(`"'=HYPERLINK(""x"") latte",Zoë,3,6.00,18.00,USD,paid`);
    const stranger = await shop();
    expect((await inject(t.app, endpoints.vendorSales, { access: stranger.access, params: { id: s.vendorId } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/get/vendor/sales/${s.vendorId}/csv/`, headers: { authorization: `Bearer ${stranger.access}` } })).statusCode).toBe(404);
  });
});
