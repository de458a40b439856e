/**
 * Speed of the appointments reads at scale (issue 12): "services near me" and a busy provider's free times of a day.
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx apps/server/src/modules/appointments/appointments.bench.ts
 * (TEST_DATABASE_URL works too; with neither, it runs on an in-memory PGlite.) On PostgreSQL it creates a scratch
 * database, migrates it and inserts VENDORS vendors (default 20 000) in four cities, half of them within 15 km of
 * midtown Manhattan, each with one to five services (about three; a tenth inactive) and a provider who performs them;
 * a hundred Manhattan providers with three bookings a working day (365 days back and 90 ahead) and slots; and one busy
 * provider with a year of history: booked most of every working day, past and future, with the slots of three
 * services made for the whole time. Then, for each read, ROUNDS calls of the service function (p50 / p95; fewer for a
 * slow one, 10 s at most) and the EXPLAIN ANALYZE of the plan a prepared statement keeps. The scratch database is
 * dropped at the end (KEEP=1 keeps it).
 */
import { randomBytes } from 'node:crypto';
import { DateTime } from 'luxon';
import pg from 'pg';
import { and, count, eq, gte, lt, ne, sql } from 'drizzle-orm';
import { AllServicesQuery, TimeSlotsQuery } from '@localloop/contract';
import { openPglite, openPostgres, type Database } from '../../db/client.ts';
import { appointments, favoriteServices, providers, services, timeSlots, users, vendorAddresses, vendors } from '../../db/schema.ts';
import { explain } from '../../../test/explain.ts';
import { allServices } from './catalogue.ts';
import { servicesNearSql } from './services-near.ts';
import { slotsBetween, type SlotRule } from './slot-maths.ts';
import { freeSlots, timeSlotsSql } from './slots.ts';
import { prng } from '../../../test/places.ts';

const VENDORS = Number(process.env.VENDORS ?? 20_000);
const ROUNDS = Number(process.env.ROUNDS ?? 300);
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const random = prng(12);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

/** A point `km` at most from the centre, uniformly over the disc. */
function around(lat: number, lng: number, km: number) {
  const r = km * Math.sqrt(random());
  const a = random() * 2 * Math.PI;
  return { latitude: lat + (r * Math.cos(a)) / 111.195, longitude: lng + (r * Math.sin(a)) / (111.195 * Math.cos((lat * Math.PI) / 180)) };
}

const manhattan = { lat: 40.758, lng: -73.9855 };
const cities = [
  { name: 'New York', share: 0.5, lat: manhattan.lat, lng: manhattan.lng, km: 15, timeZone: 'America/New_York' },
  { name: 'Chicago', share: 0.2, lat: 41.8781, lng: -87.6298, km: 20, timeZone: 'America/Chicago' },
  { name: 'Los Angeles', share: 0.2, lat: 34.0522, lng: -118.2437, km: 30, timeZone: 'America/Los_Angeles' },
  { name: 'Boston', share: 0.1, lat: 42.3601, lng: -71.0589, km: 15, timeZone: 'America/New_York' },
] as const;
const cityOf = (i: number) => {
  let at = (i % 100) / 100;
  for (const c of cities) {
    if (at < c.share) return c;
    at -= c.share;
  }
  return cities[0];
};

const offerings = [
  ['Haircut', 'Beauty & Wellness'],
  ['Beard trim', 'Beauty & Wellness'],
  ['Deep tissue massage', 'Beauty & Wellness'],
  ['Signature facial', 'Beauty & Wellness'],
  ['Manicure', 'Beauty & Wellness'],
  ['Personal training', 'Fitness & Sports'],
  ['Yoga class', 'Fitness & Sports'],
  ['Physiotherapy session', 'Health & Care'],
  ['Dental check-up', 'Health & Care'],
  ['House cleaning', 'Home Services'],
  ['Piano lesson', 'Education & Classes'],
  ['Dog grooming', 'Pets'],
  ['Tax consultation', 'Professional Services'],
  ['Car detailing', 'Automotive'],
] as const;
const words = ['Golden', 'Sunrise', 'Hudson', 'Liberty', 'Harbor', 'Corner', 'Bright', 'Green', 'Urban', 'Maple', 'Little', 'Union'];
const kinds = ['Studio', 'Salon', 'Clinic', 'Works', 'House', 'Lab', 'Room', 'Co'];

