import { eq, inArray, sql } from 'drizzle-orm';
import type { VendorCategory } from '@localloop/contract';
import type { Tx } from '../client.ts';
import { favoriteVendors, users, vendorAddresses, vendorBankAccounts, vendorHours, vendorRatings, vendors } from '../schema.ts';
import { timeZoneAt } from '../../modules/geo/index.ts';
import { accountSeedKey, demoPasswordHash } from './accounts.ts';
import { claimSeedKeys } from './keys.ts';

type Address = { label?: string; line1: string; city: string; state: string; postalCode: string; latitude: number; longitude: number };
/** [weekday 1 (Monday) … 7 (Sunday), opens 'HH:MM', closes 'HH:MM']; a day with two ranges closes for lunch. */
type Range = [number, string, string];
type Rating = { by: string; stars: number; comment: string; daysAgo: number };

type DemoVendor = {
  email: string;
  phoneNumber: string;
  username: string;
  firstName: string;
  lastName: string;
  businessName: string;
  category: VendorCategory;
  description: string;
  addresses: Address[];
  hours: Range[];
  ratings: Rating[];
};

const weekdays = (from: number, to: number, opens: string, closes: string): Range[] =>
  Array.from({ length: to - from + 1 }, (_, i) => [from + i, opens, closes]);

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

const USER = 'user@example.com';
const MAYA = 'customer1@example.com';
const LEO = 'customer2@example.com';

/** Two customers besides the demo user, so that ratings come from several people. */
export const demoCustomers = [
  { email: MAYA, phoneNumber: '+15550002001', username: 'maya_chen', firstName: 'Maya', lastName: 'Chen' },
  { email: LEO, phoneNumber: '+15550002002', username: 'leo_rossi', firstName: 'Leo', lastName: 'Rossi' },
];

