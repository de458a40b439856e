import { randomUUID } from 'node:crypto';
import { asc, eq, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activitiesEndpoints, appointmentsEndpoints, chatEndpoints, dealsEndpoints, endpoints, type Endpoint, type EndpointName, type HttpMethod } from '@localloop/contract';
import {
  activities,
  activityImages,
  activityParticipants,
  appointments,
  calendarFeeds,
  chatMessages,
  chatReads,
  chatRequests,
  chatRooms,
  dealRatings,
  deals,
  favoriteServices,
  favoriteVendors,
  media,
  providerDaysOff,
  providerHours,
  providerServices,
  providers,
  notifications,
  purchases,
  refreshTokens,
  serviceImages,
  services,
  supportMessages,
  supportRequests,
  timeSlots,
  userLocations,
  users,
  vendorAddresses,
  vendorBankAccounts,
  vendorDecisions,
  vendorDocuments,
  vendorHours,
  vendorPhotos,
  vendorRatings,
  vendors,
} from '../src/db/schema.ts';
import { asQueryString, fillPath, multipartBody, png, sample, uuidFields } from './inputs.ts';
import { createAccount, createTestApp, encoded, inject, login, type TestContext } from './helper.ts';

/**
 * The ownership matrix, over the whole endpoint table. A victim holds one of every row that has an owner: a vendor
 * record under review (so not public), a KYC document, bank details, opening hours, an address, notifications, an
 * uploaded image as profile picture and as a photo of the shop, a rating and a favourite of another shop, and the
 * area it chose (kept with the account), and a booking. A second victim, a live shop, holds what only approved shops
 * have: a service (deactivated after the booking, so not public), a provider with hours and a day off, slots, the
 * victim's booking from the other side, and a private calendar link of the provider's bookings. Then other signed-in
 * accounts — a customer and a live vendor — call every endpoint with every uuid slot (path, query, body) set to each of
 * the victim's ids, and with the victim's e-mail, phone number, username and image URL where a field takes one.
 * - Every call that names one of the victim's rows by id is refused with 403 or 404.
 * - An operator may read and decide (the admin endpoints, status, documents), but the vendor's own write endpoints
 *   refuse an operator too.
 * - Afterwards every row the victim owns is exactly as it was.
 * - And the victim, the owner, still reads its own rows through the same endpoints: the refusals above are about who
 *   asks, not about a broken request.
 */

type Account = { id: string; email: string; phone: string; username: string; access: string; vendorId: string | null };
type Named = [EndpointName, Endpoint];
const table = Object.entries(endpoints) as Named[];

let t: TestContext;
let victim: Account;
let victimIds: Record<string, string>;
/** The victim shop: its account, and the ids of its service, provider and vendor record. */
let victimShop: Account;
let shopIds: Record<string, string>;
/** The victim shop's calendar link: it must still answer after every intruder's call. */
let shopFeedUrl: string;
/** The victim shop's deal: public (anyone may read it), so not among the ids aimed at; its purchases are. */
let shopDealId: string;
/** The victim's activity (it hosts it, with a picture and a request from the shop's owner) and its request to join the shop's: public, so not among the ids aimed at; their rows are compared. */
let victimActivityId: string;
let shopActivityId: string;
let victimImage: string;
let customer: Account;
let liveVendor: Account;
let operator: Account;

