import { randomUUID } from 'node:crypto';
import { Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { endpoints, type RealtimeEvent } from '@localloop/contract';
import { publish } from '../../lib/realtime.ts';
import { createAccount, createTestApp, inject, login, testClock, type TestContext } from '../../../test/helper.ts';
import { listen, openSocket, ticketFor, until } from '../../../test/sockets.ts';
import { notify } from '../notifications/index.ts';

/**
 * A channel kind of this test only, as chat will register `room`: who is in which probe is a set the test changes,
 * asked through the database handle the hub passes (a real kind queries its membership table).
 */
const probeMembers = new Set<string>();
const probeChecks: string[] = [];

const clock = testClock();
let t: TestContext;
let host: string;
beforeAll(async () => {
  t = await createTestApp({
    clock,
    realtimeChannels: {
      probe: async (userId, id, db) => {
        probeChecks.push(`${userId}:${id}`);
        await db.execute(sql`SELECT 1`);
        return probeMembers.has(`${userId}:${id}`);
      },
    },
  });
  host = await listen(t.app);
});
afterAll(() => t.close());


async function person() {
  const account = await createAccount(t.database);
  const session = await login(t.app, account.email, account.password);
  const connect = async () => openSocket(host, await ticketFor(t.app, session.access));
  return { ...account, access: session.access, refresh: session.refresh, connect };
}

/** A new person's socket, subscribed to `probe:<id>` as a member of it. */
async function subscribedTo(id: string) {
  const a = await person();
  probeMembers.add(`${a.user.id}:${id}`);
  const tab = await a.connect();
  tab.send({ type: 'subscribe', channel: `probe:${id}` });
  expect(await until(() => tab.frames.some((f) => f.type === 'subscribed'))).toBe(true);
  return tab;
}

/** Any event will do on a probe channel; this one is told apart from a real notification by its type. */
const probeEvent = (id: string): RealtimeEvent => ({ type: 'notification', id, notification_type: 'probe', title: 'On the probe' });

/** An event on a probe channel, published the way domains do: inside a transaction, delivered once it commits. */
async function publishOn(channel: `probe:${string}`): Promise<string> {
  const id = randomUUID();
  await t.database.db.transaction((tx) => publish(tx, channel, probeEvent(id)));
  return id;
}
/** `count` events on a probe channel committed in one transaction (delivered together at its commit); their ids. */
async function publishAtOnce(channel: `probe:${string}`, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  await t.database.db.transaction(async (tx) => {
    for (const id of ids) await publish(tx, channel, probeEvent(id));
  });
  return ids;
}
const pause = (ms = 250) => new Promise((r) => setTimeout(r, ms));

describe('POST /api/ws/ticket/ and GET /api/ws', () => {
  it('refuses a missing, made-up, reused or expired ticket', async () => {
    const a = await person();
    await expect(openSocket(host, '')).rejects.toThrow('refused 401');
    await expect(openSocket(host, 'made-up-ticket')).rejects.toThrow('refused 401');
    const ticket = await ticketFor(t.app, a.access);
    const first = await openSocket(host, ticket);
    await expect(openSocket(host, ticket)).rejects.toThrow('refused 401');
    first.socket.close();
    const stale = await ticketFor(t.app, a.access);
    clock.advance(31_000);
    await expect(openSocket(host, stale)).rejects.toThrow('refused 401');
    expect((await inject(t.app, endpoints.wsTicket)).statusCode).toBe(401);
  });

  it('pings each socket every heartbeat and closes one that stops answering', async () => {
    const beating = await createTestApp({ config: { wsHeartbeatMs: 100 } });
    try {
      const beatingHost = await listen(beating.app);
      const account = await createAccount(beating.database);
      const { access } = await login(beating.app, account.email, account.password);
      const open = async (autoPong: boolean) => {
        const socket = new WebSocket(`ws://${beatingHost}/api/ws?ticket=${await ticketFor(beating.app, access)}`, { autoPong });
        let pings = 0;
        let closed = false;
        socket.on('ping', () => (pings += 1));
        socket.on('close', () => (closed = true));
        await new Promise((resolve) => socket.on('open', resolve));
        return { socket, pings: () => pings, closed: () => closed };
      };
      const alive = await open(true);
      const silent = await open(false);
      expect(await until(() => silent.closed())).toBe(true);
      expect(await until(() => alive.pings() >= 3)).toBe(true);
      expect(alive.closed()).toBe(false);
      alive.socket.close();
    } finally {
      await beating.close();
    }
  });

  it('closes its sockets cleanly when the server shuts down', async () => {
    const other = await createTestApp();
    const otherHost = await listen(other.app);
    const account = await createAccount(other.database);
    const { access } = await login(other.app, account.email, account.password);
    const { socket } = await openSocket(otherHost, await ticketFor(other.app, access));
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
    const mine = await a.connect();
    const theirs = await b.connect();
    const code = closed(mine.socket);
    expect((await inject(t.app, endpoints.logoutAll, { access: a.access })).statusCode).toBe(200);
    expect(await code).toBe(4401);
    await t.database.db.transaction((tx) => notify(tx, a.user.id, { title: 'After the logout', body: 'Nobody should see this', type: 'test' }));
    await t.database.db.transaction((tx) => notify(tx, b.user.id, { title: 'Still here', body: 'Hello', type: 'test' }));
    expect(await until(() => theirs.events().length > 0)).toBe(true);
    expect(mine.frames).toEqual([]);
    expect(theirs.socket.readyState).toBe(WebSocket.OPEN);
    theirs.socket.close();
  });

  it('closes on a password change; this device reconnects with its refreshed session and gets new events', async () => {
    const a = await person();
    const first = await a.connect();
    const code = closed(first.socket);
    const changed = await inject(t.app, endpoints.changePassword, {
      access: a.access,
      body: { current_password: a.password, new_password: 'changed-and-long-7', refresh: a.refresh },
    });
    expect(changed.statusCode).toBe(200);
    expect(await code).toBe(4401);
    const refreshed = (await inject(t.app, endpoints.tokenRefresh, { body: { refresh: a.refresh } })).json();
    const again = await openSocket(host, await ticketFor(t.app, refreshed.access));
    await t.database.db.transaction((tx) => notify(tx, a.user.id, { title: 'Welcome back', body: 'Hello', type: 'test' }));
    expect(await until(() => again.events().length > 0)).toBe(true);
    again.socket.close();
  });

  it('closes when the account is deleted, with the channels it had joined', async () => {
    const a = await person();
    probeMembers.add(`${a.user.id}:gone`);
    const socket = await a.connect();
    socket.send({ type: 'subscribe', channel: 'probe:gone' });
    expect(await until(() => socket.frames.some((f) => f.type === 'subscribed'))).toBe(true);
    const code = closed(socket.socket);
    const gone = await inject(t.app, endpoints.deleteAccount, { access: a.access, body: { password: a.password, confirm: true } });
    expect(gone.statusCode).toBe(200);
    expect(await code).toBe(4401);
  });
});

describe('subscribing to a channel whose membership the server checks', () => {
  it('refuses a non-member with an error frame, keeps the socket open, and delivers them nothing from it', async () => {
    const member = await person();
    const outsider = await person();
    probeMembers.add(`${member.user.id}:club`);
    const inside = await member.connect();
    const outside = await outsider.connect();
    inside.send({ type: 'subscribe', channel: 'probe:club' });
    outside.send({ type: 'subscribe', channel: 'probe:club' });
    expect(await until(() => inside.frames.length > 0 && outside.frames.length > 0)).toBe(true);
    expect(inside.frames).toEqual([{ type: 'subscribed', channel: 'probe:club' }]);
    expect(outside.frames).toEqual([{ type: 'error', code: 'CHANNEL_FORBIDDEN', channel: 'probe:club', message: expect.any(String) }]);
    const sent = await publishOn('probe:club');
    expect(await until(() => inside.events().length > 0)).toBe(true);
    expect(inside.frames.at(-1)).toEqual({ type: 'event', channel: 'probe:club', event: probeEvent(sent) });
    await pause();
    expect(outside.events()).toEqual([]);
    expect(outside.socket.readyState).toBe(WebSocket.OPEN);
    inside.socket.close();
    outside.socket.close();
  });

  it('checks membership again on every delivery: a removed member gets nothing more, and is told once', async () => {
    const a = await person();
    probeMembers.add(`${a.user.id}:room1`);
    const tabs = [await a.connect(), await a.connect()];
    for (const tab of tabs) tab.send({ type: 'subscribe', channel: 'probe:room1' });
    expect(await until(() => tabs.every((tab) => tab.frames.some((f) => f.type === 'subscribed')))).toBe(true);
    probeChecks.length = 0;
    const before = await publishOn('probe:room1');
    expect(await until(() => tabs.every((tab) => tab.events().length === 1))).toBe(true);
    // One check a person per delivery, not one a socket.
    expect(probeChecks).toEqual([`${a.user.id}:room1`]);

    probeMembers.delete(`${a.user.id}:room1`);
    const after = await publishOn('probe:room1');
    await publishOn('probe:room1');
    expect(await until(() => tabs.every((tab) => tab.frames.some((f) => f.type === 'unsubscribed')))).toBe(true);
    await pause();
    for (const tab of tabs) {
      expect(tab.events()).toEqual([probeEvent(before)]);
      expect(tab.frames.filter((f) => f.type === 'unsubscribed')).toEqual([{ type: 'unsubscribed', channel: 'probe:room1', reason: 'revoked' }]);
      expect(JSON.stringify(tab.frames)).not.toContain(after);
    }
    // Dropped from the channel: the next delivery asks nobody.
    probeChecks.length = 0;
    await publishOn('probe:room1');
    await pause();
    expect(probeChecks).toEqual([]);
    for (const tab of tabs) tab.socket.close();
  });

  it('delivers a burst on one channel whole and in order, the frames that waited together: one check, one write per socket', async () => {
    const tab = await subscribedTo('burst');
    // The server's writes to this socket (the server's end has the client's port as its remote port).
    const port = (tab.socket as unknown as { _socket: Socket })._socket.localPort;
    const writes = vi.spyOn(Socket.prototype as unknown as { _writeGeneric: (...args: unknown[]) => void }, '_writeGeneric');
    const writesToTab = () => writes.mock.contexts.filter((socket) => (socket as Socket).remotePort === port).length;
    probeChecks.length = 0;
    try {
      // Ten events committed at once: the first goes out alone, the nine published while its check ran together.
      const ids = await publishAtOnce('probe:burst', 10);
      expect(await until(() => tab.events().length === 10)).toBe(true);
      expect(tab.events()).toEqual(ids.map(probeEvent));
      expect(probeChecks.length).toBeLessThanOrEqual(3);
      expect(writesToTab()).toBeGreaterThan(0);
      expect(writesToTab()).toBeLessThanOrEqual(probeChecks.length);
    } finally {
      writes.mockRestore();
    }
    await pause();
    expect(tab.events()).toHaveLength(10);
    tab.socket.close();
  });

  it('delivers a backlog longer than one batch whole and in order, in turns of at most 64 frames', async () => {
    const tab = await subscribedTo('backlog');
    probeChecks.length = 0;
    const ids = await publishAtOnce('probe:backlog', 150);
    expect(await until(() => tab.events().length === 150)).toBe(true);
    expect(tab.events()).toEqual(ids.map(probeEvent));
    // The first alone, then the 149 that waited in turns of 64: 1 + 3 questions (more if the frames came in slowly).
    expect(probeChecks.length).toBeGreaterThanOrEqual(4);
    expect(probeChecks.length).toBeLessThan(150);
    tab.socket.close();
  });

  it('stops delivering after an unsubscribe, and delivers the person\'s own channel throughout', async () => {
    const a = await person();
    probeMembers.add(`${a.user.id}:news`);
    const tab = await a.connect();
    tab.send({ type: 'subscribe', channel: 'probe:news' });
    expect(await until(() => tab.frames.some((f) => f.type === 'subscribed'))).toBe(true);
    await publishOn('probe:news');
    expect(await until(() => tab.events().length === 1)).toBe(true);
    tab.send({ type: 'unsubscribe', channel: 'probe:news' });
    expect(await until(() => tab.frames.some((f) => f.type === 'unsubscribed'))).toBe(true);
    expect(tab.frames.at(-1)).toEqual({ type: 'unsubscribed', channel: 'probe:news', reason: 'requested' });
    await publishOn('probe:news');
    await t.database.db.transaction((tx) => notify(tx, a.user.id, { title: 'Still yours', body: 'Hello', type: 'test' }));
    expect(await until(() => tab.events().length === 2)).toBe(true);
    await pause();
    expect(tab.events().map((e) => (e.type === 'notification' ? e.notification_type : e.type))).toEqual(['probe', 'test']);
    tab.socket.close();
  });

  it("closes a socket that sends an oversized frame (1009) or floods it (1008), and only that one: another person's goes on", async () => {
    const bystander = await person();
    const theirs = await bystander.connect();
    const closed = (socket: WebSocket) => new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));

    const big = await (await person()).connect();
    const bigClosed = closed(big.socket);
    big.socket.send(JSON.stringify({ type: 'subscribe', channel: `probe:${'x'.repeat(5000)}` }));
    expect(await bigClosed).toBe(1009);

    const flooder = await person();
    const flood = await flooder.connect();
    const floodClosed = closed(flood.socket);
    // Frames the hub must check against the database, sent faster than it answers them.
    for (let i = 0; i < 2000 && flood.socket.readyState === WebSocket.OPEN; i += 1) flood.socket.send(JSON.stringify({ type: 'subscribe', channel: `probe:flood-${i}` }));
    expect(await floodClosed).toBe(1008);

    // The bystander's socket stayed open through both, and still gets its own events, whole.
    expect(theirs.socket.readyState).toBe(WebSocket.OPEN);
    await t.database.db.transaction((tx) => notify(tx, bystander.user.id, { title: 'Still here', body: 'Hello', type: 'test' }));
    expect(await until(() => theirs.events().length === 1)).toBe(true);
    theirs.send({ type: 'subscribe', channel: `user:${flooder.user.id}` });
    expect(await until(() => theirs.frames.some((f) => f.type === 'error' && f.code === 'CHANNEL_FORBIDDEN'))).toBe(true);
    expect(theirs.socket.readyState).toBe(WebSocket.OPEN);
    theirs.socket.close();
  });

  it('refuses unknown channel kinds and other people\'s user channels, and survives malformed frames', async () => {
    const a = await person();
    const b = await person();
    probeMembers.add(`${a.user.id}:after`);
    const tab = await a.connect();
    tab.send({ type: 'subscribe', channel: `room:${randomUUID()}` });
    tab.send({ type: 'subscribe', channel: `user:${b.user.id}` });
    tab.send('{"type":"subscribe"');
    tab.send({ type: 'subscribe', channel: 'probe:a b' });
    tab.send({ type: 'shout', channel: 'probe:after' });
    tab.socket.send(Buffer.from([0, 1, 2, 3]));
    tab.send({ type: 'subscribe', channel: 'probe:after' });
    expect(await until(() => tab.frames.length === 7)).toBe(true);
    expect(tab.frames.map((f) => (f.type === 'error' ? f.code : f.type))).toEqual([
      'CHANNEL_UNKNOWN',
      'CHANNEL_FORBIDDEN',
      'FRAME_INVALID',
      'FRAME_INVALID',
      'FRAME_INVALID',
      'FRAME_INVALID',
      'subscribed',
    ]);
    expect(tab.socket.readyState).toBe(WebSocket.OPEN);
    tab.socket.close();
  });
});