/** Approved vendors around New York, each with its own account (vendor1…vendor12@example.com). */
export const demoVendors: DemoVendor[] = [
  {
    email: 'vendor1@example.com', phoneNumber: '+15550001001', username: 'sunrise_yoga', firstName: 'Priya', lastName: 'Nair',
    businessName: 'Sunrise Yoga Studio',
    category: 'Fitness & Sports',
    description: 'Vinyasa, yin and prenatal yoga for every level. Mats and towels provided; first class free for newcomers.',
    addresses: [
      { label: 'Upper West Side', line1: '2345 Broadway', city: 'New York', state: 'NY', postalCode: '10024', latitude: 40.787, longitude: -73.9775 },
      { label: 'Chelsea', line1: '210 W 21st St', city: 'New York', state: 'NY', postalCode: '10011', latitude: 40.7429, longitude: -73.9975 },
    ],
    hours: [...weekdays(1, 5, '06:30', '12:00'), ...weekdays(1, 5, '16:00', '21:00'), [6, '08:00', '14:00']],
    ratings: [
      { by: USER, stars: 4, comment: 'Lovely morning flow, the teachers remember your name.', daysAgo: 12 },
      { by: MAYA, stars: 5, comment: 'Best yin class in the city.', daysAgo: 5 },
    ],
  },
  {
    email: 'vendor2@example.com', phoneNumber: '+15550001002', username: 'golden_crust', firstName: 'Tomasz', lastName: 'Nowak',
    businessName: 'Golden Crust Bakery',
    category: 'Food & Drink',
    description: 'Sourdough, rye and croissants baked before dawn in Williamsburg. Custom cakes with two days\' notice.',
    addresses: [{ line1: '145 Bedford Ave', city: 'Brooklyn', state: 'NY', postalCode: '11211', latitude: 40.719, longitude: -73.9566 }],
    hours: weekdays(2, 7, '07:00', '15:00'),
    ratings: [
      { by: USER, stars: 5, comment: 'The seeded rye is worth the line.', daysAgo: 20 },
      { by: LEO, stars: 5, comment: 'Croissants as good as in Paris.', daysAgo: 9 },
      { by: MAYA, stars: 4, comment: 'Great bread, sells out by noon on weekends.', daysAgo: 2 },
    ],
  },
  {
    email: 'vendor3@example.com', phoneNumber: '+15550001003', username: 'roosevelt_spice', firstName: 'Anita', lastName: 'Shah',
    businessName: 'Roosevelt Avenue Spice Market',
    category: 'Shopping & Retail',
    description: 'Whole and ground spices, lentils, teas and fresh curry leaves from South Asia and Latin America.',
    addresses: [{ line1: '74-15 37th Ave', city: 'Jackson Heights', state: 'NY', postalCode: '11372', latitude: 40.749, longitude: -73.891 }],
    hours: [...weekdays(1, 6, '09:00', '20:00'), [7, '10:00', '18:00']],
    ratings: [{ by: LEO, stars: 4, comment: 'Huge choice, friendly advice.', daysAgo: 15 }],
  },
  {
    email: 'vendor4@example.com', phoneNumber: '+15550001004', username: 'liberty_paws', firstName: 'Grace', lastName: 'Okafor',
    businessName: 'Liberty Paws Grooming',
    category: 'Pets',
    description: 'Gentle grooming, nail trims and baths for dogs and cats, by appointment. Fear-free certified groomers.',
    addresses: [{ line1: '285 Grove St', city: 'Jersey City', state: 'NJ', postalCode: '07302', latitude: 40.7196, longitude: -74.0431 }],
    hours: [...weekdays(2, 5, '09:00', '13:00'), ...weekdays(2, 5, '14:00', '18:00'), [6, '09:00', '16:00']],
    ratings: [{ by: USER, stars: 5, comment: 'Our anxious terrier came back calm and fluffy.', daysAgo: 30 }],
  },
  {
    email: 'vendor5@example.com', phoneNumber: '+15550001005', username: 'astoria_auto', firstName: 'Nikos', lastName: 'Pappas',
    businessName: 'Astoria Auto Care',
    category: 'Automotive',
    description: 'Oil changes, brakes, tyres and state inspections. Honest quotes before any work starts.',
    addresses: [{ line1: '31-20 Steinway St', city: 'Astoria', state: 'NY', postalCode: '11103', latitude: 40.758, longitude: -73.918 }],
    hours: [...weekdays(1, 5, '08:00', '18:00'), [6, '08:00', '13:00']],
    ratings: [
      { by: MAYA, stars: 3, comment: 'Good work, but it took a day longer than promised.', daysAgo: 40 },
      { by: LEO, stars: 4, comment: 'Fair prices.', daysAgo: 18 },
    ],
  },
  {
    email: 'vendor6@example.com', phoneNumber: '+15550001006', username: 'heights_dental', firstName: 'Samuel', lastName: 'Adeyemi',
    businessName: 'Brooklyn Heights Dental Care',
    category: 'Health & Care',
    description: 'Family dentistry: check-ups, cleanings, fillings and whitening. Evening appointments on Thursdays.',
    addresses: [{ line1: '150 Montague St', city: 'Brooklyn', state: 'NY', postalCode: '11201', latitude: 40.6945, longitude: -73.9935 }],
    hours: [...weekdays(1, 3, '09:00', '17:00'), [4, '11:00', '20:00'], [5, '09:00', '14:00']],
    ratings: [],
  },
  {
    email: 'vendor7@example.com', phoneNumber: '+15550001007', username: 'harlem_keys', firstName: 'Denise', lastName: 'Walker',
    businessName: 'Harlem Keys Music School',
    category: 'Education & Classes',
    description: 'Piano, voice and jazz theory lessons for children and adults; recitals every season.',
    addresses: [{ line1: '2090 Adam Clayton Powell Jr Blvd', city: 'New York', state: 'NY', postalCode: '10027', latitude: 40.8075, longitude: -73.9495 }],
    hours: [...weekdays(1, 5, '14:00', '21:00'), [6, '09:00', '12:00'], [6, '13:00', '17:00']],
    ratings: [{ by: MAYA, stars: 5, comment: 'My daughter loves her piano teacher.', daysAgo: 7 }],
  },
  {
    email: 'vendor8@example.com', phoneNumber: '+15550001008', username: 'bushwick_clay', firstName: 'Jonah', lastName: 'Berg',
    businessName: 'Bushwick Clay Studio',
    category: 'Arts & Entertainment',
    description: 'Wheel-throwing and hand-building classes, open studio hours and date-night pottery sessions.',
    addresses: [{ line1: '56 Bogart St', city: 'Brooklyn', state: 'NY', postalCode: '11206', latitude: 40.705, longitude: -73.9335 }],
    hours: [...weekdays(3, 5, '17:00', '22:00'), [6, '10:00', '22:00'], [7, '10:00', '18:00']],
    ratings: [
      { by: USER, stars: 4, comment: 'Fun date night, we made two wonky mugs.', daysAgo: 3 },
      { by: LEO, stars: 5, comment: 'Patient teachers and plenty of clay.', daysAgo: 25 },
    ],
  },
  {
    email: 'vendor9@example.com', phoneNumber: '+15550001009', username: 'fixit_home', firstName: 'Carlos', lastName: 'Mendez',
    businessName: 'FixIt Home Repairs',
    category: 'Home Services',
    description: 'Handyman visits for leaks, doors, shelves, painting and appliance installs, across Queens and Hudson County.',
    addresses: [
      { label: 'Queens workshop', line1: '27-01 Queens Plaza N', city: 'Long Island City', state: 'NY', postalCode: '11101', latitude: 40.7505, longitude: -73.94 },
      { label: 'Hoboken desk', line1: '100 Washington St', city: 'Hoboken', state: 'NJ', postalCode: '07030', latitude: 40.737, longitude: -74.03 },
    ],
    hours: [...weekdays(1, 5, '07:30', '12:00'), ...weekdays(1, 5, '13:00', '17:30')],
    ratings: [],
  },
  {
    email: 'vendor10@example.com', phoneNumber: '+15550001010', username: 'glow_spa', firstName: 'Hana', lastName: 'Kim',
    businessName: 'Park Slope Glow Spa',
    category: 'Beauty & Wellness',
    description: 'Facials, massages and manicures in a quiet brownstone. Gift cards available.',
    addresses: [{ line1: '312 7th Ave', city: 'Brooklyn', state: 'NY', postalCode: '11215', latitude: 40.668, longitude: -73.982 }],
    hours: [...weekdays(2, 6, '10:00', '20:00'), [7, '11:00', '17:00']],
    ratings: [{ by: MAYA, stars: 5, comment: 'The hot stone massage was heavenly.', daysAgo: 11 }],
  },
  {
    email: 'vendor11@example.com', phoneNumber: '+15550001011', username: 'flatiron_tax', firstName: 'Robert', lastName: 'Feld',
    businessName: 'Flatiron Tax & Accounting',
    category: 'Professional Services',
    description: 'Personal and small-business tax returns, bookkeeping and payroll. Free 20-minute first consultation.',
    addresses: [{ line1: '920 Broadway', city: 'New York', state: 'NY', postalCode: '10010', latitude: 40.74, longitude: -73.9895 }],
    hours: weekdays(1, 5, '09:00', '18:00'),
    ratings: [],
  },
  {
    email: 'vendor12@example.com', phoneNumber: '+15550001012', username: 'hudson_loft', firstName: 'Elena', lastName: 'Vasquez',
    businessName: 'Hudson Loft Events',
    category: 'Events & Venues',
    description: 'A sunlit West Chelsea loft for 20 to 150 guests: weddings, launches and workshops, catering on request.',
    addresses: [{ line1: '601 W 26th St', city: 'New York', state: 'NY', postalCode: '10001', latitude: 40.7505, longitude: -74.006 }],
    hours: [...weekdays(1, 5, '10:00', '18:00'), [6, '12:00', '23:30']],
    ratings: [{ by: LEO, stars: 4, comment: 'Beautiful space, the freight elevator is slow.', daysAgo: 60 }],
  },
];