async function openScratch(): Promise<{ database: Database; drop: () => Promise<void>; where: string }> {
  if (!serverUrl) return { database: await openPglite({ memory: true }), drop: async () => undefined, where: 'PGlite (in memory)' };
  const name = `ll_bench_appointments_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const { rows } = await admin.query<{ server_version: string }>('SHOW server_version');
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), 4);
  return {
    database,
    where: `PostgreSQL ${rows[0]?.server_version ?? ''} (database ${name})`,
    drop: async () => {
      await database.close();
      if (!process.env.KEEP) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

const hoursOpen = { opensMinute: 9 * 60, closesMinute: 18 * 60 };
/** The busy shop's longer day: 08:00-20:00. */
const busyHours = { opensMinute: 8 * 60, closesMinute: 20 * 60 };
const workingDays = [1, 2, 3, 4, 5, 6];

/** The directory-sized marketplace: vendors, addresses, services, one provider each, opening hours. */
async function fillShops(database: Database) {
  const { db } = database;
  let counts = { addresses: 0, services: 0 };
  const batch = 1000;
  for (let start = 0; start < VENDORS; start += batch) {
    const n = Math.min(batch, VENDORS - start);
    const people = await db
      .insert(users)
      .values(Array.from({ length: n }, (_, i) => ({ email: `bench-${start + i}@example.test`, username: `bench_${start + i}` })))
      .returning({ id: users.id });
    const shops = await db
      .insert(vendors)
      .values(
        people.map((p, i) => {
          const approved = random() < 0.92;
          return {
            userId: p.id,
            businessName: `${pick(words)} ${pick(kinds)} ${start + i}`,
            category: 'Beauty & Wellness' as const,
            description: 'A benchmark vendor.',
            timeZone: cityOf(start + i).timeZone,
            timeZoneAuto: false,
            kycStatus: approved ? ('approved' as const) : ('pending' as const),
            isApproved: approved,
            approvedAt: approved ? new Date() : null,
            ratingCount: 3,
            ratingSum: 12,
          };
        }),
      )
      .returning({ id: vendors.id });
    const addresses = shops.flatMap((s, i) => {
      const city = cityOf(start + i);
      return Array.from({ length: random() < 0.3 ? 2 : 1 }, (_, j) => ({
        vendorId: s.id,
        line1: `${Math.floor(random() * 900) + 1} Main Street`,
        city: city.name,
        country: 'United States',
        isPrimary: j === 0,
        ...around(city.lat, city.lng, city.km),
      }));
    });
    await db.insert(vendorAddresses).values(addresses);
    const offered = shops.flatMap((s) =>
      Array.from({ length: 1 + Math.floor(random() * 5) }, () => {
        const [name, category] = pick(offerings);
        return {
          vendorId: s.id,
          name,
          category,
          durationMinutes: pick([30, 45, 60, 90]),
          bufferMinutes: pick([0, 0, 15]),
          priceCents: 1500 + 500 * Math.floor(random() * 30),
          currency: 'USD',
          isActive: random() > 0.1,
        };
      }),
    );
    await db.insert(services).values(offered);
    await db.insert(providers).values(shops.map((s) => ({ vendorId: s.id, name: pick(['Ana', 'Ben', 'Chloe', 'Dev', 'Eli', 'Fay']) })));
    counts = { addresses: counts.addresses + addresses.length, services: counts.services + offered.length };
  }
  // Every provider performs their shop's services; shops open 09:00-18:00, Monday to Saturday.
  await db.execute(sql`INSERT INTO provider_services (provider_id, service_id, vendor_id)
    SELECT p.id, s.id, p.vendor_id FROM providers p JOIN services s ON s.vendor_id = p.vendor_id`);
  await db.execute(sql`INSERT INTO vendor_hours (vendor_id, weekday, opens_minute, closes_minute)
    SELECT v.id, d, ${hoursOpen.opensMinute}, ${hoursOpen.closesMinute} FROM vendors v CROSS JOIN generate_series(1, 6) AS d`);
  return counts;
}

/**
 * A hundred Manhattan providers, each with three bookings every working day for a year and the next three months (365 days back, 90 ahead) and
 * slots of one service for the next 90 days: the tables the busy provider's reads share.
 */
async function fillOtherBookings(database: Database) {
  await database.db.execute(sql`
    WITH chosen AS (
      SELECT DISTINCT ON (p.id) p.id, p.vendor_id, p.name, s.id AS service_id, s.name AS service_name, s.duration_minutes, s.buffer_minutes, s.price_cents, s.currency
      FROM providers p JOIN services s ON s.vendor_id = p.vendor_id JOIN vendors v ON v.id = p.vendor_id
      WHERE v.time_zone = 'America/New_York' AND v.listed ORDER BY p.id, s.id LIMIT 100
    )
    INSERT INTO appointments (vendor_id, provider_id, service_id, service_name, provider_name, duration_minutes, starts_at, ends_at, blocked_until,
      time_zone, status, price_cents, currency)
    SELECT c.vendor_id, c.id, c.service_id, c.service_name, c.name, c.duration_minutes, at,
      at + make_interval(mins => c.duration_minutes), at + make_interval(mins => c.duration_minutes + c.buffer_minutes), 'America/New_York',
      (CASE WHEN at < now() THEN 'completed' ELSE 'confirmed' END)::appointment_status, c.price_cents, c.currency
    FROM chosen c
    CROSS JOIN generate_series(current_date - 365, current_date + 90, interval '1 day') AS day
    CROSS JOIN generate_series(0, 2) AS k
    CROSS JOIN LATERAL (SELECT (day::date + time '10:00' + k * interval '2 hours') AT TIME ZONE 'America/New_York' AS at) AS t
    WHERE extract(isodow FROM day) < 7`);
  await database.db.execute(sql`
    INSERT INTO time_slots (provider_id, service_id, starts_at, ends_at)
    SELECT a.provider_id, a.service_id, at, at + make_interval(mins => s.duration_minutes)
    FROM (SELECT DISTINCT provider_id, service_id FROM appointments) a JOIN services s ON s.id = a.service_id
    CROSS JOIN generate_series(current_date, current_date + 90, interval '1 day') AS day
    CROSS JOIN generate_series(0, 7) AS k
    CROSS JOIN LATERAL (SELECT (day::date + time '09:00' + k * interval '1 hour') AT TIME ZONE 'America/New_York' AS at) AS t
    WHERE extract(isodow FROM day) < 7
    ON CONFLICT DO NOTHING`);
}

/**
 * The busy shop in midtown, open 08:00-20:00 Monday to Saturday: three services, one provider with a year of history
 * (booked most of every working day, 365 days back and 90 ahead; a tenth cancelled), and the slots of each service
 * made for that whole year.
 */
async function fillBusyProvider(database: Database) {
  const { db } = database;
  const timeZone = 'America/New_York';
  const [owner] = await db.insert(users).values({ email: 'busy@example.test', username: 'busy_owner' }).returning({ id: users.id });
  if (!owner) throw new Error('no owner');
  const [shop] = await db
    .insert(vendors)
    .values({ userId: owner.id, businessName: 'Busy Barbers', category: 'Beauty & Wellness', timeZone, timeZoneAuto: false, kycStatus: 'approved', isApproved: true, approvedAt: new Date() })
    .returning({ id: vendors.id });
  if (!shop) throw new Error('no shop');
  await db.insert(vendorAddresses).values({ vendorId: shop.id, line1: '1 Busy Street', city: 'New York', country: 'United States', isPrimary: true, latitude: 40.7549, longitude: -73.984 });
  const menu = await db
    .insert(services)
    .values([
      { vendorId: shop.id, name: 'Haircut', category: 'Beauty & Wellness', durationMinutes: 30, bufferMinutes: 0, priceCents: 3500, currency: 'USD' },
      { vendorId: shop.id, name: 'Cut and beard', category: 'Beauty & Wellness', durationMinutes: 45, bufferMinutes: 15, priceCents: 5000, currency: 'USD' },
      { vendorId: shop.id, name: 'Colour', category: 'Beauty & Wellness', durationMinutes: 90, bufferMinutes: 15, priceCents: 9000, currency: 'USD' },
    ])
    .returning();
  const [provider] = await db.insert(providers).values({ vendorId: shop.id, name: 'Ana' }).returning({ id: providers.id });
  if (!provider) throw new Error('no provider');
  await db.execute(sql`INSERT INTO provider_services (provider_id, service_id, vendor_id) SELECT ${provider.id}, id, vendor_id FROM services WHERE vendor_id = ${shop.id}`);
  await db.execute(sql`INSERT INTO vendor_hours (vendor_id, weekday, opens_minute, closes_minute)
    SELECT ${shop.id}, d, ${busyHours.opensMinute}, ${busyHours.closesMinute} FROM generate_series(1, 6) AS d`);

  const today = DateTime.now().setZone(timeZone).startOf('day');
  const first = today.minus({ days: 365 });
  const last = today.plus({ days: 90 });
  const hours = workingDays.map((weekday) => ({ weekday, ...busyHours }));
  let slots = 0;
  for (const s of menu) {
    const rule: SlotRule = { timeZone, hours, daysOff: new Set(), durationMinutes: s.durationMinutes, bufferMinutes: s.bufferMinutes };
    const made = slotsBetween(first.toISODate() ?? '', last.toISODate() ?? '', rule, new Date(0));
    for (let i = 0; i < made.length; i += 1000) await db.insert(timeSlots).values(made.slice(i, i + 1000).map((m) => ({ providerId: provider.id, serviceId: s.id, ...m })));
    slots += made.length;
  }

  const now = new Date();
  const rows: (typeof appointments.$inferInsert)[] = [];
  for (let day = first; day <= last; day = day.plus({ days: 1 })) {
    if (day.weekday === 7) continue;
    // Booked back to back from opening, a gap now and then, until closing.
    for (let minute = busyHours.opensMinute; ; ) {
      const s = pick(menu);
      if (minute + s.durationMinutes > busyHours.closesMinute) break;
      if (random() < 0.3) {
        minute += 30;
        continue;
      }
      const startsAt = day.plus({ minutes: minute }).toJSDate();
      const endsAt = new Date(startsAt.getTime() + s.durationMinutes * 60_000);
      const past = endsAt < now;
      const cancelled = random() < 0.1;
      const status = cancelled ? 'cancelled' : past ? (random() < 0.05 ? 'no_show' : 'completed') : random() < 0.3 ? 'pending' : 'confirmed';
      rows.push({
        vendorId: shop.id,
        providerId: provider.id,
        serviceId: s.id,
        serviceName: s.name,
        providerName: 'Ana',
        durationMinutes: s.durationMinutes,
        startsAt,
        endsAt,
        blockedUntil: new Date(endsAt.getTime() + s.bufferMinutes * 60_000),
        timeZone,
        status,
        priceCents: s.priceCents,
        currency: s.currency,
        cancelReason: cancelled ? 'Plans changed' : null,
        cancelledBy: cancelled ? 'customer' : null,
      });
      minute += s.durationMinutes + s.bufferMinutes;
    }
  }
  for (let i = 0; i < rows.length; i += 500) await db.insert(appointments).values(rows.slice(i, i + 500));
  return { ownerId: owner.id, vendorId: shop.id, providerId: provider.id, services: menu, bookings: rows.length, slots, today };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** p50 / p95 / max of ROUNDS calls, or of as many as fit in ten seconds (at least 30): a slow filter does not hold the bench up. */
async function timed(call: () => Promise<unknown>) {
  await call();
  const times: number[] = [];
  const end = performance.now() + 10_000;
  while (times.length < ROUNDS && (times.length < 30 || performance.now() < end)) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { calls: times.length, p50: percentile(times, 0.5), p95: percentile(times, 0.95), max: times.at(-1) ?? 0 };
}

/** The plan's nodes without costs, and its times: what a reader needs to see which index answered. */
function summary(plan: string[]): string {
  const nodes = plan
    .filter((line, i) => i === 0 || line.includes('->') || /^\s*(SubPlan \d+|Order By|Index Cond|Execution Time|Planning Time)\b/.test(line))
    .map((line) => line.replace(/\s*\(cost=[^)]*\)/, '').replace(/\(actual time=[\d.]+\.\.([\d.]+) rows=([\d.]+) loops=(\d+)\)/, '(rows=$2 loops=$3, $1 ms)'));
  return nodes.map((line) => (line.length > 160 ? `${line.slice(0, 157)}...` : line)).join('\n');
}

const { database, drop, where } = await openScratch();
try {
  let started = performance.now();
  await database.migrate();
  const shops = await fillShops(database);
  const shopsMs = performance.now() - started;
  started = performance.now();
  await fillOtherBookings(database);
  const busy = await fillBusyProvider(database);
  const [caller] = await database.db.insert(users).values({ email: 'bench-caller@example.test', username: 'bench_caller' }).returning({ id: users.id });
  if (!caller) throw new Error('no caller');
  await database.db.execute(sql`INSERT INTO favorite_services (user_id, service_id) SELECT ${caller.id}, id FROM services WHERE is_active ORDER BY md5(id::text) LIMIT 200`);
  await database.db.execute(sql`ANALYZE`);
  const bookingsMs = performance.now() - started;
  const [{ n: appointmentRows } = { n: 0 }] = await database.db.select({ n: sql<number>`count(*)::int` }).from(appointments);
  const [{ n: slotRows } = { n: 0 }] = await database.db.select({ n: sql<number>`count(*)::int` }).from(timeSlots);
  const [{ n: favoriteRows } = { n: 0 }] = await database.db.select({ n: sql<number>`count(*)::int` }).from(favoriteServices);
  console.log(
    `${where}: ${VENDORS} vendors, ${shops.addresses} addresses, ${shops.services} services in ${Math.round(shopsMs)} ms; ` +
      `${appointmentRows} bookings (${busy.bookings} of the busy provider, 365 days back and 90 ahead), ${slotRows} slots (${busy.slots} of the busy provider), ` +
      `${favoriteRows} favorites of the caller, in ${Math.round(bookingsMs)} ms. Up to ${ROUNDS} calls of each service function (10 s at most).\n`,
  );

  const deps = { db: database.db, clock: () => new Date(), mediaUrl: (key: string) => `/media/${key}` };
  const near = { lat: manhattan.lat, lng: manhattan.lng };
  const cases: { name: string; query: Record<string, string | number> }[] = [
    { name: 'midtown, 25 km, nearest first', query: near },
    { name: 'midtown, 2 km, nearest first', query: { ...near, radius_km: 2 } },
    { name: 'midtown, 25 km, page 20', query: { ...near, page: 20 } },
    { name: 'midtown, 10 km, Health & Care', query: { ...near, radius_km: 10, category: 'Health & Care' } },
    { name: "midtown, 25 km, q='massage'", query: { ...near, q: 'massage' } },
    { name: "midtown, 10 km, q='hiarcut' (a typo)", query: { ...near, radius_km: 10, q: 'hiarcut' } },
    { name: 'midtown, 25 km, $20-$40', query: { ...near, min_price_cents: 2000, max_price_cents: 4000 } },
    { name: "one shop's services (its page)", query: { ...near, vendor_id: busy.vendorId } },
  ];
  console.log('| services near me (signed in) | results (total) | calls | p50 | p95 | max | generic plan execution (page + count) |');
  console.log('|---|---|---:|---:|---:|---:|---|');
  const plans: string[] = [];
  const executionOf = (lines: string[]) => lines.find((line) => line.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '–';
  for (const c of cases) {
    const query = AllServicesQuery.parse(c.query);
    const statements = servicesNearSql(database.db, caller.id, query);
    const plan = await explain(database, statements.page, { analyze: true, generic: true });
    const countPlan = statements.count ? await explain(database, statements.count, { analyze: true, generic: true }) : [];
    if (c === cases[0] || c === cases[3] || c === cases[4]) plans.push(`${c.name}:\n${summary(plan)}${countPlan.length ? `\n  the capped count:\n${summary(countPlan)}` : ''}`);
    const answer = await allServices(deps, caller.id, query);
    const t = await timed(() => allServices(deps, caller.id, query));
    const execution = `${executionOf(plan)}${countPlan.length ? ` + count ${executionOf(countPlan)}` : ''}`;
    console.log(
      `| ${c.name} | ${answer.results.length} (${answer.count}${answer.count_capped ? '+' : ''}) | ${t.calls} | ${t.p50.toFixed(2)} ms | ${t.p95.toFixed(2)} ms | ${t.max.toFixed(1)} ms | ${execution} |`,
    );
  }

  // The busy provider's free times: the busiest working day of the next two weeks (from two days ahead, so the clock
  // cuts nothing), and the same day for a service that the bookings block most.
  const days = Array.from({ length: 14 }, (_, i) => busy.today.plus({ days: i + 2 })).filter((d) => d.weekday !== 7);
  const liveOn = async (day: DateTime) => {
    const [row] = await database.db
      .select({ n: count() })
      .from(appointments)
      .where(
        and(
          eq(appointments.providerId, busy.providerId),
          ne(appointments.status, 'cancelled'),
          gte(appointments.startsAt, day.toJSDate()),
          lt(appointments.startsAt, day.plus({ days: 1 }).toJSDate()),
        ),
      );
    return { n: row?.n ?? 0 };
  };
  let busiest = days[0] ?? busy.today;
  let most = -1;
  for (const day of days) {
    const { n } = await liveOn(day);
    if (n > most) [busiest, most] = [day, n];
  }
  const forDate = busiest.toISODate() ?? '';
  console.log(`\n| get-time-slots, busy provider, ${forDate} (${most} live bookings that day) | free slots | calls | p50 | p95 | max | target |`);
  console.log('|---|---:|---:|---:|---:|---:|---|');
  let slotsMet = true;
  const slotQueries = busy.services.map((s) => ({ name: `${s.name} (${s.durationMinutes} min + ${s.bufferMinutes})`, query: TimeSlotsQuery.parse({ provider_id: busy.providerId, service_id: s.id, for_date: forDate }) }));
  slotQueries.push({ name: 'Haircut, from 14:00', query: TimeSlotsQuery.parse({ provider_id: busy.providerId, service_id: busy.services[0]?.id, for_date: forDate, time: '14:00' }) });
  for (const c of slotQueries) {
    const answer = await freeSlots(deps, null, c.query);
    const t = await timed(() => freeSlots(deps, null, c.query));
    const ok = t.p95 < 10;
    slotsMet &&= ok;
    console.log(`| ${c.name} | ${answer.slots.length} | ${t.calls} | ${t.p50.toFixed(2)} ms | ${t.p95.toFixed(2)} ms | ${t.max.toFixed(1)} ms | ${ok ? 'met' : 'NOT met'} (p95 < 10 ms) |`);
  }

  // get-time-slots' two statements, planned generically (as a prepared statement is after its fifth call).
  const haircut = busy.services[0];
  if (haircut) {
    const statements = timeSlotsSql(database.db, {
      provider_id: busy.providerId,
      service_id: haircut.id,
      for_date: forDate,
      from: busiest.toJSDate().toISOString(),
      to: busiest.plus({ days: 1 }).toJSDate().toISOString(),
      buffer: haircut.bufferMinutes,
    });
    const pairingPlan = await explain(database, statements.pairing, { analyze: true, generic: true });
    const slotsPlan = await explain(database, statements.slots, { analyze: true, generic: true });
    plans.push(`get-time-slots, the pairing with its hours and day off (Haircut, ${forDate}):\n${summary(pairingPlan)}`);
    plans.push(`get-time-slots, the free slots of the day:\n${summary(slotsPlan)}`);
  }
  console.log(`\nget-time-slots target (p95 < 10 ms): ${slotsMet ? 'met' : 'NOT met'}.`);
  // PLANS=0 leaves the plans out (the bench prints them for PostgreSQL only).
  if (process.env.PLANS !== '0') console.log(`\nEXPLAIN (ANALYZE) of the main statements, generic plans (nodes, rows, loops, time to the last row):\n\n${plans.join('\n\n')}`);
} finally {
  await drop();
}
