import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@localloop/contract';
import { notifications } from '../../db/schema.ts';
import { createAccount, createTestApp, inject, login, raw, testClock, type TestContext } from '../../../test/helper.ts';
import { listen, openSocket, ticketFor, until } from '../../../test/sockets.ts';
import { notify } from './service.ts';

const clock = testClock();
let t: TestContext;
let host: string;
beforeAll(async () => {
  t = await createTestApp({ clock });
  host = await listen(t.app);
});
afterAll(() => t.close());

async function person() {
  const account = await createAccount(t.database);
  const session = await login(t.app, account.email, account.password);
  return { ...account, access: session.access };
}

/**
 * A notification's time is the database's (created_at defaults to now()), not the test clock's: two made one after the
 * other can share a timestamp on PGlite, and the list's order among equals is the id's. Each is set a second apart.
 */
async function spreadOut(userId: string, title: string, seconds: number) {
  await t.database.db
    .update(notifications)
    .set({ createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, seconds)) })
    .where(and(eq(notifications.userId, userId), eq(notifications.title, title)));
}

describe('GET /api/notifications/ and PATCH /api/notifications/mark-as-read/{id}/', () => {
  it('lists only the caller\'s notifications, newest first, page by page', async () => {
    const a = await person();
    const b = await person();
    for (let i = 1; i <= 3; i += 1) {
      await t.database.db.transaction((tx) => notify(tx, a.user.id, { title: `Note ${i}`, body: `Body ${i}`, type: 'test' }));
      await spreadOut(a.user.id, `Note ${i}`, i);
    }
    const res = await inject(t.app, endpoints.notifications, { query: { page_size: 2 }, access: a.access });
    expect(res.statusCode).toBe(200);
    const page1 = res.json();
    expect(page1.map((n) => n.title)).toEqual(['Note 3', 'Note 2']);
    expect(page1[0]).toMatchObject({ body: 'Body 3', notification_type: 'test', is_read: false, data: {}, target: null });
    const page2 = (await inject(t.app, endpoints.notifications, { query: { page: 2, page_size: 2 }, access: a.access })).json();
    expect(page2.map((n) => n.title)).toEqual(['Note 1']);
    const others = (await inject(t.app, endpoints.notifications, { access: b.access })).json();
    expect(others.some((n) => n.title.startsWith('Note '))).toBe(false);
    expect((await inject(t.app, endpoints.notifications)).statusCode).toBe(401);
  });

  it('lists only the unread ones with is_read=false (the bell\'s dot), or only the read ones with true', async () => {
    const a = await person();
    for (const [i, title] of ['Old', 'Middle', 'New'].entries()) {
      await t.database.db.transaction((tx) => notify(tx, a.user.id, { title, body: 'x', type: 'test' }));
      await spreadOut(a.user.id, title, i);
    }
    await t.database.db.update(notifications).set({ isRead: true }).where(and(eq(notifications.userId, a.user.id), ne(notifications.title, 'Old')));
    const titles = async (query: { is_read: 'true' | 'false'; page_size?: number }) => (await inject(t.app, endpoints.notifications, { query, access: a.access })).json().map((n) => n.title);
    expect(await titles({ is_read: 'false', page_size: 1 })).toEqual(['Old']);
    expect(await titles({ is_read: 'true' })).toEqual(['New', 'Middle']);
    const bad = await inject(t.app, endpoints.notifications, { query: raw('is_read=maybe'), access: a.access });
    expect(bad.statusCode).toBe(400);
    expect(bad.error().fields).toHaveProperty('is_read');
  });

  it('lets only the owner mark a notification as read; others get 404', async () => {
    const a = await person();
    const b = await person();
    await t.database.db.transaction((tx) => notify(tx, a.user.id, { title: 'Mine', body: 'x', type: 'test' }));
    const [mine] = await t.database.db.select().from(notifications).where(eq(notifications.userId, a.user.id));
    const params = { id: mine?.id ?? '' };
    expect((await inject(t.app, endpoints.markNotificationRead, { params, access: b.access })).statusCode).toBe(404);
    expect((await inject(t.app, endpoints.markNotificationRead, { params })).statusCode).toBe(401);
    const ok = await inject(t.app, endpoints.markNotificationRead, { params, access: a.access });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ id: mine?.id, is_read: true });
    const bad = await inject(t.app, endpoints.markNotificationRead, { params: { id: 'not-a-uuid' }, access: a.access });
    expect(bad.statusCode).toBe(400);
  });

  it('marks all of the caller\'s unread notifications read and answers how many; another account\'s stay unread', async () => {
    const a = await person();
    const b = await person();
    for (const title of ['One', 'Two']) await t.database.db.transaction((tx) => notify(tx, a.user.id, { title, body: 'x', type: 'test' }));
    await t.database.db.transaction((tx) => notify(tx, b.user.id, { title: 'Theirs', body: 'x', type: 'test' }));
    const unreadOf = async (access: string) => (await inject(t.app, endpoints.notifications, { query: { is_read: 'false' }, access })).json().length;
    const before = await unreadOf(a.access);
    expect(before).toBeGreaterThanOrEqual(2);

    const res = await inject(t.app, endpoints.markAllNotificationsRead, { access: a.access, body: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: before });
    expect(await unreadOf(a.access)).toBe(0);
    expect(await unreadOf(b.access)).toBeGreaterThanOrEqual(1);
    // Nothing left to mark: still a success, of none.
    expect((await inject(t.app, endpoints.markAllNotificationsRead, { access: a.access, body: {} })).json()).toEqual({ updated: 0 });
  });

  it('marks only those up to `before`, so one that arrived after the list was shown stays unread', async () => {
    const a = await person();
    await inject(t.app, endpoints.markAllNotificationsRead, { access: a.access, body: {} });
    await t.database.db.transaction((tx) => notify(tx, a.user.id, { title: 'Seen', body: 'x', type: 'test' }));
    // The column keeps microseconds, the list's times only milliseconds: the one shown must still count as seen.
    await t.database.db.execute(sql`UPDATE notifications SET created_at = '2031-05-01T10:00:00.123456Z' WHERE user_id = ${a.user.id} AND title = 'Seen'`);
    const [seen] = (await inject(t.app, endpoints.notifications, { access: a.access })).json();
    expect(seen?.created_at).toBe('2031-05-01T10:00:00.123Z');
    await t.database.db.transaction((tx) => notify(tx, a.user.id, { title: 'Arrived meanwhile', body: 'x', type: 'test' }));
    await t.database.db.execute(sql`UPDATE notifications SET created_at = '2031-05-01T10:00:00.124Z' WHERE user_id = ${a.user.id} AND title = 'Arrived meanwhile'`);
    const res = await inject(t.app, endpoints.markAllNotificationsRead, { access: a.access, body: { before: seen?.created_at } });
    expect(res.json()).toEqual({ updated: 1 });
    const unread = (await inject(t.app, endpoints.notifications, { query: { is_read: 'false' }, access: a.access })).json();
    expect(unread.map((n) => n.title)).toEqual(['Arrived meanwhile']);
  });

  it('refuses mark-all without a session (401) and with a `before` that is not a date and time (400 on the field)', async () => {
    const a = await person();
    expect((await inject(t.app, endpoints.markAllNotificationsRead, { body: {} })).statusCode).toBe(401);
    for (const before of ['yesterday', '2025-13-40T99:00:00Z', 12]) {
      const res = await inject(t.app, endpoints.markAllNotificationsRead, { access: a.access, body: raw({ before }) });
      expect(res.statusCode).toBe(400);
      expect(res.error().fields).toHaveProperty('before');
    }
  });

  it('gives each notification what it opens: ids, not URLs, and null when it is about nothing to open', async () => {
    const a = await person();
    const shop = await createAccount(t.database, { vendor: { isApproved: true, kycStatus: 'approved' } });
    await t.database.db.transaction(async (tx) => {
      await notify(tx, a.user.id, { title: 'Plain', body: 'x', type: 'test' });
      clock.advance(1000);
      await notify(tx, a.user.id, { title: 'Application', body: 'x', type: 'vendor_kyc', target: { kind: 'vendor_application' } });
      clock.advance(1000);
      await notify(tx, a.user.id, { title: 'Shop', body: 'x', type: 'deal', target: { kind: 'vendor_page', user_id: shop.user.id } });
      clock.advance(1000);
    });
    const list = (await inject(t.app, endpoints.notifications, { access: a.access })).json();
    const targetOf = (title: string) => list.find((n) => n.title === title)?.target;
    expect(targetOf('Plain')).toBeNull();
    expect(targetOf('Application')).toEqual({ kind: 'vendor_application' });
    expect(targetOf('Shop')).toEqual({ kind: 'vendor_page', user_id: shop.user.id });
    // A password change opens the account's security settings.
    await inject(t.app, endpoints.changePassword, { access: a.access, body: { current_password: a.password, new_password: 'a-fresh-secret-77' } });
    const { access } = await login(t.app, a.email, 'a-fresh-secret-77');
    const [security] = (await inject(t.app, endpoints.notifications, { access })).json();
    expect(security).toMatchObject({ notification_type: 'security', target: { kind: 'account_settings' } });
  });

  it('keeps a vendor-page target with its id in the database (the CHECK refuses one without)', async () => {
    const a = await person();
    await expect(
      t.database.db.insert(notifications).values({ userId: a.user.id, title: 'x', body: 'x', notificationType: 'test', targetKind: 'vendor_page' }),
    ).rejects.toThrow();
    await expect(
      t.database.db.insert(notifications).values({ userId: a.user.id, title: 'x', body: 'x', notificationType: 'test', targetKind: 'account_settings', targetId: a.user.id }),
    ).rejects.toThrow();
  });

  it('tells the account about a password change', async () => {
    const a = await person();
    await inject(t.app, endpoints.changePassword, { access: a.access, body: { current_password: a.password, new_password: 'a-fresh-secret-99' } });
    // The change ended every session, this one's access token too: log in with the new password.
    const { access } = await login(t.app, a.email, 'a-fresh-secret-99');
    const list = (await inject(t.app, endpoints.notifications, { access })).json();
    expect(list[0]).toMatchObject({ title: 'Your password was changed', notification_type: 'security' });
  });
});

