import { eq, inArray } from 'drizzle-orm';
import type { Currency, VendorCategory } from '@localloop/contract';
import type { Tx } from '../client.ts';
import { providerServices, providers, services, timeSlots, users, vendorHours, vendors } from '../schema.ts';
import { slotsBetween, todayIn } from '../../modules/appointments/index.ts';
import { claimSeedKeys } from './keys.ts';

type DemoService = { name: string; description: string; category: VendorCategory; duration: number; buffer: number; price: number; currency?: Currency };
type DemoShop = { email: string; services: DemoService[]; providers: { name: string; bio: string; performs: string[] }[] };

/** Services and staff of a few demo shops, so that services can be browsed and booked near New York from the start. */
const demoShops: DemoShop[] = [
  {
    email: 'vendor@example.com',
    services: [
      { name: 'Deep tissue massage', description: 'Sixty minutes of firm pressure for tight shoulders and back.', category: 'Beauty & Wellness', duration: 60, buffer: 15, price: 9500 },
      { name: 'Private pilates session', description: 'One-to-one reformer session shaped around your goals.', category: 'Fitness & Sports', duration: 45, buffer: 15, price: 7000 },
    ],
    providers: [
      { name: 'Marisol Vega', bio: 'Licensed massage therapist, ten years in Lower Manhattan.', performs: ['Deep tissue massage'] },
      { name: 'Tom Becker', bio: 'Pilates instructor and former dancer.', performs: ['Private pilates session', 'Deep tissue massage'] },
    ],
  },
  {
    email: 'vendor10@example.com',
    services: [
      { name: 'Signature facial', description: 'Cleanse, exfoliate and hydrate, with a relaxing hand massage.', category: 'Beauty & Wellness', duration: 50, buffer: 10, price: 8500 },
      { name: 'Express manicure', description: 'Shape, cuticle care and a polish of your choice.', category: 'Beauty & Wellness', duration: 30, buffer: 0, price: 3000 },
    ],
    providers: [{ name: 'Aisha Khan', bio: 'Esthetician who loves a good skin routine.', performs: ['Signature facial', 'Express manicure'] }],
  },
  {
    email: 'vendor4@example.com',
    services: [{ name: 'Full groom for dogs', description: 'Bath, blow-dry, haircut and nails. Small and medium breeds.', category: 'Pets', duration: 90, buffer: 30, price: 8000 }],
    providers: [{ name: 'Sam Ortiz', bio: 'Groomer with a soft spot for nervous pups.', performs: ['Full groom for dogs'] }],
  },
];

/** How far ahead the demo shops' slots are made when the demo data is added. */
const SLOT_DAYS = 60;

/**
 * The demo shops' services and providers (who follow the shop's hours), and their slots for the weeks to come, once a
 * shop: a second run adds nothing. Returns how many shops got them.
 */
export async function seedAppointments(tx: Tx, now = new Date()): Promise<number> {
  const claimed = await claimSeedKeys(tx, demoShops.map((s) => `services:${s.email}`));
  const shops = await tx
    .select({ id: vendors.id, email: users.email, timeZone: vendors.timeZone })
    .from(vendors)
    .innerJoin(users, eq(users.id, vendors.userId))
    .where(inArray(users.email, demoShops.map((s) => s.email)));
  let seeded = 0;
  for (const shop of shops) {
    const demo = demoShops.find((s) => s.email === shop.email);
    if (!demo || !claimed.has(`services:${shop.email}`)) continue;
    const [existing] = await tx.select({ id: services.id }).from(services).where(eq(services.vendorId, shop.id)).limit(1);
    if (existing) continue;
    const made = await tx
      .insert(services)
      .values(
        demo.services.map((s, i) => ({
          vendorId: shop.id,
          name: s.name,
          description: s.description,
          category: s.category,
          durationMinutes: s.duration,
          bufferMinutes: s.buffer,
          priceCents: s.price,
          currency: s.currency ?? 'USD',
          createdAt: new Date(now.getTime() - (demo.services.length - i) * 86_400_000),
        })),
      )
      .returning();
    const hours = await tx
      .select({ weekday: vendorHours.weekday, opensMinute: vendorHours.opensMinute, closesMinute: vendorHours.closesMinute })
      .from(vendorHours)
      .where(eq(vendorHours.vendorId, shop.id));
    const today = todayIn(shop.timeZone, now);
    const last = new Date(Date.parse(today) + (SLOT_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
    for (const p of demo.providers) {
      const [provider] = await tx.insert(providers).values({ vendorId: shop.id, name: p.name, bio: p.bio }).returning({ id: providers.id });
      if (!provider) continue;
      for (const service of made.filter((s) => p.performs.includes(s.name))) {
        await tx.insert(providerServices).values({ providerId: provider.id, serviceId: service.id, vendorId: shop.id });
        const rule = { timeZone: shop.timeZone, hours, daysOff: new Set<string>(), durationMinutes: service.durationMinutes, bufferMinutes: service.bufferMinutes };
        const slots = slotsBetween(today, last, rule, now);
        for (let i = 0; i < slots.length; i += 500) {
          const chunk = slots.slice(i, i + 500).map((s) => ({ providerId: provider.id, serviceId: service.id, startsAt: s.startsAt, endsAt: s.endsAt }));
          await tx.insert(timeSlots).values(chunk).onConflictDoNothing();
        }
      }
    }
    seeded += 1;
  }
  return seeded;
}