const call = (method: HttpMethod, url: string, access: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${access}` }, ...(payload === undefined ? {} : { payload: payload as object }) });

async function signedIn(opts: Parameters<typeof createAccount>[1] = {}): Promise<Account> {
  const a = await createAccount(t.database, opts);
  return { id: a.user.id, email: a.email, phone: a.user.phoneNumber ?? '', username: a.user.username ?? '', access: (await login(t.app, a.email, a.password)).access, vendorId: a.vendorId };
}

beforeAll(async () => {
  t = await createTestApp();
  victim = await signedIn();
  customer = await signedIn();
  liveVendor = await signedIn({ vendor: { isApproved: true, kycStatus: 'approved' } });
  operator = await signedIn();
  await t.database.db.update(users).set({ isOperator: true }).where(eq(users.id, operator.id));
  const otherShop = await signedIn({ vendor: { isApproved: true, kycStatus: 'approved' } });

  const v = victim.access;
  const image = await multipartBody([{ name: 'images', fileName: 'me.png', bytes: await png() }]);
  // The victim's rows, through the API: json() throws, with the answer, when a fixture is refused.
  const [uploaded] = (await inject(t.app, endpoints.uploadImages, { access: v, body: encoded(image) })).json().images;
  if (!uploaded) throw new Error('fixture: no image uploaded');
  victimImage = uploaded.url;
  (await inject(t.app, endpoints.updateProfile, { access: v, body: { profile_image: victimImage, first_name: 'Vic' } })).json();
  const profile = (
    await inject(t.app, endpoints.saveBasicInfo, {
      access: v,
      body: { business_name: 'Victim Goods', category: 'Pets', contact_email: 'victim.shop@example.test', contact_phone: '+15550002222', logo: victimImage },
    })
  ).json();
  const doc = await multipartBody([
    { name: 'kind', value: 'identity' },
    { name: 'file', fileName: 'passport.png', bytes: await png() },
  ]);
  const document = (await inject(t.app, endpoints.uploadVendorDocument, { access: v, body: encoded(doc) })).json();
  (await inject(t.app, endpoints.saveBankDetails, { access: v, body: { account_holder: 'Victim Goods', bank_name: 'First Bank', routing_number: '011000015', account_number: '123456789012' } })).json();
  (await inject(t.app, endpoints.saveServiceTime, { access: v, body: { time_zone: 'Europe/Paris', hours: [{ weekday: 2, opens: '08:00', closes: '12:00' }] } })).json();
  const address = (await inject(t.app, endpoints.addVendorAddress, { access: v, body: { line1: '1 Rue de Rivoli', city: 'Paris', country: 'France', latitude: 48.8566, longitude: 2.3522 } })).json();
  const gallery = (await inject(t.app, endpoints.addVendorPhotos, { access: v, body: { photos: [{ image_id: uploaded.id, caption: 'The victim\'s shop' }] } })).json();
  (await inject(t.app, endpoints.submitKyc, { access: v })).json();
  (await inject(t.app, endpoints.rateVendor, { access: v, body: { vendor_id: otherShop.vendorId ?? '', rating: 2, comment: 'Slow.' } })).json();
  (await inject(t.app, endpoints.toggleFavoriteVendor, { params: { id: otherShop.vendorId ?? '' }, access: v })).json();
  (await inject(t.app, endpoints.saveAccountLocation, { access: v, body: victimLocation })).json();
  const [notification] = await t.database.db.select().from(notifications).where(eq(notifications.userId, victim.id));
  const [imageRow] = await t.database.db.select().from(media).where(eq(media.ownerId, victim.id));
  const [rating] = await t.database.db.select().from(vendorRatings).where(eq(vendorRatings.userId, victim.id));
  victim.vendorId = profile.id;
  victimIds = {
    vendor: profile.id,
    user: victim.id,
    document: document.id,
    address: address.id,
    notification: notification?.id ?? '',
    image: imageRow?.id ?? '',
    rating: rating?.id ?? '',
    photo: gallery.photos[0]?.id ?? '',
  };
  // The victim shop, and the victim's booking with it.
  victimShop = await signedIn({ vendor: { isApproved: true, kycStatus: 'approved' } });
  const s = victimShop.access;
  (await inject(t.app, endpoints.saveServiceTime, { access: s, body: { time_zone: 'America/New_York', hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: '09:00', closes: '17:00' })) } })).json();
  const shopAddress = (await inject(t.app, endpoints.addVendorAddress, { access: s, body: { line1: '3 Hidden Lane', city: 'New York', country: 'United States', latitude: 40.71, longitude: -74 } })).json();
  const [shopImage] = (await inject(t.app, endpoints.uploadImages, { access: s, body: encoded(image) })).json().images;
  const serviceInput = {
    name: 'Private consultation',
    category: 'Professional Services' as const,
    duration_minutes: 30,
    price: { amount_cents: 5000, currency: 'USD' as const },
    image_ids: [shopImage?.id ?? ''],
  };
  const service = (await inject(t.app, endpoints.createService, { access: s, body: serviceInput })).json();
  const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const provider = (await inject(t.app, endpoints.createProvider, { access: s, body: { name: 'Quinn', service_ids: [service.id], days_off: ['2099-01-01'] } })).json();
  (await inject(t.app, endpoints.updateProvider, { access: s, params: { id: provider.id }, body: { name: 'Quinn', service_ids: [service.id], hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: '09:00', closes: '17:00' })), days_off: ['2099-01-01'] } })).json();
  (await inject(t.app, endpoints.generateSlots, { access: s, params: { provider_id: provider.id }, body: { service_id: service.id, start_date: inTwoDays, end_date: inTwoDays } })).json();
  const [slot] = (await inject(t.app, endpoints.timeSlots, { access: v, query: { provider_id: provider.id, service_id: service.id, for_date: inTwoDays } })).json().slots;
  const booking = (await inject(t.app, endpoints.bookAppointment, { access: v, body: { service_id: service.id, provider_id: provider.id, starts_at: slot?.starts_at ?? '' } })).json();
  (await inject(t.app, endpoints.toggleFavoriteService, { access: v, params: { id: service.id } })).json();
  (await inject(t.app, endpoints.updateService, { access: s, params: { id: service.id }, body: { ...serviceInput, is_active: false } })).json();
  const feed = (await inject(t.app, endpoints.createCalendarFeed, { access: s, body: { provider_id: provider.id } })).json();
  shopFeedUrl = new URL(feed.url).pathname;
  // A deal of the shop, bought twice by the victim: one purchase redeemed and rated, one still to redeem.
  const deal = (
    await inject(t.app, endpoints.createDeal, {
      access: s,
      body: {
        title: 'Hidden Lane tasting',
        description: 'A tasting menu for two at the bar.',
        category: 'Food & Drink',
        original_price: { amount_cents: 8000, currency: 'USD' },
        deal_price: { amount_cents: 5000, currency: 'USD' },
        per_customer_limit: 2,
        starts_at: new Date(Date.now() - 3_600_000).toISOString(),
        ends_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        address_id: shopAddress.id,
      },
    })
  ).json();
  const redeemed = (await inject(t.app, endpoints.buyDeal, { access: v, body: { deal_id: deal.id } })).json();
  const toRedeem = (await inject(t.app, endpoints.buyDeal, { access: v, body: { deal_id: deal.id } })).json();
  (await inject(t.app, endpoints.fulfillDeal, { access: s, params: { id: redeemed.id }, body: { ...(redeemed.qr ?? { purchase_id: '', deal_id: '', sig: '' }), action: 'FULFILL' } })).json();
  const dealRating = (await inject(t.app, endpoints.rateDeal, { access: v, body: { deal_id: deal.id, rating: 3, comment: 'Fine.' } })).json();
  victimIds.purchase = toRedeem.id;
  victimIds.redeemedPurchase = redeemed.id;
  victimIds.dealRating = dealRating.rating.id;
  shopDealId = deal.id;
  // Activities: the victim hosts one (approval only, the shop's owner asks to join) and asks to join the shop owner's.
  const activityInput = {
    title: 'Victim walk',
    description: 'A slow walk around the block.',
    category: 'Outdoors' as const,
    image_ids: [uploaded.id],
    starts_at: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    ends_at: new Date(Date.now() + 2 * 86_400_000 + 3_600_000).toISOString(),
    location: { formatted_address: '5 Hidden Lane, New York', city: 'New York', latitude: 40.71, longitude: -74 },
    capacity: 5,
    join_mode: 'approval' as const,
  };
  victimActivityId = (await inject(t.app, endpoints.createActivity, { access: v, body: activityInput })).json().id;
  shopActivityId = (await inject(t.app, endpoints.createActivity, { access: s, body: { ...activityInput, title: 'Shop walk', image_ids: [] } })).json().id;
  (await inject(t.app, endpoints.joinActivity, { access: s, params: { id: victimActivityId } })).json();
  (await inject(t.app, endpoints.joinActivity, { access: v, params: { id: shopActivityId } })).json();
  // Chat: the victim talks in its activity's group room, accepts the shop owner's chat request (a one-to-one room with
  // a message), and asks the shop owner for a chat about the shop's activity (pending).
  const [groupRoom] = (await inject(t.app, endpoints.chatRooms, { access: v, params: { id: victimActivityId } })).json();
  const groupMessage = (await inject(t.app, endpoints.postChatMessage, { access: v, params: { room_id: groupRoom?.id ?? '' }, body: { client_id: randomUUID(), text: 'Welcome, walkers.' } })).json();
  const asked = (await inject(t.app, endpoints.createChatRequest, { access: s, body: { activity_id: victimActivityId, message: 'A question about the route.' } })).json();
  const [accepted] = (await inject(t.app, endpoints.acceptChatRequests, { access: v, body: [{ id: asked.id, is_accepted: true, is_rejected: false }] })).json();
  (await inject(t.app, endpoints.postChatMessage, { access: v, params: { room_id: accepted?.room_id ?? '' }, body: { client_id: randomUUID(), text: 'Ask away.' } })).json();
  const victimAsks = (await inject(t.app, endpoints.createChatRequest, { access: v, body: { activity_id: shopActivityId } })).json();
  victimIds.groupRoom = groupRoom?.id ?? '';
  victimIds.directRoom = accepted?.room_id ?? '';
  victimIds.message = groupMessage.id;
  victimIds.chatRequest = victimAsks.id;
  victimIds.acceptedChatRequest = asked.id;
  victimIds.appointment = booking.id;
  // Help & Support: the victim asks about its order, and an operator answers.
  const support = (await inject(t.app, endpoints.createSupportRequest, { access: v, body: { topic: 'orders', message: 'My tasting code will not scan.', reference_id: toRedeem.id } })).json();
  (await inject(t.app, endpoints.answerSupportRequest, { access: operator.access, params: { id: support.id }, body: { message: 'Show the code to the shop again.' } })).json();
  victimIds.supportRequest = support.id;
  // Not the shop's vendor id: the shop is live, so its public page and ratings are anyone's to read.
  shopIds = { service: service.id, provider: provider.id, appointment: booking.id, calendarFeed: feed.id };

  // Rows of the intruders, so that their own endpoints reach past "you have no vendor record yet".
  (await inject(t.app, endpoints.addVendorAddress, { access: liveVendor.access, body: { line1: '2 Main St', city: 'Boston', country: 'United States', latitude: 42.36, longitude: -71.06 } })).json();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** Where the victim is: private, so its street name must show up in nobody else's answer. */
const victimLocation = {
  city: 'New York City',
  state: 'New York',
  country: 'United States',
  area: 'Victimhollow Heights',
  formatted_address: 'Victimhollow Heights, New York City, New York, United States',
  latitude: 40.678,
  longitude: -73.944,
};

/** Every row the victim owns, in a stable order. */
async function victimRows() {
  const { db } = t.database;
  const vendorId = victim.vendorId ?? '';
  const rows = <T extends PgTable>(table: T, where: SQL | undefined, order: PgColumn) => db.select().from(table as PgTable).where(where).orderBy(asc(order));
  return {
    user: await rows(users, eq(users.id, victim.id), users.id),
    vendor: await rows(vendors, eq(vendors.id, vendorId), vendors.id),
    documents: await rows(vendorDocuments, eq(vendorDocuments.vendorId, vendorId), vendorDocuments.id),
    bank: await rows(vendorBankAccounts, eq(vendorBankAccounts.vendorId, vendorId), vendorBankAccounts.vendorId),
    hours: await rows(vendorHours, eq(vendorHours.vendorId, vendorId), vendorHours.id),
    addresses: await rows(vendorAddresses, eq(vendorAddresses.vendorId, vendorId), vendorAddresses.id),
    photos: await rows(vendorPhotos, eq(vendorPhotos.vendorId, vendorId), vendorPhotos.id),
    decisions: await rows(vendorDecisions, eq(vendorDecisions.vendorId, vendorId), vendorDecisions.id),
    notifications: await rows(notifications, eq(notifications.userId, victim.id), notifications.id),
    media: await rows(media, eq(media.ownerId, victim.id), media.id),
    ratings: await rows(vendorRatings, or(eq(vendorRatings.userId, victim.id), eq(vendorRatings.vendorId, vendorId)), vendorRatings.id),
    favorites: await rows(favoriteVendors, or(eq(favoriteVendors.userId, victim.id), eq(favoriteVendors.vendorId, vendorId)), favoriteVendors.vendorId),
    sessions: await rows(refreshTokens, eq(refreshTokens.userId, victim.id), refreshTokens.id),
    location: await rows(userLocations, eq(userLocations.userId, victim.id), userLocations.userId),
    services: await rows(services, eq(services.vendorId, victimShop.vendorId ?? ''), services.id),
    serviceImages: await rows(serviceImages, eq(serviceImages.serviceId, shopIds.service ?? ''), serviceImages.position),
    providers: await rows(providers, eq(providers.vendorId, victimShop.vendorId ?? ''), providers.id),
    providerServices: await rows(providerServices, eq(providerServices.vendorId, victimShop.vendorId ?? ''), providerServices.serviceId),
    providerHours: await rows(providerHours, eq(providerHours.providerId, shopIds.provider ?? ''), providerHours.id),
    providerDaysOff: await rows(providerDaysOff, eq(providerDaysOff.providerId, shopIds.provider ?? ''), providerDaysOff.day),
    slots: await rows(timeSlots, eq(timeSlots.providerId, shopIds.provider ?? ''), timeSlots.id),
    appointments: await rows(appointments, or(eq(appointments.customerId, victim.id), eq(appointments.vendorId, victimShop.vendorId ?? '')), appointments.id),
    favoriteServices: await rows(favoriteServices, eq(favoriteServices.userId, victim.id), favoriteServices.serviceId),
    calendarFeeds: await rows(calendarFeeds, eq(calendarFeeds.vendorId, victimShop.vendorId ?? ''), calendarFeeds.id),
    deals: await rows(deals, eq(deals.vendorId, victimShop.vendorId ?? ''), deals.id),
    purchases: await rows(purchases, eq(purchases.customerId, victim.id), purchases.id),
    dealRatings: await rows(dealRatings, eq(dealRatings.userId, victim.id), dealRatings.id),
    activities: await rows(activities, eq(activities.hostId, victim.id), activities.id),
    activityImages: await rows(activityImages, eq(activityImages.activityId, victimActivityId), activityImages.position),
    participations: await rows(activityParticipants, or(eq(activityParticipants.userId, victim.id), eq(activityParticipants.activityId, victimActivityId)), activityParticipants.id),
    chatRequests: await rows(chatRequests, or(eq(chatRequests.requesterId, victim.id), eq(chatRequests.activityId, victimActivityId)), chatRequests.id),
    chatRooms: await rows(chatRooms, eq(chatRooms.activityId, victimActivityId), chatRooms.id),
    chatMessages: await rows(chatMessages, eq(chatMessages.senderId, victim.id), chatMessages.id),
    chatReads: await rows(chatReads, eq(chatReads.userId, victim.id), chatReads.roomId),
    supportRequests: await rows(supportRequests, eq(supportRequests.userId, victim.id), supportRequests.id),
    supportMessages: await rows(supportMessages, eq(supportMessages.requestId, victimIds.supportRequest ?? ''), supportMessages.id),
  };
}

/** The victim's contacts and image where a field takes one; the sample values elsewhere. */
const victimValues = () => ({
  email: victim.email,
  phone_number: victim.phone,
  username: victim.username,
  profile_image: victimImage,
  logo: victimImage,
});

/** A request of the endpoint with every uuid slot set to `id`; null when the endpoint has no uuid slot. */
function aimedAt(e: Endpoint, id: string) {
  const slots = [...uuidFields(e.params), ...uuidFields(e.query), ...uuidFields(e.body)];
  if (slots.length === 0) return null;
  const ctx = { uuid: () => id, values: victimValues() };
  const params = e.params ? (sample(e.params, ctx) as Record<string, string>) : {};
  const qs = new URLSearchParams(e.query ? asQueryString(sample(e.query, ctx)) : {}).toString();
  return { url: `${fillPath(e, params)}${qs ? `?${qs}` : ''}`, body: e.body ? sample(e.body, ctx) : undefined };
}

const isMultipart = (e: Endpoint) => e === endpoints.uploadImages || e === endpoints.uploadVendorDocument;
/** What an operator is there for: the admin endpoints (reads and decisions) and the owner-or-operator reads. */
const isBookingDomain = (e: Endpoint) => [appointmentsEndpoints, dealsEndpoints, activitiesEndpoints, chatEndpoints].some((domain) => Object.values(domain).includes(e as never));
/**
 * What an operator is there for: the admin endpoints (reads and decisions) and the owner-or-operator reads of vendor
 * records. Not people's bookings, nor a shop's services and staff before they are public: an operator is refused there
 * like anyone else.
 */
const operatorMay = (e: Endpoint) => e.path.startsWith('/admin/') || e === endpoints.refundPurchase || (e.method === 'GET' && !isBookingDomain(e));

const hasUuidSlot = (e: Endpoint) => [...uuidFields(e.params), ...uuidFields(e.query), ...uuidFields(e.body)].length > 0;
const swept = table.filter(([, e]) => !isMultipart(e));
const intruders = (): [string, Account, (e: Endpoint) => boolean][] => [
  ['a customer', customer, () => true],
  ['a live vendor', liveVendor, () => true],
  ['an operator', operator, (e) => !operatorMay(e)],
];

// One test an endpoint, so each has its own time budget however long the table grows; the victim's rows are read
// before the first and compared after the last (a file's tests run in order).
describe('the ownership matrix', () => {
  let before: Awaited<ReturnType<typeof victimRows>>;
  beforeAll(async () => {
    before = await victimRows();
  });

  it('aims at the victim\'s rows through more than a hundred calls', () => {
    const aimed = swept.filter(([, e]) => hasUuidSlot(e)).length * Object.keys(victimIds).length * 2;
    expect(aimed).toBeGreaterThan(100);
  });

  for (const [name, e] of swept.filter(([, e]) => hasUuidSlot(e))) {
    it(`${name}: another account naming one of the victim's rows by id is refused with 403 or 404`, async () => {
      const refusals: string[] = [];
      for (const [who, intruder, applies] of intruders()) {
        if (!applies(e)) continue;
        for (const [kind, id] of [...Object.entries(victimIds), ...Object.entries(shopIds).map(([k, id]) => [`shop's ${k}`, id] as const)]) {
          const request = aimedAt(e, id);
          if (!request) continue;
          const res = await call(e.method, request.url, intruder.access, request.body);
          if (res.statusCode !== 403 && res.statusCode !== 404) {
            refusals.push(`${who}: ${e.method} ${request.url} with the victim's ${kind} id answered ${res.statusCode} ${res.body.slice(0, 160)}`);
          }
        }
      }
      expect(refusals).toEqual([]);
    });
  }

  // Every endpoint without an id, by the customer and the live vendor, with the victim's contacts and image in it:
  // they act on the caller's own rows, so the victim's stay as they were (checked by the last test).
  for (const [name, e] of swept.filter(([, e]) => !hasUuidSlot(e))) {
    it(`${name}: another account sending the victim's contacts or image acts only on its own rows and shows none of the victim's`, async () => {
      const wrong: string[] = [];
      for (const intruder of [customer, liveVendor]) {
        const ctx = { uuid: () => victimIds.vendor ?? '', values: victimValues() };
        const qs = new URLSearchParams(e.query ? asQueryString(sample(e.query, ctx)) : {}).toString();
        const body = e.body ? sample(e.body, ctx) : undefined;
        const res = await call(e.method, `${fillPath(e, {})}${qs ? `?${qs}` : ''}`, intruder.access, body);
        if (res.statusCode >= 500) wrong.push(`${res.statusCode}`);
        // The victim's upload is no one else's profile picture or logo.
        if (JSON.stringify(body ?? null).includes(victimImage) && res.statusCode < 400) wrong.push(`took the victim's image: ${res.statusCode}`);
        // Whatever the answer, it must not carry the victim's private details.
        for (const secret of [victim.email, victim.phone, '123456789012', 'victim.shop@example.test', victimLocation.area]) {
          if (res.statusCode < 300 && e !== endpoints.devOutbox && res.body.includes(secret)) wrong.push(`showed ${secret} to another account`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }

  it('leaves every row of the victim as it was after all those calls', async () => {
    expect(await victimRows()).toEqual(before);
  });

  const reads = () => table.filter(([, e]) => e.method === 'GET' && hasUuidSlot(e) && !e.path.startsWith('/admin/') && !isBookingDomain(e));
  it('lets the owner read its own rows through the same endpoints, and an operator read them too (so the refusals are about who asks)', async () => {
    expect(reads().length).toBeGreaterThan(3);
    const missing: string[] = [];
    for (const [who, reader] of [
      ['the owner', victim],
      ['an operator', operator],
    ] as const) {
      for (const [name, e] of [...reads(), ...(reader === operator ? table.filter(([, e]) => e.method === 'GET' && e.path.startsWith('/admin/vendors/{')) : [])]) {
        const answers = await Promise.all(
          Object.values(victimIds).map(async (id) => {
            const request = aimedAt(e, id);
            return request ? (await call(e.method, request.url, reader.access)).statusCode : 0;
          }),
        );
        if (!answers.includes(200)) missing.push(`${who}: ${name} answered ${answers.join(', ')} for every id of the victim's`);
      }
    }
    expect(missing).toEqual([]);
  }, 120_000);

  it('lets each side of a booking, and the shop its private service and staff, read them through the same endpoints', async () => {
    const answer = async (access: string, e: Endpoint, id: string) => {
      const request = aimedAt(e, id);
      return request ? (await call(e.method, request.url, access)).statusCode : 0;
    };
    expect(await answer(victim.access, endpoints.appointmentDetails, victimIds.appointment ?? '')).toBe(200);
    expect(await answer(victimShop.access, endpoints.appointmentDetails, shopIds.appointment ?? '')).toBe(200);
    expect(await answer(victimShop.access, endpoints.getService, shopIds.service ?? '')).toBe(200);
    expect(await answer(victimShop.access, endpoints.getProvider, shopIds.provider ?? '')).toBe(200);
    expect(await answer(victimShop.access, endpoints.vendorAppointments, victimShop.vendorId ?? '')).toBe(200);
    // The operator, refused above, is no exception for a shop's bookings either.
    expect(await answer(operator.access, endpoints.vendorAppointments, victimShop.vendorId ?? '')).toBe(403);
    // The shop's calendar link still answers, and the shop alone sees it among its links.
    expect((await t.app.inject({ method: 'GET', url: shopFeedUrl })).statusCode).toBe(200);
    expect((await inject(t.app, endpoints.calendarFeeds, { access: victimShop.access })).json().providers[0]?.feed?.id).toBe(shopIds.calendarFeed);
    // A purchase: its customer lists it with its code, its shop sees it among its sales and deals.
    const mine = (await inject(t.app, endpoints.myPurchases, { access: victim.access })).json();
    expect(mine.results.map((p) => p.id).sort()).toEqual([victimIds.purchase, victimIds.redeemedPurchase].sort());
    expect(mine.results.find((p) => p.id === victimIds.purchase)?.qr).not.toBeNull();
    expect(await answer(victimShop.access, endpoints.vendorSales, victimShop.vendorId ?? '')).toBe(200);
    expect(await answer(victimShop.access, endpoints.myDeals, victimShop.vendorId ?? '')).toBe(200);
    expect(await answer(victim.access, endpoints.dealRatings, shopDealId)).toBe(200);
    expect(await answer(operator.access, endpoints.vendorSales, victimShop.vendorId ?? '')).toBe(403);
    // An activity: its host sees the request (a visitor does not), the one who asked sees their own state; the deactivated list is the host's alone.
    const hosted = (await inject(t.app, endpoints.activityDetails, { access: victim.access, params: { id: victimActivityId } })).json();
    expect(hosted.pending.map((p) => p.user.id)).toEqual([victimShop.id]);
    expect((await inject(t.app, endpoints.activityDetails, { params: { id: victimActivityId } })).json().pending).toEqual([]);
    expect((await inject(t.app, endpoints.activityDetails, { access: victim.access, params: { id: shopActivityId } })).json().my_state).toBe('requested');
    expect(await answer(victim.access, endpoints.deactivatedActivities, victim.id)).toBe(200);
    expect(await answer(operator.access, endpoints.deactivatedActivities, victim.id)).toBe(404);
    // Chat: the victim reads its rooms and their messages; the shop owner, now in the one-to-one room, reads that one.
    expect((await inject(t.app, endpoints.chatRooms, { access: victim.access, params: { id: victimActivityId } })).json().map((r) => r.kind)).toEqual(['group', 'direct']);
    expect(await answer(victim.access, endpoints.chatMessages, victimIds.groupRoom ?? '')).toBe(200);
    expect(await answer(victimShop.access, endpoints.chatMessages, victimIds.directRoom ?? '')).toBe(200);
    expect(await answer(victimShop.access, endpoints.chatMessages, victimIds.groupRoom ?? '')).toBe(404);
    expect((await inject(t.app, endpoints.chatRequests, { access: victimShop.access, params: { id: shopActivityId } })).json().map((r) => r.id)).toEqual([victimIds.chatRequest]);
  });
});
