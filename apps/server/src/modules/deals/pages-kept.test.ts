import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type Deal } from '@localloop/contract';
import { vendors } from '../../db/schema.ts';
import { dealFixtures } from '../../../test/deal-fixtures.ts';
import { createTestApp, inject, testClock, type TestContext } from '../../../test/helper.ts';

/**
 * A deal's page for signed-in people (catalogue.ts): the deal's fixed columns, its shop and pictures kept for everyone
 * reading it signed in, from the second ask; what moves (stock, pause, ratings, address) and the caller's own units
 * read afresh, for all the pages asked at once in one statement (lib/batched-reads.ts). A shop renamed in the database
 * behind the app's back shows whether the shop was read or kept.
 */
let t: TestContext;
const clock = testClock();
const { customerAccount, liveDeal, buy } = dealFixtures(() => t, clock);

beforeAll(async () => {
  t = await createTestApp({ clock, config: { publicAnswerTtlMs: 10_000 } });
});
afterAll(() => t.close());

const near = { lat: 40.7128, lng: -74.006 };

async function page(dealId: string, access?: string, location?: { lat: number; lng: number }): Promise<Deal> {
  const res = await inject(t.app, endpoints.dealDetails, { params: { deal_uuid: dealId }, ...(access ? { access } : {}), ...(location ? { query: { location: JSON.stringify(location) } } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const renameShop = (vendorId: string, businessName: string) => t.database.db.update(vendors).set({ businessName }).where(eq(vendors.id, vendorId));

describe("a deal's page, signed in", () => {
  it("keeps the shop for a while but shows the stock, the pause and the caller's own units at once", async () => {
    const { shop, deal } = await liveDeal({ quantity_available: 10, per_customer_limit: 2 });
    const [buyer, other] = [await customerAccount(), await customerAccount()];
    const before = (await page(deal.id, buyer.access)).vendor.business_name;
    // Kept from the second ask.
    await page(deal.id, other.access);
    await renameShop(shop.vendorId, 'Renamed behind the app');

    expect((await buy(buyer.access, deal.id, 2)).statusCode).toBe(201);
    expect(await page(deal.id, buyer.access)).toMatchObject({ vendor: { business_name: before }, sold_count: 2, remaining: 8, my_quantity: 2, can_buy_quantity: 0, is_owner: false });
    expect(await page(deal.id, other.access)).toMatchObject({ sold_count: 2, remaining: 8, my_quantity: 0, can_buy_quantity: 2 });
    // The shop's owner reads all afresh.
    expect(await page(deal.id, shop.access)).toMatchObject({ vendor: { business_name: 'Renamed behind the app' }, is_owner: true, my_quantity: null, can_buy_quantity: null });

    expect((await inject(t.app, endpoints.pauseDeal, { access: shop.access, params: { id: deal.id }, body: { paused: true } })).statusCode).toBe(200);
    expect(await page(deal.id, other.access)).toMatchObject({ state: 'paused', is_paused: true, can_buy_quantity: 0 });
    clock.advance(10_001);
    expect((await page(deal.id, other.access)).vendor.business_name).toBe('Renamed behind the app');
  });

  it("answers pages asked at once, of several deals by several people, each with the asker's own units and the distance visitors see", async () => {
    const [first, second] = [await liveDeal({ per_customer_limit: 3 }), await liveDeal({ per_customer_limit: 3 })];
    const people = [await customerAccount(), await customerAccount(), await customerAccount()];
    // Person n holds n units of the first deal and none of the second.
    for (const [n, person] of people.entries()) if (n > 0) expect((await buy(person.access, first.deal.id, n)).statusCode).toBe(201);
    const asked = Array.from({ length: 30 }, (_, i) => ({ deal: i % 2 === 0 ? first.deal : second.deal, n: i % 3 }));
    const pages = await Promise.all(asked.map(({ deal, n }) => page(deal.id, people[n]?.access, near)));
    const visitors = new Map([[first.deal.id, await page(first.deal.id, undefined, near)], [second.deal.id, await page(second.deal.id, undefined, near)]]);
    for (const [i, { deal, n }] of asked.entries()) {
      const held = deal.id === first.deal.id ? n : 0;
      const visitor = visitors.get(deal.id);
      expect(pages[i]).toEqual({ ...visitor, my_quantity: held, can_buy_quantity: 3 - held });
    }
    expect(visitors.get(first.deal.id)?.distance_km).toBeGreaterThan(1);
  });

  it("answers 404 for a deal that does not exist, and for a suspended shop's deal to all but the shop", async () => {
    const person = await customerAccount();
    const missing = await inject(t.app, endpoints.dealDetails, { access: person.access, params: { deal_uuid: '00000000-0000-4000-8000-000000000000' } });
    expect(missing.statusCode).toBe(404);
    const { shop, deal } = await liveDeal();
    await t.database.db.update(vendors).set({ isSuspended: true }).where(eq(vendors.id, shop.vendorId));
    expect((await inject(t.app, endpoints.dealDetails, { access: person.access, params: { deal_uuid: deal.id } })).statusCode).toBe(404);
    expect(await page(deal.id, shop.access)).toMatchObject({ is_owner: true, state: 'paused' });
  });
});
