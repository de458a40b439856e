import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { endpoints, type Deal, type DealInput } from '@localloop/contract';
import { vendorAddresses } from '../src/db/schema.ts';
import type { Clock } from '../src/lib/clock.ts';
import { bookingFixtures } from './booking-fixtures.ts';
import { inject, type TestContext } from './helper.ts';

/**
 * Shops with deals and their buyers for the deals tests: `dealFixtures(() => t, clock)` inside a test file whose app `t`
 * is made in beforeAll.
 */
export function dealFixtures(context: () => TestContext, clock: Clock) {
  const { shopAccount, customerAccount } = bookingFixtures(context, clock);

  /** An instant `h` hours from the clock's now, as ISO text. */
  const hours = (h: number) => new Date(clock().getTime() + h * 3_600_000).toISOString();

  /** An approved shop in Lower Manhattan (12 Water St) and the id of that address. */
  async function shop() {
    const account = await shopAccount();
    const [address] = await context().database.db.select({ id: vendorAddresses.id }).from(vendorAddresses).where(eq(vendorAddresses.vendorId, account.vendorId));
    return { ...account, addressId: address?.id ?? '' };
  }

  const dealInput = (addressId: string, over: Partial<DealInput> = {}): DealInput => ({
    title: 'Two coffees for one',
    description: 'Any two drinks from the menu for the price of one.',
    category: 'Food & Drink',
    original_price: { amount_cents: 1000, currency: 'USD' },
    deal_price: { amount_cents: 600, currency: 'USD' },
    quantity_available: 10,
    per_customer_limit: 2,
    starts_at: hours(-1),
    ends_at: hours(24 * 7),
    address_id: addressId,
    terms: 'One per visit.',
    ...over,
  });

  /** A deal on sale now at a new shop's address. */
  async function liveDeal(over: Partial<DealInput> = {}): Promise<{ shop: Awaited<ReturnType<typeof shop>>; deal: Deal }> {
    const s = await shop();
    const created = await inject(context().app, endpoints.createDeal, { access: s.access, body: dealInput(s.addressId, over) });
    expect(created.statusCode).toBe(201);
    return { shop: s, deal: created.json() };
  }

  const buy = (access: string, dealId: string, quantity = 1, key?: string) =>
    inject(context().app, endpoints.buyDeal, { access, body: { deal_id: dealId, quantity }, ...(key ? { headers: { 'idempotency-key': key } } : {}) });

  return { shopAccount, customerAccount, hours, shop, dealInput, liveDeal, buy };
}
