import type { AddressInfo } from 'node:net';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { notifications } from '../../db/schema.ts';
import { createAccount, createTestApp, login, testClock, type TestContext } from '../../../test/helper.ts';
import { notify } from './service.ts';

const clock = testClock();
let t: TestContext;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ clock });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const authed = (access: string) => ({ authorization: `Bearer ${access}` });

async function person() {
  const account = await createAccount(t.database);
  const session = await login(t.app, account.email, account.password);
  return { ...account, access: session.access };
}

async function ticketFor(access: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/ws/ticket/', headers: authed(access) });
  expect(res.statusCode).toBe(200);
  return res.json().ticket;
}

/** Opens the socket; resolves once open, collecting every message; rejects with the HTTP status when refused. */
function openSocket(ticket: string): Promise<{ socket: WebSocket; messages: unknown[] }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://${base}/api/ws?ticket=${encodeURIComponent(ticket)}`);
    const messages: unknown[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(String(data))));
    socket.on('open', () => resolve({ socket, messages }));
    socket.on('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    socket.on('error', reject);
  });
}

const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
};

describe('GET /api/notifications/ and PATCH /api/notifications/mark-as-read/{id}/', () => {
  it('lists only the caller\'s notifications, newest first, page by page', async () => {
    const a = await person();
    const b = await person();
    for (let i = 1; i <= 3; i += 1) {
      await t.database.db.transaction((tx) => notify(tx, a.user.id, { title: `Note ${i}`, body: `Body ${i}`, type: 'test' }));
      clock.advance(1000);
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications/?page_size=2', headers: authed(a.access) });
    expect(res.statusCode).toBe(200);
    const page1 = res.json();
    expect(page1.map((n: { title: string }) => n.title)).toEqual(['Note 3', 'Note 2']);
    expect(page1[0]).toMatchObject({ body: 'Body 3', notification_type: 'test', is_read: false, data: {} });
    const page2 = (await t.app.inject({ method: 'GET', url: '/api/notifications/?page=2&page_size=2', headers: authed(a.access) })).json();
    expect(page2.map((n: { title: string }) => n.title)).toEqual(['Note 1']);
    const others = (await t.app.inject({ method: 'GET', url: '/api/notifications/', headers: authed(b.access) })).json();
    expect(others.some((n: { title: string }) => n.title.startsWith('Note '))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications/' })).statusCode).toBe(401);
  });

  it('lists only the unread ones with is_read=false (the bell\'s dot), or only the read ones with true', async () => {
    const a = await person();
    for (const title of ['Old', 'Middle', 'New']) {
      await t.database.db.transaction((tx) => notify(tx, a.user.id, { title, body: 'x', type: 'test' }));
      clock.advance(1000);
    }
    await t.database.db.update(notifications).set({ isRead: true }).where(and(eq(notifications.userId, a.user.id), ne(notifications.title, 'Old')));
    const get = async (query: string) => (await t.app.inject({ method: 'GET', url: `/api/notifications/?${query}`, headers: authed(a.access) })).json();
    expect((await get('is_read=false&page_size=1')).map((n: { title: string }) => n.title)).toEqual(['Old']);
    expect((await get('is_read=true')).map((n: { title: string }) => n.title)).toEqual(['New', 'Middle']);
    const bad = await t.app.inject({ method: 'GET', url: '/api/notifications/?is_read=maybe', headers: authed(a.access) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('is_read');
  });

  it('lets only the owner mark a notification as read; others get 404', async () => {
    const a = await person();
    const b = await person();
    await t.database.db.transaction((tx) => notify(tx, a.user.id, { title: 'Mine', body: 'x', type: 'test' }));
    const [mine] = await t.database.db.select().from(notifications).where(eq(notifications.userId, a.user.id));
    const url = `/api/notifications/mark-as-read/${mine?.id}/`;
    expect((await t.app.inject({ method: 'PATCH', url, headers: authed(b.access) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PATCH', url })).statusCode).toBe(401);
    const ok = await t.app.inject({ method: 'PATCH', url, headers: authed(a.access) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ id: mine?.id, is_read: true });
    const bad = await t.app.inject({ method: 'PATCH', url: '/api/notifications/mark-as-read/not-a-uuid/', headers: authed(a.access) });
    expect(bad.statusCode).toBe(400);
  });

  it('tells the account about a password change', async () => {
    const a = await person();
    await t.app.inject({ method: 'POST', url: '/api/change-password/', headers: authed(a.access), payload: { current_password: a.password, new_password: 'a-fresh-secret-99' } });
    // The change ended every session, this one's access token too: log in with the new password.
    const { access } = await login(t.app, a.email, 'a-fresh-secret-99');
    const list = (await t.app.inject({ method: 'GET', url: '/api/notifications/', headers: authed(access) })).json();
    expect(list[0]).toMatchObject({ title: 'Your password was changed', notification_type: 'security' });
  });
});

describe('the realtime socket', () => {
  it('pushes a notification on the user\'s own channel once its transaction commits', async () => {
    const a = await person();
    const b = await person();
    const mine = await openSocket(await ticketFor(a.access));
    const theirs = await openSocket(await ticketFor(b.access));
    await t.database.db.transaction((tx) => notify(tx, a.user.id, { title: 'Pushed', body: 'Hello', type: 'test', data: { x: 1 } }));
    expect(await until(() => mine.messages.length > 0)).toBe(true);
    expect(mine.messages[0]).toMatchObject({ type: 'notification', notification: { title: 'Pushed', data: { x: 1 }, is_read: false } });
    await new Promise((r) => setTimeout(r, 200));
    expect(theirs.messages).toEqual([]);
    mine.socket.close();
    theirs.socket.close();
  });

  it('pushes nothing and keeps nothing when the transaction rolls back', async () => {
    const a = await person();
    const socket = await openSocket(await ticketFor(a.access));
    await expect(
      t.database.db.transaction(async (tx) => {
        await notify(tx, a.user.id, { title: 'Never', body: 'x', type: 'test' });
        throw new Error('the change this notification was about failed');
      }),
    ).rejects.toThrow();
    await new Promise((r) => setTimeout(r, 300));
    expect(socket.messages).toEqual([]);
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.title, 'Never'));
    expect(rows).toEqual([]);
    socket.socket.close();
  });

  it('refuses a missing, made-up, reused or expired ticket', async () => {
    const a = await person();
    await expect(openSocket('')).rejects.toThrow('refused 401');
    await expect(openSocket('made-up-ticket')).rejects.toThrow('refused 401');
    const ticket = await ticketFor(a.access);
    const first = await openSocket(ticket);
    await expect(openSocket(ticket)).rejects.toThrow('refused 401');
    first.socket.close();
    const stale = await ticketFor(a.access);
    clock.advance(31_000);
    await expect(openSocket(stale)).rejects.toThrow('refused 401');
    expect((await t.app.inject({ method: 'POST', url: '/api/ws/ticket/' })).statusCode).toBe(401);
  });

  it('pings each socket every heartbeat and closes one that stops answering', async () => {
    const beating = await createTestApp({ config: { wsHeartbeatMs: 100 } });
    try {
      await beating.app.listen({ port: 0, host: '127.0.0.1' });
      const host = `127.0.0.1:${(beating.app.server.address() as AddressInfo).port}`;
      const account = await createAccount(beating.database);
      const { access } = await login(beating.app, account.email, account.password);
      const open = async (autoPong: boolean) => {
        const { ticket } = (await beating.app.inject({ method: 'POST', url: '/api/ws/ticket/', headers: authed(access) })).json();
        const socket = new WebSocket(`ws://${host}/api/ws?ticket=${ticket}`, { autoPong });
        let pings = 0;
        let closed = false;
        socket.on('ping', () => (pings += 1));
        socket.on('close', () => (closed = true));
        await new Promise((resolve) => socket.on('open', resolve));
        return { socket, pings: () => pings, closed: () => closed };
      };
      const alive = await open(true);
      const silent = await open(false);
      expect(await until(() => silent.closed(), 2000)).toBe(true);
      expect(await until(() => alive.pings() >= 3, 2000)).toBe(true);
      expect(alive.closed()).toBe(false);
      alive.socket.close();
    } finally {
      await beating.close();
    }
  });

  it('closes its sockets cleanly when the server shuts down', async () => {
    const other = await createTestApp();
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const host = `127.0.0.1:${(other.app.server.address() as AddressInfo).port}`;
    const account = await createAccount(other.database);
    const { access } = await login(other.app, account.email, account.password);
    const { ticket } = (await other.app.inject({ method: 'POST', url: '/api/ws/ticket/', headers: authed(access) })).json();
    const socket = new WebSocket(`ws://${host}/api/ws?ticket=${ticket}`);
    await new Promise((resolve) => socket.on('open', resolve));
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    await other.close();
    expect(await closed).toBeGreaterThanOrEqual(1000);
  });
});

describe('the realtime socket when the account\'s sessions end', () => {
  const closed = (socket: WebSocket) => new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));

  it('closes on logout everywhere, delivers nothing after it, and leaves other people\'s sockets open', async () => {
    const a = await person();
    const b = await person();
    const mine = await openSocket(await ticketFor(a.access));
    const theirs = await openSocket(await ticketFor(b.access));
    const code = closed(mine.socket);
    expect((await t.app.inject({ method: 'POST', url: '/api/logout-all/', headers: authed(a.access) })).statusCode).toBe(200);
    expect(await code).toBe(4401);
    await t.database.db.transaction((tx) => notify(tx, a.user.id, { title: 'After the logout', body: 'Nobody should see this', type: 'test' }));
    await t.database.db.transaction((tx) => notify(tx, b.user.id, { title: 'Still here', body: 'Hello', type: 'test' }));
    expect(await until(() => theirs.messages.length > 0)).toBe(true);
    expect(mine.messages).toEqual([]);
    expect(theirs.socket.readyState).toBe(WebSocket.OPEN);
    theirs.socket.close();
  });

  it('closes on a password change; this device reconnects with its refreshed session and gets new events', async () => {
    const a = await person();
    const session = await login(t.app, a.email, a.password);
    const first = await openSocket(await ticketFor(session.access));
    const code = closed(first.socket);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/change-password/',
      headers: authed(session.access),
      payload: { current_password: a.password, new_password: 'changed-and-long-7', refresh: session.refresh },
    });
    expect(changed.statusCode).toBe(200);
    expect(await code).toBe(4401);
    const refreshed = (await t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: session.refresh } })).json();
    const again = await openSocket(await ticketFor(refreshed.access));
    await t.database.db.transaction((tx) => notify(tx, a.user.id, { title: 'Welcome back', body: 'Hello', type: 'test' }));
    expect(await until(() => again.messages.length > 0)).toBe(true);
    again.socket.close();
  });

  it('closes when the account is deleted', async () => {
    const a = await person();
    const socket = await openSocket(await ticketFor(a.access));
    const code = closed(socket.socket);
    const gone = await t.app.inject({ method: 'DELETE', url: '/api/profile/', headers: authed(a.access), payload: { password: a.password, confirm: true } });
    expect(gone.statusCode).toBe(200);
    expect(await code).toBe(4401);
  });
});
