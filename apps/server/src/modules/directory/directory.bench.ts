/**
 * Speed of the vendor directory at scale, and proof that the "near me" filter uses the GiST index:
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx apps/server/src/modules/directory/directory.bench.ts
 * (TEST_DATABASE_URL works too; with neither, it runs on an in-memory PGlite.) On PostgreSQL it creates a scratch
 * database, migrates it, inserts VENDORS vendors (default 20 000; ~30 % with a second address) spread over the
 * New York region with half of them within 30 km of Manhattan (a third with a logo; the caller has 200 favorites), then prints for each query the plan's use of
 * vendor_addresses_earth_idx, the EXPLAIN ANALYZE execution time and the mean / p95 of the service call.
 * The scratch database is dropped at the end (KEEP=1 keeps it).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { VendorListQuery, vendorCategories } from '@localloop/contract';
import { openPglite, openPostgres, type Database } from '../../db/client.ts';
import { favoriteVendors, media, users, vendorAddresses, vendors } from '../../db/schema.ts';
import { explain } from '../../../test/explain.ts';
import { listVendors, vendorListSql } from './list.ts';
import { prng } from '../../../test/places.ts';

const VENDORS = Number(process.env.VENDORS ?? 20_000);
const ROUNDS = Number(process.env.ROUNDS ?? 30);
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const random = prng(42);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

const firstWords = ['Golden', 'Sunrise', 'Hudson', 'Liberty', 'Empire', 'Harbor', 'Corner', 'Brooklyn', 'Queens', 'Bright', 'Green', 'Urban', 'Maple', 'Blue Door', 'Little', 'Union'];
const secondWords = ['Bakery', 'Yoga Studio', 'Coffee', 'Barbers', 'Dental', 'Auto Repair', 'Pet Grooming', 'Music School', 'Spa', 'Deli', 'Books', 'Fitness', 'Florist', 'Tailor', 'Pizza', 'Tax Services'];

/** A point `km` at most from the centre, uniformly over the disc. */
function around(lat: number, lng: number, km: number) {
  const r = km * Math.sqrt(random());
  const a = random() * 2 * Math.PI;
  return { latitude: lat + (r * Math.cos(a)) / 111.195, longitude: lng + (r * Math.sin(a)) / (111.195 * Math.cos((lat * Math.PI) / 180)) };
}
const manhattan = { lat: 40.758, lng: -73.9855 };
const somewhere = () => (random() < 0.5 ? around(manhattan.lat, manhattan.lng, 30) : around(manhattan.lat, manhattan.lng, 250));

