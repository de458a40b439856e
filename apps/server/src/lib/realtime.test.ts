import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { RealtimeEvent, ServerFrame } from '@localloop/contract';
import { users } from '../db/schema.ts';
import { createAccount, createTestApp, type TestContext } from '../../test/helper.ts';
import { until } from '../../test/sockets.ts';
import { closeEndedSockets, NOTIFY_PAYLOAD_LIMIT_BYTES, publish, RealtimeHub, SESSION_ENDED_CLOSE_CODE } from './realtime.ts';

/** A socket as the hub sees it: it records what it was sent and how it was closed. */
function fakeSocket() {
  const socket = Object.assign(new EventEmitter(), {
    OPEN: 1,
    readyState: 1,
    closedWith: null as number | null,
    sent: [] as string[],
    send(text: string) {
      socket.sent.push(text);
    },
    close(code: number) {
      socket.closedWith = code;
      socket.readyState = 3;
      socket.emit('close', code);
    },
    frames: () => socket.sent.map((text) => JSON.parse(text) as ServerFrame),
  });
  return socket;
}
const asSocket = (s: ReturnType<typeof fakeSocket>) => s as unknown as WebSocket;
/** Until the socket has been sent `n` frames (the hub answers after async membership checks). */
const framesOf = async (socket: ReturnType<typeof fakeSocket>, n: number) => {
  expect(await until(() => socket.sent.length >= n)).toBe(true);
  return socket.frames();
};

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the realtime hub when sessions end', () => {
  it('closes a socket that joins just after its account\'s sessions ended (its ticket was redeemed just before)', () => {
    const hub = new RealtimeHub(t.database.db);
    hub.endSessions('u1', 4);
    const late = fakeSocket();
    expect(hub.connect(asSocket(late), { userId: 'u1', tokenVersion: 3 })).toBe(false);
    expect(late.closedWith).toBe(SESSION_ENDED_CLOSE_CODE);
    const current = fakeSocket();
    expect(hub.connect(asSocket(current), { userId: 'u1', tokenVersion: 4 })).toBe(true);
    expect(current.closedWith).toBeNull();
  });

  it('after a gap in notifications, closes the sockets of accounts whose sessions ended or that were deleted meanwhile', async () => {
    const kept = await createAccount(t.database);
    const ended = await createAccount(t.database);
    const deleted = await createAccount(t.database);
    const hub = new RealtimeHub(t.database.db);
    const sockets = { kept: fakeSocket(), ended: fakeSocket(), deleted: fakeSocket() };
    hub.connect(asSocket(sockets.kept), { userId: kept.user.id, tokenVersion: 0 });
    hub.connect(asSocket(sockets.ended), { userId: ended.user.id, tokenVersion: 0 });
    hub.connect(asSocket(sockets.deleted), { userId: deleted.user.id, tokenVersion: 0 });
    // What the missed notifications were about: a logout everywhere and a deletion.
    await t.database.db.update(users).set({ tokenVersion: sql`${users.tokenVersion} + 1` }).where(eq(users.id, ended.user.id));
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, deleted.user.id));
    await closeEndedSockets(t.database, hub);
    expect(sockets.kept.closedWith).toBeNull();
    expect(sockets.ended.closedWith).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(sockets.deleted.closedWith).toBe(SESSION_ENDED_CLOSE_CODE);
  });
});

