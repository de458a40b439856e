import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type ActivityInput, type ChatMessagePage } from '@localloop/contract';
import { chatMessages } from '../../db/schema.ts';
import { createAccount, createTestApp, inject, login, testClock, type TestContext } from '../../../test/helper.ts';
import type { App } from '../../lib/http.ts';
import { listen, openSocket, ticketFor, until } from '../../../test/sockets.ts';

/**
 * A room's history pages kept for its other members (kept-pages.ts), in two server processes on one database: `a` and
 * `b`, each with its own kept pages, told of each other's messages by the bus. A message text changed in the database
 * behind the apps' backs shows whether a page was read or kept.
 */
let a: TestContext;
let b: TestContext;
const hosts = new Map<App, string>();
const clock = testClock();
const keptMs = 10_000;

beforeAll(async () => {
  a = await createTestApp({ clock, config: { publicAnswerTtlMs: keptMs } });
  b = await createTestApp({ clock, database: a.database, config: { publicAnswerTtlMs: keptMs } });
  for (const app of [a.app, b.app]) hosts.set(app, await listen(app));
});
afterAll(async () => {
  await b.app.close();
  await a.close();
});

async function person() {
  const account = await createAccount(a.database);
  return { id: account.user.id, access: (await login(a.app, account.email, account.password)).access };
}

const input: ActivityInput = {
  title: 'Board games at the library',
  description: 'Bring a game or learn one of ours; all ages welcome.',
  category: 'Games',
  starts_at: new Date(clock().getTime() + 24 * 3_600_000).toISOString(),
  ends_at: new Date(clock().getTime() + 27 * 3_600_000).toISOString(),
  location: { formatted_address: '476 5th Ave, New York, New York, United States', city: 'New York', latitude: 40.7532, longitude: -73.9822 },
  capacity: 10,
  join_mode: 'open',
  visibility: 'public',
};

/** An open activity's group room with its host, two joined members and three messages. */
async function room() {
  const host = await person();
  const activity = (await inject(a.app, endpoints.createActivity, { access: host.access, body: input })).json();
  const member = await person();
  const second = await person();
  for (const p of [member, second]) expect((await inject(a.app, endpoints.joinActivity, { access: p.access, params: { id: activity.id } })).json().my_state).toBe('joined');
  const [group] = (await inject(a.app, endpoints.chatRooms, { access: host.access, params: { id: activity.id } })).json();
  if (!group) throw new Error('no group room');
  const roomId: string = group.id;
  // Each message's word on the bus makes both processes forget the room's pages: the tests begin once both heard the
  // last (a socket of each, subscribed to the room, is told after its process's kept pages are).
  const sockets = await Promise.all(
    [a.app, b.app].map(async (app) => {
      const socket = await openSocket(hosts.get(app) ?? '', await ticketFor(app, host.access));
      socket.send({ type: 'subscribe', channel: `chat:${roomId}` });
      expect(await until(() => socket.frames.some((f) => f.type === 'subscribed'))).toBe(true);
      return socket;
    }),
  );
  let last = '';
  for (const text of ['one', 'two', 'three']) last = (await post(a.app, host.access, roomId, text)).id;
  for (const socket of sockets) {
    expect(await until(() => socket.frames.some((f) => f.type === 'room_event' && f.event.type === 'chat_message' && f.event.id === last))).toBe(true);
    socket.socket.close();
  }
  return { host, member, second, activityId: activity.id as string, roomId };
}