/** What the demo vendors of accounts.ts get once: an address and opening hours (and bank details for the approved one). */
const accountVendorDetails: Record<string, { address: Address; hours: Range[]; ratings: Rating[]; bank?: boolean }> = {
  'vendor@example.com': {
    address: { line1: '280 Broadway', city: 'New York', state: 'NY', postalCode: '10007', latitude: 40.7128, longitude: -74.006 },
    hours: [...weekdays(1, 5, '07:00', '11:00'), ...weekdays(1, 5, '17:00', '21:30'), [6, '09:00', '15:00']],
    ratings: [
      { by: USER, stars: 5, comment: 'Calm, clean and right by City Hall.', daysAgo: 14 },
      { by: LEO, stars: 4, comment: 'Great massage; book ahead on weekends.', daysAgo: 6 },
    ],
    bank: true,
  },
  'pending@example.com': {
    address: { line1: '412 Nostrand Ave', city: 'Brooklyn', state: 'NY', postalCode: '11216', latitude: 40.6782, longitude: -73.9442 },
    hours: [...weekdays(2, 6, '10:00', '19:00')],
    ratings: [],
  },
};

/** The demo user's favorites. */
const favoritesOfUser = ['Golden Crust Bakery', 'Sunrise Yoga Studio'];

const DAY = 24 * 60 * 60 * 1000;