async function openScratch(): Promise<{ database: Database; drop: () => Promise<void>; where: string }> {
  if (!serverUrl) return { database: await openPglite({ memory: true }), drop: async () => undefined, where: 'PGlite (in memory)' };
  const name = `ll_bench_directory_${randomBytes(3).toString('hex')}`;
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

async function fill(database: Database): Promise<{ addresses: number; callerId: string }> {
  const { db } = database;
  let addresses = 0;
  const batch = 1000;
  for (let start = 0; start < VENDORS; start += batch) {
    const n = Math.min(batch, VENDORS - start);
    const people = await db
      .insert(users)
      .values(Array.from({ length: n }, (_, i) => ({ email: `bench-${start + i}@example.test`, phoneNumber: `+1999${String(start + i).padStart(7, '0')}`, username: `bench_${start + i}` })))
      .returning({ id: users.id });
    // A logo for about a third of them, so the logo join meets a media table of realistic size.
    const logos = new Map(
      (
        await db
          .insert(media)
          .values(
            people
              .filter(() => random() < 0.3)
              .map((p) => ({ ownerId: p.id, storageKey: `images/${p.id}.jpg`, thumbnailKey: `images/${p.id}.thumb.webp`, contentType: 'image/jpeg', width: 512, height: 512, bytes: 40_000 })),
          )
          .returning({ id: media.id, ownerId: media.ownerId })
      ).map((m) => [m.ownerId, m.id]),
    );
    const shops = await db
      .insert(vendors)
      .values(
        people.map((p) => {
          const status = random();
          const count = random() < 0.7 ? Math.floor(random() * 40) : 0;
          const approved = status < 0.9;
          return {
            userId: p.id,
            logoId: logos.get(p.id) ?? null,
            businessName: `${pick(firstWords)} ${pick(secondWords)} ${Math.floor(random() * 1000)}`,
            category: pick(vendorCategories),
            description: 'A benchmark vendor.',
            kycStatus: approved ? ('approved' as const) : ('pending' as const),
            isApproved: approved,
            approvedAt: approved ? new Date() : null,
            isSuspended: approved && status > 0.86,
            ratingCount: count,
            ratingSum: count === 0 ? 0 : count + Math.floor(random() * 4 * count),
          };
        }),
      )
      .returning({ id: vendors.id });
    const rows = shops.flatMap((s) =>
      Array.from({ length: random() < 0.3 ? 2 : 1 }, (_, i) => ({
        vendorId: s.id,
        line1: `${Math.floor(random() * 900) + 1} Main Street`,
        city: 'Benchville',
        state: 'NY',
        country: 'United States',
        isPrimary: i === 0,
        ...somewhere(),
      })),
    );
    addresses += rows.length;
    await db.insert(vendorAddresses).values(rows);
  }
  // The caller of every query: signed in, with 200 favorites, so is_favorite is really looked up.
  const [caller] = await db.insert(users).values({ email: 'bench-caller@example.test', username: 'bench_caller' }).returning({ id: users.id });
  if (!caller) throw new Error('no caller');
  const liked = await db.select({ id: vendors.id }).from(vendors).orderBy(sql`random()`).limit(200);
  await db.insert(favoriteVendors).values(liked.map((v) => ({ userId: caller.id, vendorId: v.id })));
  await db.execute(sql`ANALYZE`);
  return { addresses, callerId: caller.id };
}

const cases: { name: string; query: Record<string, string | number> }[] = [
  { name: 'midtown, 25 km (the default), nearest first', query: { lat: manhattan.lat, lng: manhattan.lng } },
  { name: 'midtown, 2 km', query: { lat: manhattan.lat, lng: manhattan.lng, radius_km: 2 } },
  { name: 'midtown, 25 km, by rating', query: { lat: manhattan.lat, lng: manhattan.lng, sort: 'rating' } },
  { name: "midtown, 25 km, q='bakry'", query: { lat: manhattan.lat, lng: manhattan.lng, q: 'bakry' } },
  { name: "midtown, 50 km, q='yoga studo'", query: { lat: manhattan.lat, lng: manhattan.lng, radius_km: 50, q: 'yoga studo' } },
  { name: 'midtown, 10 km, Food & Drink', query: { lat: manhattan.lat, lng: manhattan.lng, radius_km: 10, category: 'Food & Drink' } },
  { name: 'midtown, 25 km, page 20', query: { lat: manhattan.lat, lng: manhattan.lng, page: 20 } },
  { name: 'Albany, 25 km (few vendors)', query: { lat: 42.6526, lng: -73.7562 } },
  { name: 'midtown, 500 km (the maximum: nearly every row)', query: { lat: manhattan.lat, lng: manhattan.lng, radius_km: 500 } },
];

const { database, drop, where } = await openScratch();
try {
  let started = performance.now();
  await database.migrate();
  const { addresses, callerId } = await fill(database);
  console.log(`${where}: ${VENDORS} vendors, ${addresses} addresses inserted in ${Math.round(performance.now() - started)} ms\n`);

  const deps = { db: database.db, clock: () => new Date(), mediaUrl: (key: string) => `/media/${key}` };
  console.log('| query | results (total) | earth GiST scan | generic plan execution (page + count) | service mean | service p95 |');
  console.log('|---|---|---|---|---|---|');
  for (const c of cases) {
    const query = VendorListQuery.parse(c.query);
    // The generic plan: what a prepared statement runs once PostgreSQL stops planning it per call.
    const statements = vendorListSql(database.db, callerId, query);
    const plan = await explain(database, statements.page, { analyze: true, generic: true });
    const countPlan = statements.count ? await explain(database, statements.count, { analyze: true, generic: true }) : [];
    const scan = plan.some((line) => /Index Scan using vendor_addresses_listed_earth_idx/.test(line) && !line.includes('Bitmap'))
      ? plan.some((line) => /Order By: \(earth <->/.test(line))
        ? 'KNN'
        : 'index'
      : plan.some((line) => line.includes('vendor_addresses_listed_earth_idx'))
        ? 'bitmap'
        : 'none';
    const executionOf = (lines: string[]) => lines.find((line) => line.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '–';
    const execution = `${executionOf(plan)}${countPlan.length ? ` + count ${executionOf(countPlan)}` : ''}`;
    if (process.env.PLANS) console.log(`\n${c.name}\n${plan.join('\n')}\n${countPlan.join('\n')}\n`);

    const times: number[] = [];
    let answer = await listVendors(deps, callerId, query);
    for (let i = 0; i < ROUNDS; i += 1) {
      started = performance.now();
      answer = await listVendors(deps, callerId, query);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    const p95 = times[Math.min(times.length - 1, Math.floor(times.length * 0.95))] ?? 0;
    console.log(`| ${c.name} | ${answer.results.length} (${answer.count}${answer.count_capped ? '+' : ''}) | ${scan} | ${execution} | ${mean.toFixed(1)} ms | ${p95.toFixed(1)} ms |`);
  }
} finally {
  await drop();
}