async function post(app: App, access: string, roomId: string, text: string) {
  const res = await inject(app, endpoints.postChatMessage, { access, params: { room_id: roomId }, body: { client_id: randomUUID(), text } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function history(app: App, access: string, roomId: string, query: { before?: number; after?: number; limit?: number } = {}) {
  const res = await inject(app, endpoints.chatMessages, { access, params: { room_id: roomId }, query });
  return { status: res.statusCode, page: res.statusCode === 200 ? (res.json() as ChatMessagePage) : null };
}
const texts = (page: ChatMessagePage | null) => page?.results.map((m) => m.text);

/** Changes a stored message's text without the apps knowing (as an operator's fix would). */
const rewrite = (id: string, text: string) => a.database.db.update(chatMessages).set({ text }).where(eq(chatMessages.id, id));

describe('kept chat history pages', () => {
  it('answers the newest page and older pages to every member from one read, until a message or ttl', async () => {
    const { host, member, second, roomId } = await room();
    const newest = await history(a.app, host.access, roomId);
    expect(texts(newest.page)).toEqual(['one', 'two', 'three']);
    const [first] = newest.page?.results ?? [];
    if (!first) throw new Error('no first message');
    await rewrite(first.id, 'one, rewritten');
    // Kept: the other members get the page as read.
    expect(texts((await history(a.app, member.access, roomId)).page)).toEqual(['one', 'two', 'three']);
    expect(texts((await history(a.app, second.access, roomId, { limit: 50 })).page)).toEqual(['one', 'two', 'three']);
    // A page before a message is kept as well.
    const third = newest.page?.results[2];
    if (!third) throw new Error('no third message');
    expect(texts((await history(a.app, member.access, roomId, { before: third.seq })).page)).toEqual(['one, rewritten', 'two']);
    await rewrite(first.id, 'one, rewritten twice');
    expect(texts((await history(b.app, second.access, roomId, { before: third.seq })).page)).toEqual(['one, rewritten twice', 'two']);
    expect(texts((await history(a.app, second.access, roomId, { before: third.seq })).page)).toEqual(['one, rewritten', 'two']);
    // Past the ttl each is read again.
    clock.advance(keptMs + 1);
    expect(texts((await history(a.app, member.access, roomId)).page)).toEqual(['one, rewritten twice', 'two', 'three']);
    expect(texts((await history(a.app, member.access, roomId, { before: third.seq })).page)).toEqual(['one, rewritten twice', 'two']);
  });

  it('shows a message posted in this process to the next reader at once', async () => {
    const { host, member, roomId } = await room();
    await history(a.app, member.access, roomId);
    await post(a.app, host.access, roomId, 'four');
    expect(texts((await history(a.app, member.access, roomId)).page)).toEqual(['one', 'two', 'three', 'four']);
  });

  it('forgets a room\'s pages in another process once the bus tells it of a message posted there', async () => {
    const { host, member, roomId } = await room();
    const newest = await history(b.app, member.access, roomId);
    const [first] = newest.page?.results ?? [];
    if (!first) throw new Error('no first message');
    await rewrite(first.id, 'one, rewritten');
    expect(texts((await history(b.app, member.access, roomId)).page)?.[0]).toBe('one');
    await post(a.app, host.access, roomId, 'four');
    // The word comes round within moments; b answers its kept page until then.
    let seen = texts((await history(b.app, member.access, roomId)).page);
    for (const end = Date.now() + 15_000; seen?.at(-1) !== 'four' && Date.now() < end; ) {
      await new Promise((r) => setTimeout(r, 20));
      seen = texts((await history(b.app, member.access, roomId)).page);
    }
    expect(seen).toEqual(['one, rewritten', 'two', 'three', 'four']);
  });

  it('reads what came after a message afresh every time: catching up never meets a kept page', async () => {
    const { host, member, roomId } = await room();
    const newest = (await history(a.app, member.access, roomId)).page?.results ?? [];
    const [first, second] = newest;
    if (!first || !second) throw new Error('no messages');
    expect(texts((await history(a.app, host.access, roomId, { after: first.seq })).page)).toEqual(['two', 'three']);
    await rewrite(second.id, 'two, rewritten');
    expect(texts((await history(a.app, member.access, roomId, { after: first.seq })).page)).toEqual(['two, rewritten', 'three']);
  });

  it('asks membership on every read: a kept page is not shown to someone outside the room, nor to a member once they left or were removed', async () => {
    const { host, member, second, activityId, roomId } = await room();
    expect((await history(a.app, host.access, roomId)).status).toBe(200);
    const stranger = await person();
    expect((await history(a.app, stranger.access, roomId)).status).toBe(404);
    expect((await history(b.app, stranger.access, roomId)).status).toBe(404);
    expect((await history(a.app, member.access, roomId)).status).toBe(200);
    expect((await inject(a.app, endpoints.leaveActivity, { access: member.access, params: { id: activityId } })).statusCode).toBe(200);
    expect((await history(a.app, member.access, roomId)).status).toBe(404);
    expect((await history(b.app, member.access, roomId)).status).toBe(404);
    expect((await inject(a.app, endpoints.removeParticipant, { access: host.access, params: { id: activityId }, body: { user_id: second.id } })).statusCode).toBe(200);
    expect((await history(a.app, second.access, roomId)).status).toBe(404);
    // A room id that is not a room: 404 as before, kept pages or not.
    expect((await history(a.app, host.access, randomUUID())).status).toBe(404);
  });
});