function hoursRows(vendorId: string, hours: Range[]) {
  return hours.map(([weekday, opens, closes]) => ({ vendorId, weekday, opensMinute: minutes(opens), closesMinute: minutes(closes) }));
}

function addressRows(vendorId: string, addresses: Address[]) {
  return addresses.map((a, i) => ({ vendorId, ...a, label: a.label ?? '', country: 'United States', isPrimary: i === 0, timeZone: timeZoneAt(a.latitude, a.longitude) }));
}

/**
 * The directory's demo data: two customers, twelve approved vendors with their addresses, hours and a few
 * ratings, and the address and hours of the vendors accounts.ts creates. Each vendor's details come with
 * the vendor (or, for those of accounts.ts, while it has no address yet), so a second run adds nothing and
 * what a person changed later stays changed. Returns the number of vendors created or completed.
 */
export async function seedVendors(tx: Tx): Promise<number> {
  const now = Date.now();
  const emails = [...demoCustomers, ...demoVendors].map((a) => a.email);
  const claimed = await claimSeedKeys(tx, emails.map(accountSeedKey));
  const existing = new Set((await tx.select({ email: users.email }).from(users).where(inArray(users.email, emails))).map((r) => r.email));
  const isNew = (a: { email: string }) => claimed.has(accountSeedKey(a.email)) && !existing.has(a.email);

  const newCustomers = demoCustomers.filter(isNew);
  if (newCustomers.length) {
    const passwordHash = await demoPasswordHash();
    await tx.insert(users).values(newCustomers.map((c) => ({ ...c, passwordHash }))).onConflictDoNothing();
  }

  /** Vendors that got their details in this run, with the ratings that come with them. */
  const added: { vendorId: string; businessName: string; ratings: Rating[] }[] = [];

  for (const v of demoVendors.filter(isNew)) {
    const [user] = await tx
      .insert(users)
      .values({ email: v.email, phoneNumber: v.phoneNumber, username: v.username, firstName: v.firstName, lastName: v.lastName, passwordHash: await demoPasswordHash() })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!user) continue;
    const primary = v.addresses[0];
    const reviewedAt = new Date(now - 90 * DAY);
    const [vendor] = await tx
      .insert(vendors)
      .values({
        userId: user.id,
        businessName: v.businessName,
        category: v.category,
        description: v.description,
        contactEmail: v.email,
        contactPhone: v.phoneNumber,
        latitude: primary?.latitude ?? null,
        longitude: primary?.longitude ?? null,
        kycStatus: 'approved',
        isApproved: true,
        submittedAt: reviewedAt,
        approvedAt: reviewedAt,
      })
      .returning({ id: vendors.id });
    if (!vendor) continue;
    await tx.insert(vendorAddresses).values(addressRows(vendor.id, v.addresses));
    await tx.insert(vendorHours).values(hoursRows(vendor.id, v.hours));
    added.push({ vendorId: vendor.id, businessName: v.businessName, ratings: v.ratings });
  }

  // The demo vendors of accounts.ts: completed once, while they have no address.
  const detailsClaimed = await claimSeedKeys(tx, Object.keys(accountVendorDetails).map((email) => `vendor-details:${email}`));
  const accountVendors = await tx
    .select({ id: vendors.id, email: users.email, businessName: vendors.businessName, addresses: sql<number>`(SELECT count(*)::int FROM ${vendorAddresses} a WHERE a.vendor_id = ${vendors.id})` })
    .from(vendors)
    .innerJoin(users, eq(users.id, vendors.userId))
    .where(inArray(users.email, Object.keys(accountVendorDetails)));
  for (const v of accountVendors) {
    const details = v.email ? accountVendorDetails[v.email] : undefined;
    if (!details || v.addresses > 0 || !detailsClaimed.has(`vendor-details:${v.email}`)) continue;
    await tx.insert(vendorAddresses).values(addressRows(v.id, [details.address]));
    await tx.delete(vendorHours).where(eq(vendorHours.vendorId, v.id));
    await tx.insert(vendorHours).values(hoursRows(v.id, details.hours));
    if (details.bank) {
      // JPMorgan Chase's public routing number (its checksum holds) and a made-up account number.
      await tx
        .insert(vendorBankAccounts)
        .values({ vendorId: v.id, accountHolder: v.businessName, bankName: 'JPMorgan Chase', kind: 'us_account', routingNumber: '021000021', accountNumber: '000123456789' })
        .onConflictDoNothing();
    }
    added.push({ vendorId: v.id, businessName: v.businessName, ratings: details.ratings });
  }
  if (!added.length) return 0;

  const raters = new Map(
    (await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, [USER, MAYA, LEO]))).map((r) => [r.email, r.id]),
  );
  const ratingRows = added.flatMap((v) =>
    v.ratings.flatMap((r) => {
      const userId = raters.get(r.by);
      const at = new Date(now - r.daysAgo * DAY);
      return userId ? [{ vendorId: v.vendorId, userId, rating: r.stars, comment: r.comment, createdAt: at, updatedAt: at }] : [];
    }),
  );
  if (ratingRows.length) await tx.insert(vendorRatings).values(ratingRows).onConflictDoNothing();
  // The figures on the vendor row are what the stored ratings add up to.
  const ids = added.map((v) => v.vendorId);
  await tx
    .update(vendors)
    .set({
      ratingSum: sql`(SELECT coalesce(sum(r.rating), 0)::int FROM ${vendorRatings} r WHERE r.vendor_id = ${vendors.id})`,
      ratingCount: sql`(SELECT count(*)::int FROM ${vendorRatings} r WHERE r.vendor_id = ${vendors.id})`,
    })
    .where(inArray(vendors.id, ids));

  const user = raters.get(USER);
  const liked = added.filter((v) => favoritesOfUser.includes(v.businessName));
  if (user && liked.length) {
    await tx
      .insert(favoriteVendors)
      .values(liked.map((v, i) => ({ userId: user, vendorId: v.vendorId, createdAt: new Date(now - (i + 1) * DAY) })))
      .onConflictDoNothing();
  }
  return added.length;
}