describe('the realtime hub\'s channels', () => {
  it('answers a frame it cannot read with an error frame and goes on answering the next ones', async () => {
    const hub = new RealtimeHub(t.database.db);
    hub.registerChannel('probe', async () => true);
    const socket = fakeSocket();
    hub.connect(asSocket(socket), { userId: 'u1', tokenVersion: 0 });
    for (const frame of ['not json', 'null', '42', '[]', '{"type":"subscribe"}', '{"type":"dance","channel":"probe:1"}', '{"type":"subscribe","channel":"probe"}', '{"type":"subscribe","channel":"probe:../1"}']) {
      hub.receive(asSocket(socket), frame);
    }
    hub.receive(asSocket(socket), Buffer.from([0xff, 0xfe]));
    hub.receive(asSocket(socket), '{"type":"subscribe","channel":"probe:1"}');
    const frames = await framesOf(socket, 10);
    expect(frames).toHaveLength(10);
    expect(frames.slice(0, 9).every((f) => f.type === 'error' && f.code === 'FRAME_INVALID')).toBe(true);
    expect(frames[9]).toEqual({ type: 'subscribed', channel: 'probe:1' });
    expect(socket.closedWith).toBeNull();
  });

  it('answers every generated frame (fast-check) with one frame, joins only what it may, and never throws', async () => {
    // Frames near the protocol (each type, channels of every kind, other people's user channels) and far from it.
    const channel = fc.oneof(fc.constantFrom('open:1', 'closed:1', 'user:u1', 'user:u2', 'room:1', 'open:', ':1', 'open:../1'), fc.string({ maxLength: 30 }));
    const frame = fc.oneof(
      fc.record({ type: fc.constantFrom('subscribe', 'unsubscribe', 'typing', 'ping', '__proto__'), channel }, { requiredKeys: ['type'] }).map((f) => JSON.stringify(f)),
      fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.constantFrom('{"__proto__":{"type":"subscribe"},"channel":"closed:1"}', '{"type":"subscribe","channel":"closed:1","constructor":{"prototype":{"x":1}}}'),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(frame, { minLength: 1, maxLength: 12 }), async (frames) => {
        const hub = new RealtimeHub(t.database.db);
        hub.registerChannel('open', async () => true);
        hub.registerChannel('closed', async () => false);
        const socket = fakeSocket();
        hub.connect(asSocket(socket), { userId: 'u1', tokenVersion: 0 });
        for (const text of frames) expect(() => hub.receive(asSocket(socket), text)).not.toThrow();
        const answers = await framesOf(socket, frames.length);
        expect(answers).toHaveLength(frames.length);
        expect(socket.closedWith).toBeNull();
        for (const answer of answers) {
          if (answer.type === 'subscribed') expect(answer.channel).toMatch(/^(open:.+|user:u1)$/);
          else expect(['error', 'unsubscribed']).toContain(answer.type);
        }
      }),
      { numRuns: 150 },
    );
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('asks a refusing or failing membership check on subscribe, and refuses unknown kinds and other people\'s user channels', async () => {
    const hub = new RealtimeHub(t.database.db);
    hub.registerChannel('closed', async () => false);
    hub.registerChannel('broken', async () => {
      throw new Error('the database is down');
    });
    const socket = fakeSocket();
    hub.connect(asSocket(socket), { userId: 'u1', tokenVersion: 0 });
    for (const channel of ['closed:1', 'broken:1', 'nowhere:1', 'user:u2', 'user:u1']) hub.receive(asSocket(socket), JSON.stringify({ type: 'subscribe', channel }));
    hub.receive(asSocket(socket), JSON.stringify({ type: 'unsubscribe', channel: 'user:u1' }));
    expect((await framesOf(socket, 6)).map((f) => (f.type === 'error' ? `${f.code} ${f.channel}` : `${f.type}`))).toEqual([
      'CHANNEL_FORBIDDEN closed:1',
      'CHANNEL_UNAVAILABLE broken:1',
      'CHANNEL_UNKNOWN nowhere:1',
      'CHANNEL_FORBIDDEN user:u2',
      'subscribed',
      'CHANNEL_FORBIDDEN user:u1',
    ]);
  });

  it('keeps the order of events on a checked channel, however long each check takes', async () => {
    const hub = new RealtimeHub(t.database.db);
    let subscribed = false;
    hub.registerChannel('slow', async () => {
      if (subscribed) await new Promise((r) => setTimeout(r, Math.random() * 30));
      return true;
    });
    const socket = fakeSocket();
    hub.connect(asSocket(socket), { userId: 'u1', tokenVersion: 0 });
    hub.receive(asSocket(socket), JSON.stringify({ type: 'subscribe', channel: 'slow:1' }));
    await framesOf(socket, 1);
    subscribed = true;
    const ids = Array.from({ length: 8 }, () => randomUUID());
    for (const id of ids) hub.deliver('slow:1', { type: 'notification', id, notification_type: 'test', title: 'In order' });
    expect((await framesOf(socket, 9)).flatMap((f) => (f.type === 'event' && f.event.type === 'notification' ? [f.event.id] : []))).toEqual(ids);
  });

  it('delivers a busy channel\'s frames that come soon after its last delivery together, and a quiet channel\'s frame at once', async () => {
    const hub = new RealtimeHub(t.database.db);
    let questions = 0;
    hub.registerChannel('room', async () => true, {
      members: async (userIds) => {
        questions += 1;
        return new Set(userIds);
      },
    });
    const socket = fakeSocket();
    // The socket's stream: frames sent between a cork and its uncork leave in one write.
    const writes: number[] = [];
    let corked: number | null = null;
    const stream = {
      cork: () => void (corked = writes.push(0) - 1),
      uncork: () => void (corked = null),
    };
    const send = socket.send.bind(socket);
    socket.send = (text: string) => {
      if (corked === null) writes.push(1);
      else writes[corked] = (writes[corked] ?? 0) + 1;
      send(text);
    };
    hub.connect(asSocket(socket), { userId: 'u1', tokenVersion: 0 }, stream);
    hub.receive(asSocket(socket), JSON.stringify({ type: 'subscribe', channel: 'room:1' }));
    await framesOf(socket, 1);
    writes.length = 0;
    const event = (title: string): RealtimeEvent => ({ type: 'notification', id: randomUUID(), notification_type: 'test', title });
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

    hub.deliver('room:1', event('first'));
    await nextTurn();
    expect(socket.sent).toHaveLength(2);
    // Three more right after the first delivery: they wait out its interval and go in one question and one write.
    for (const title of ['second', 'third', 'fourth']) hub.deliver('room:1', event(title));
    await framesOf(socket, 5);
    expect(questions).toBe(2);
    expect(writes).toEqual([1, 3]);
    // Quiet since: the next frame goes at once, in this turn of the event loop (no timer waited for).
    await new Promise((resolve) => setTimeout(resolve, 100));
    hub.deliver('room:1', event('fifth'));
    await nextTurn();
    expect(socket.sent).toHaveLength(6);
    expect(questions).toBe(3);
    expect(socket.frames().flatMap((f) => (f.type === 'event' && f.event.type === 'notification' ? [f.event.title] : []))).toEqual(['first', 'second', 'third', 'fourth', 'fifth']);
  });

  it('closes a socket that floods it with frames', () => {
    const hub = new RealtimeHub(t.database.db);
    hub.registerChannel('slow', () => new Promise((r) => setTimeout(() => r(true), 50)));
    const socket = fakeSocket();
    hub.connect(asSocket(socket), { userId: 'u1', tokenVersion: 0 });
    for (let i = 0; i < 40; i += 1) hub.receive(asSocket(socket), JSON.stringify({ type: 'subscribe', channel: `slow:${i}` }));
    expect(socket.closedWith).toBe(1008);
  });
});

describe('publishing on the bus', () => {
  it('refuses an event PostgreSQL could not carry, naming it, and rolls the change back', async () => {
    const huge = { type: 'notification', id: randomUUID(), notification_type: 'test', title: 'x'.repeat(NOTIFY_PAYLOAD_LIMIT_BYTES) } as RealtimeEvent;
    await expect(t.database.db.transaction((tx) => publish(tx, 'user:u1', huge))).rejects.toThrow(/a "notification" event on user:u1 is \d+ bytes/);
  });
});
