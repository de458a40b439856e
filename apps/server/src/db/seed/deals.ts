import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { VendorCategory } from '@localloop/contract';
import type { Tx } from '../client.ts';
import { dealImages, deals, purchases, users, vendorAddresses, vendorPhotos, vendors } from '../schema.ts';
import { claimSeedKeys } from './keys.ts';

type DemoDeal = {
  title: string;
  description: string;
  category: VendorCategory;
  original: number;
  price: number;
  quantity: number | null;
  perCustomer: number;
  /** Days from the seed's day: when it goes on sale and ends. */
  startsIn: number;
  endsIn: number;
  terms: string;
  /** Demo customers who bought one each, how long ago, and whether the shop has redeemed it. */
  bought?: { by: string; daysAgo: number; fulfilled: boolean }[];
};

const USER = 'user@example.com';
const MAYA = 'customer1@example.com';
const LEO = 'customer2@example.com';

/** Deals of a few demo shops, so that /PopularDeals near New York has something to show and buy from the start. */
const demoDeals: Record<string, DemoDeal[]> = {
  'vendor@example.com': [
    {
      title: 'Two studio classes for the price of one',
      description: 'Bring a friend to any group class this month: two places, one price. Mats and towels included.',
      category: 'Fitness & Sports',
      original: 5000,
      price: 2500,
      quantity: 40,
      perCustomer: 2,
      startsIn: -3,
      endsIn: 30,
      terms: 'Book your class at the desk. Not valid on workshops.',
      bought: [
        { by: USER, daysAgo: 2, fulfilled: true },
        { by: USER, daysAgo: 0.5, fulfilled: false },
        { by: MAYA, daysAgo: 1, fulfilled: true },
      ],
    },
    {
      title: 'Deep tissue massage, 30% off',
      description: 'Sixty minutes of firm pressure for tight shoulders and back, with a therapist of ten years.',
      category: 'Beauty & Wellness',
      original: 9500,
      price: 6650,
      quantity: 15,
      perCustomer: 1,
      startsIn: -1,
      endsIn: 21,
      terms: 'Weekdays only. Book ahead through the shop.',
      bought: [{ by: LEO, daysAgo: 0.2, fulfilled: false }],
    },
    {
      title: 'New year pilates pack',
      description: 'Five private reformer sessions to start the year, shaped around your goals.',
      category: 'Fitness & Sports',
      original: 35000,
      price: 27500,
      quantity: 10,
      perCustomer: 1,
      startsIn: 7,
      endsIn: 45,
      terms: 'Sessions within three months of purchase.',
    },
  ],
  'vendor2@example.com': [
    {
      title: 'A dozen bagels for $9',
      description: 'Twelve hand-rolled bagels of your choice, baked this morning, with a tub of cream cheese.',
      category: 'Food & Drink',
      original: 1500,
      price: 900,
      quantity: null,
      perCustomer: 3,
      startsIn: -5,
      endsIn: 60,
      terms: 'Pick up before noon. One redemption per visit.',
      bought: [
        { by: MAYA, daysAgo: 3, fulfilled: true },
        { by: LEO, daysAgo: 1, fulfilled: false },
        { by: USER, daysAgo: 4, fulfilled: true },
      ],
    },
  ],
  'vendor10@example.com': [
    {
      title: 'Signature facial with a free hand massage',
      description: 'Cleanse, exfoliate and hydrate, with a relaxing hand massage on the house.',
      category: 'Beauty & Wellness',
      original: 8500,
      price: 5900,
      quantity: 25,
      perCustomer: 1,
      startsIn: -2,
      endsIn: 28,
      terms: 'By appointment. Not with other offers.',
      bought: [{ by: LEO, daysAgo: 1.5, fulfilled: true }],
    },
  ],
  'vendor4@example.com': [
    {
      title: 'Full dog groom, 25% off',
      description: 'Bath, blow-dry, haircut and nails for small and medium breeds, by a groomer who loves nervous pups.',
      category: 'Pets',
      original: 8000,
      price: 6000,
      quantity: 20,
      perCustomer: 2,
      startsIn: -1,
      endsIn: 40,
      terms: 'Large breeds ask at the shop.',
    },
  ],
};

const DAY = 86_400_000;

/**
 * The demo shops' deals at their primary address, once a shop (a second run adds nothing), each led by the shop's first
 * photo once pictures exist (seedDealPictures). The demo customers have bought some (the demo user one to redeem and
 * two redeemed), so My Orders and My Sales have rows and the sold counts are the purchases'. Returns how many shops got
 * deals.
 */
