import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, SUPPORT_REQUESTS_PER_HOUR, type SupportRequestInput } from '@localloop/contract';
import { notifications, supportMessages, supportRequests, users } from '../../db/schema.ts';
import { createAccount, createTestApp, inject, login, type TestContext } from '../../../test/helper.ts';
import { listen, openSocket, ticketFor, until } from '../../../test/sockets.ts';

let t: TestContext;
let host: string;

beforeAll(async () => {
  t = await createTestApp();
  host = await listen(t.app);
});
afterAll(() => t.close());

async function person(opts: Parameters<typeof createAccount>[1] = {}) {
  const account = await createAccount(t.database, opts);
  const access = (await login(t.app, account.email, account.password)).access;
  return { ...account, id: account.user.id, access };
}
type Person = Awaited<ReturnType<typeof person>>;

async function operator() {
  const p = await person();
  await t.database.db.update(users).set({ isOperator: true }).where(eq(users.id, p.id));
  return p;
}

const ask = (p: Person, body: Partial<SupportRequestInput> = {}) =>
  inject(t.app, endpoints.createSupportRequest, { access: p.access, body: { topic: 'orders', message: 'My voucher code does not scan at the shop.', ...body } });

async function asked(p: Person, body: Partial<SupportRequestInput> = {}) {
  const res = await ask(p, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const outbox = async (to: string) => (await inject(t.app, endpoints.devOutbox, { query: { to } })).json();

/** A shop with a deal on sale, bought once by `buyer`: the purchase's id. */
async function purchaseOf(buyer: Person): Promise<string> {
  const shop = await person({ vendor: { isApproved: true, kycStatus: 'approved' } });
  const address = (await inject(t.app, endpoints.addVendorAddress, { access: shop.access, body: { line1: '3 Hidden Lane', city: 'New York', country: 'United States', latitude: 40.71, longitude: -74 } })).json();
  const deal = (
    await inject(t.app, endpoints.createDeal, {
      access: shop.access,
      body: {
        title: 'Hidden Lane tasting',
        description: 'A tasting menu for two at the bar.',
        category: 'Food & Drink',
        original_price: { amount_cents: 8000, currency: 'USD' },
        deal_price: { amount_cents: 5000, currency: 'USD' },
        starts_at: new Date(Date.now() - 3_600_000).toISOString(),
        ends_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        address_id: address.id,
      },
    })
  ).json();
  return (await inject(t.app, endpoints.buyDeal, { access: buyer.access, body: { deal_id: deal.id } })).json().id;
}

describe('sending a support request', () => {
  it('stores it with the first message, lists it as the sender\'s newest first, and acknowledges it by e-mail', async () => {
    const p = await person();
    const first = await asked(p, { topic: 'account', message: '  I cannot change my phone number.  ' });
    expect(first).toMatchObject({ topic: 'account', status: 'open', reference: null, message_count: 1, person: { id: p.id, email: p.email } });
    expect(first.messages).toEqual([expect.objectContaining({ author: 'person', body: 'I cannot change my phone number.' })]);
    const second = await asked(p);
    expect(second.number).toBeGreaterThan(first.number);
    const mine = (await inject(t.app, endpoints.mySupportRequests, { access: p.access })).json();
    expect(mine.count).toBe(2);
    expect(mine.results.map((r) => r.id)).toEqual([second.id, first.id]);
    const mail = await outbox(p.email);
    expect(mail.map((m) => m.subject)).toContain(`We got your request #${first.number}: Account & login`);
    expect(mail.find((m) => m.subject?.includes(`#${first.number}`))?.body).toContain(`/ContactSupport?request=${first.id}`);
  });

  it('names one of the caller\'s own orders as its reference, and refuses another\'s order or any other id on the field', async () => {
    const buyer = await person();
    const purchaseId = await purchaseOf(buyer);
    const references = (await inject(t.app, endpoints.supportReferences, { access: buyer.access })).json().results;
    expect(references).toEqual([expect.objectContaining({ kind: 'purchase', id: purchaseId, label: expect.stringContaining('Order · Hidden Lane tasting') })]);
    const request = await asked(buyer, { reference_id: purchaseId });
    expect(request.reference).toMatchObject({ kind: 'purchase', id: purchaseId });

    const other = await person();
    const stolen = await ask(other, { reference_id: purchaseId });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.error().fields).toEqual({ reference_id: 'Choose one of your orders or bookings.' });
    expect((await ask(other, { reference_id: other.id })).error().fields).toHaveProperty('reference_id');
    expect((await inject(t.app, endpoints.supportReferences, { access: other.access })).json().results).toEqual([]);
  });

  it('refuses a message that is too short or too long, and an unknown topic, naming the field', async () => {
    const p = await person();
    const short = await ask(p, { message: 'Help!' });
    expect(short.statusCode).toBe(400);
    expect(short.error().fields?.message).toMatch(/at least 10 characters/);
    expect((await ask(p, { message: 'x'.repeat(4001) })).error().fields?.message).toMatch(/at most 4,000/);
    expect((await ask(p, { topic: 'refund-me' as never })).error().fields).toHaveProperty('topic');
  });

  it(`takes at most ${SUPPORT_REQUESTS_PER_HOUR} new requests an hour from one account, then answers 429 with Retry-After`, async () => {
    const p = await person();
    for (let i = 0; i < SUPPORT_REQUESTS_PER_HOUR; i += 1) await asked(p);
    const refused = await ask(p);
    expect(refused.statusCode).toBe(429);
    expect(refused.error()).toMatchObject({ code: 'RATE_LIMITED', error: expect.stringContaining('in the last hour') });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    // Others are not held up by it.
    await asked(await person());
  });
});

describe('the thread', () => {
  it('lets an operator answer (the person is notified over the socket and e-mailed), the person follow up, and closes and reopens it', async () => {
    const p = await person();
    const op = await operator();
    const request = await asked(p, { topic: 'payments' });
    const socket = await openSocket(host, await ticketFor(t.app, p.access));

    const queue = (await inject(t.app, endpoints.adminSupportRequests, { access: op.access, query: { status: 'open', q: `#${request.number}` } })).json();
    expect(queue.results.map((r) => r.id)).toEqual([request.id]);

    const answered = await inject(t.app, endpoints.answerSupportRequest, { access: op.access, params: { id: request.id }, body: { message: 'We refunded the payment; it shows in 3 days.' } });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({ status: 'answered', message_count: 2 });
    expect(answered.json().messages[1]).toMatchObject({ author: 'support', body: 'We refunded the payment; it shows in 3 days.' });
    expect(answered.json().messages[1]?.author_name).not.toContain(op.email);
    expect(await until(() => socket.events().some((e) => e.type === 'notification' && e.notification_type === 'support_answered'))).toBe(true);
    socket.socket.close();
    const [note] = (await inject(t.app, endpoints.notifications, { access: p.access })).json();
    expect(note).toMatchObject({ notification_type: 'support_answered', target: { kind: 'support_request', support_request_id: request.id } });
    expect((await outbox(p.email)).some((m) => m.subject === `Re: your request #${request.number}: Payments & refunds` && m.body.includes('We refunded the payment'))).toBe(true);

    const followUp = await inject(t.app, endpoints.replySupportRequest, { access: p.access, params: { id: request.id }, body: { message: 'Thanks, it arrived.' } });
    expect(followUp.statusCode).toBe(201);
    expect(followUp.json()).toMatchObject({ status: 'open', message_count: 3 });

    const closed = await inject(t.app, endpoints.closeSupportRequest, { access: op.access, params: { id: request.id } });
    expect(closed.json()).toMatchObject({ status: 'closed', closed_at: expect.any(String) });
    expect((await inject(t.app, endpoints.closeSupportRequest, { access: op.access, params: { id: request.id } })).error().code).toBe('SUPPORT_REQUEST_CLOSED');
    const late = await inject(t.app, endpoints.replySupportRequest, { access: p.access, params: { id: request.id }, body: { message: 'One more thing.' } });
    expect(late.statusCode).toBe(409);
    expect(late.error().fields).toHaveProperty('message');
    expect((await inject(t.app, endpoints.answerSupportRequest, { access: op.access, params: { id: request.id }, body: { message: 'Hello?' } })).statusCode).toBe(409);

    const reopened = await inject(t.app, endpoints.reopenSupportRequest, { access: op.access, params: { id: request.id } });
    expect(reopened.json()).toMatchObject({ status: 'open', closed_at: null });
    expect((await inject(t.app, endpoints.reopenSupportRequest, { access: op.access, params: { id: request.id } })).error().code).toBe('SUPPORT_REQUEST_NOT_CLOSED');
    expect((await inject(t.app, endpoints.supportRequest, { access: p.access, params: { id: request.id } })).json().messages.map((m) => m.author)).toEqual(['person', 'support', 'person']);
  });

  it('filters the operators\' list by status and finds a request by the person\'s e-mail or its words', async () => {
    const p = await person();
    const op = await operator();
    const request = await asked(p, { message: 'The zebra-striped umbrella deal vanished.' });
    const list = (query: { status?: 'open' | 'answered' | 'closed' | 'all'; q?: string }) => inject(t.app, endpoints.adminSupportRequests, { access: op.access, query }).then((r) => r.json().results.map((x) => x.id));
    expect(await list({ q: 'zebra-striped' })).toEqual([request.id]);
    expect(await list({ status: 'all', q: p.email })).toEqual([request.id]);
    expect(await list({ status: 'closed', q: p.email })).toEqual([]);
    expect(await list({ q: '%_\\' })).not.toContain(request.id);
  });
});

describe('who may see and act', () => {
  it('answers 404 to another account reading or following up someone\'s request, and 403 to a non-operator on the operators\' endpoints', async () => {
    const owner = await person();
    const request = await asked(owner);
    for (const other of [await person(), await person({ vendor: { isApproved: true, kycStatus: 'approved' } })]) {
      expect((await inject(t.app, endpoints.supportRequest, { access: other.access, params: { id: request.id } })).statusCode).toBe(404);
      expect((await inject(t.app, endpoints.replySupportRequest, { access: other.access, params: { id: request.id }, body: { message: 'Not mine.' } })).statusCode).toBe(404);
      expect((await inject(t.app, endpoints.mySupportRequests, { access: other.access })).json().results).toEqual([]);
      expect((await inject(t.app, endpoints.adminSupportRequests, { access: other.access })).statusCode).toBe(403);
      expect((await inject(t.app, endpoints.answerSupportRequest, { access: other.access, params: { id: request.id }, body: { message: 'I am support.' } })).statusCode).toBe(403);
      expect((await inject(t.app, endpoints.closeSupportRequest, { access: other.access, params: { id: request.id } })).statusCode).toBe(403);
      expect((await inject(t.app, endpoints.reopenSupportRequest, { access: other.access, params: { id: request.id } })).statusCode).toBe(403);
    }
    // An operator reads it, but does not follow up as the person.
    const op = await operator();
    expect((await inject(t.app, endpoints.supportRequest, { access: op.access, params: { id: request.id } })).statusCode).toBe(200);
    expect((await inject(t.app, endpoints.replySupportRequest, { access: op.access, params: { id: request.id }, body: { message: 'Hm.' } })).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(supportRequests).where(eq(supportRequests.id, request.id));
    expect(row?.status).toBe('open');
  });

  it('keeps the rules in the database: answered needs an answer of its own thread, closed a time, a known status', async () => {
    const p = await person();
    const a = await asked(p);
    const b = await asked(p);
    const [other] = await t.database.db.insert(supportMessages).values({ requestId: b.id, author: 'support', body: 'For b.' }).returning();
    const { db } = t.database;
    await expect(db.update(supportRequests).set({ status: 'answered' }).where(eq(supportRequests.id, a.id))).rejects.toThrow();
    await expect(db.update(supportRequests).set({ status: 'answered', answerId: other?.id }).where(eq(supportRequests.id, a.id))).rejects.toThrow();
    await expect(db.update(supportRequests).set({ status: 'closed' }).where(eq(supportRequests.id, a.id))).rejects.toThrow();
    await expect(db.update(supportRequests).set({ status: 'pending' }).where(eq(supportRequests.id, a.id))).rejects.toThrow();
    await expect(db.insert(supportMessages).values({ requestId: a.id, author: 'robot', body: 'x' })).rejects.toThrow();
    expect(await db.select().from(notifications).where(eq(notifications.userId, p.id))).toEqual([]);
  });
});