describe('the push of a new notification', () => {
  it('goes to the user\'s own channel once its transaction commits, with the id, type and title but not the body', async () => {
    const a = await person();
    const b = await person();
    const mine = await openSocket(host, await ticketFor(t.app, a.access));
    const theirs = await openSocket(host, await ticketFor(t.app, b.access));
    await t.database.db.transaction((tx) => notify(tx, a.user.id, { title: 'Pushed', body: 'Hello', type: 'test', data: { x: 1 } }));
    expect(await until(() => mine.frames.length > 0)).toBe(true);
    const [row] = await t.database.db.select().from(notifications).where(eq(notifications.userId, a.user.id));
    expect(mine.frames).toEqual([{ type: 'event', channel: `user:${a.user.id}`, event: { type: 'notification', id: row?.id, notification_type: 'test', title: 'Pushed' } }]);
    // Events reach sockets in the order they commit: once b's own arrives, a's would have come before it.
    await t.database.db.transaction((tx) => notify(tx, b.user.id, { title: 'Theirs', body: 'x', type: 'test' }));
    expect(await until(() => theirs.frames.length > 0)).toBe(true);
    expect(theirs.events().map((e) => e.type === 'notification' && e.title)).toEqual(['Theirs']);
    mine.socket.close();
    theirs.socket.close();
  });

  it('names the tab whose request caused it, for that account only, so that tab need not toast news of its own action', async () => {
    const a = await person();
    const socket = await openSocket(host, await ticketFor(t.app, a.access));
    const tab = 'c0ffee00-1111-4222-8333-444455556666';
    const outbox = async (to: string) => String((await inject(t.app, endpoints.devOutbox, { query: { to } })).json()[0]?.code);
    const changePhone = async (phone: string, headers: Record<string, string>) => {
      const asked = await inject(t.app, endpoints.sendVerificationOtp, { access: a.access, headers, body: { phone_number: phone, current_password: a.password } });
      expect(asked.statusCode).toBe(200);
      clock.advance(61_000); // past the one-a-minute limit on codes
      const done = await inject(t.app, endpoints.verifyContact, { access: a.access, headers, body: { channel: 'sms', otp: await outbox(phone) } });
      expect(done.statusCode).toBe(200);
    };
    const unique = () => `+1555${String(Date.now()).slice(-7)}`;

    await changePhone(unique(), { 'x-localloop-tab': tab });
    expect(await until(() => socket.events().length === 1)).toBe(true);
    expect(socket.events()[0]).toMatchObject({ type: 'notification', title: 'Your phone number was changed', origin: tab });
    // Without a tab, or with something that is not a tab id, the push names none.
    for (const headers of [{}, { 'x-localloop-tab': 'not a tab id!' }] as Record<string, string>[]) {
      const before = socket.events().length;
      await changePhone(unique(), headers);
      expect(await until(() => socket.events().length === before + 1)).toBe(true);
      expect(socket.events().at(-1)).not.toHaveProperty('origin');
    }
    socket.socket.close();

    // A rating tells the vendor, not the rater: the rater's tab is not the vendor's news.
    const shop = await createAccount(t.database, { vendor: { isApproved: true, kycStatus: 'approved' } });
    const shopSocket = await openSocket(host, await ticketFor(t.app, (await login(t.app, shop.email, shop.password)).access));
    const rated = await inject(t.app, endpoints.rateVendor, { access: a.access, headers: { 'x-localloop-tab': tab }, body: { vendor_id: shop.vendorId ?? '', rating: 5 } });
    expect(rated.statusCode).toBe(200);
    expect(await until(() => shopSocket.events().length > 0)).toBe(true);
    expect(shopSocket.events()[0]).toMatchObject({ type: 'notification' });
    expect(shopSocket.events()[0]).not.toHaveProperty('origin');
    shopSocket.socket.close();
  });

  it('pushes nothing and keeps nothing when the transaction rolls back', async () => {
    const a = await person();
    const socket = await openSocket(host, await ticketFor(t.app, a.access));
    await expect(
      t.database.db.transaction(async (tx) => {
        await notify(tx, a.user.id, { title: 'Never', body: 'x', type: 'test' });
        throw new Error('the change this notification was about failed');
      }),
    ).rejects.toThrow();
    // A committed one after it arrives alone: the rolled-back one was never sent.
    await t.database.db.transaction((tx) => notify(tx, a.user.id, { title: 'After', body: 'x', type: 'test' }));
    expect(await until(() => socket.frames.length > 0)).toBe(true);
    expect(socket.events().map((e) => e.type === 'notification' && e.title)).toEqual(['After']);
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.title, 'Never'));
    expect(rows).toEqual([]);
    socket.socket.close();
  });

  it('still goes out for the longest notification (the bus carries under 8,000 bytes; the body stays in the database)', async () => {
    const a = await person();
    const socket = await openSocket(host, await ticketFor(t.app, a.access));
    // 400 bytes of title in UTF-8; a body of quotes would be 4,000 bytes once JSON-escaped, and the data far more.
    const title = '🦄'.repeat(100);
    await t.database.db.transaction((tx) => notify(tx, a.user.id, { title, body: '"'.repeat(2000), type: 'test', data: { blob: 'y'.repeat(20_000) } }));
    expect(await until(() => socket.events().length > 0)).toBe(true);
    expect(socket.events()[0]).toMatchObject({ type: 'notification', title });
    const [listed] = (await inject(t.app, endpoints.notifications, { access: a.access })).json();
    expect(listed?.body).toHaveLength(2000);
    socket.socket.close();
  });
});