export async function seedDeals(tx: Tx, now = new Date()): Promise<number> {
  const emails = Object.keys(demoDeals);
  const claimed = await claimSeedKeys(tx, emails.map((e) => `deals:${e}`));
  const shops = await tx
    .select({ id: vendors.id, email: users.email, address: vendorAddresses })
    .from(vendors)
    .innerJoin(users, eq(users.id, vendors.userId))
    .innerJoin(vendorAddresses, and(eq(vendorAddresses.vendorId, vendors.id), eq(vendorAddresses.isPrimary, true)))
    .where(inArray(users.email, emails));
  const customers = new Map((await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, [USER, MAYA, LEO]))).map((r) => [r.email, r.id]));
  let seeded = 0;
  for (const shop of shops) {
    const email = shop.email ?? '';
    if (!claimed.has(`deals:${email}`)) continue;
    const a = shop.address;
    const region = [a.state, a.postalCode].map((s) => s.trim()).filter(Boolean).join(' ');
    const made = await tx
      .insert(deals)
      .values(
        (demoDeals[email] ?? []).map((d) => ({
          vendorId: shop.id,
          title: d.title,
          description: d.description,
          category: d.category,
          terms: d.terms,
          originalPriceCents: d.original,
          dealPriceCents: d.price,
          currency: 'USD',
          quantityTotal: d.quantity,
          quantitySold: (d.bought ?? []).filter((b) => customers.has(b.by)).length,
          perCustomerLimit: d.perCustomer,
          startsAt: new Date(now.getTime() + d.startsIn * DAY),
          endsAt: new Date(now.getTime() + d.endsIn * DAY),
          addressId: a.id,
          addressText: [a.line1, a.line2, a.city, region, a.country].map((s) => s.trim()).filter(Boolean).join(', '),
          city: a.city,
          latitude: a.latitude,
          longitude: a.longitude,
        })),
      )
      .returning({ id: deals.id, price: deals.dealPriceCents });
    const list = demoDeals[email] ?? [];
    const bought = made.flatMap((deal, i) =>
      (list[i]?.bought ?? []).flatMap((b) => {
        const customerId = customers.get(b.by);
        if (!customerId) return [];
        const at = new Date(now.getTime() - b.daysAgo * DAY);
        return [
          {
            dealId: deal.id,
            vendorId: shop.id,
            customerId,
            quantity: 1,
            unitPriceCents: deal.price,
            totalCents: deal.price,
            currency: 'USD',
            paymentProvider: 'dummy',
            paymentReference: `dummy_ch_seed_${deal.id.slice(0, 8)}_${b.daysAgo}`,
            status: b.fulfilled ? ('fulfilled' as const) : ('paid' as const),
            fulfilledAt: b.fulfilled ? new Date(Math.min(now.getTime(), at.getTime() + DAY / 4)) : null,
            createdAt: at,
            updatedAt: at,
          },
        ];
      }),
    );
    if (bought.length > 0) await tx.insert(purchases).values(bought);
    seeded += 1;
  }
  return seeded;
}

/** Each demo shop's deal without a picture gets the shop's first photo (once the pictures step has made them). */
export async function seedDealPictures(tx: Tx): Promise<number> {
  const missing = await tx
    .select({ dealId: deals.id, vendorId: deals.vendorId })
    .from(deals)
    .innerJoin(vendors, eq(vendors.id, deals.vendorId))
    .innerJoin(users, eq(users.id, vendors.userId))
    .where(and(inArray(users.email, Object.keys(demoDeals)), sql`NOT EXISTS (SELECT 1 FROM ${dealImages} di WHERE di.deal_id = ${deals.id})`));
  let pictured = 0;
  for (const deal of missing) {
    const [photo] = await tx.select({ mediaId: vendorPhotos.mediaId }).from(vendorPhotos).where(eq(vendorPhotos.vendorId, deal.vendorId)).orderBy(asc(vendorPhotos.position)).limit(1);
    if (!photo) continue;
    // Two processes starting at once on one database both get here: the second's insert is a no-op, not a crash.
    const [added] = await tx.insert(dealImages).values({ dealId: deal.dealId, mediaId: photo.mediaId, position: 0 }).onConflictDoNothing().returning({ dealId: dealImages.dealId });
    if (!added) continue;
    pictured += 1;
  }
  return pictured;
}
