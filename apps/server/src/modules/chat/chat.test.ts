import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type ActivityInput, type ServerFrame } from '@localloop/contract';
import { chatMessages, chatRequests, chatRooms, notifications } from '../../db/schema.ts';
import { loadConfig } from '../../config.ts';
import { roomMembersAmong } from './shared.ts';
import { whomToTell } from './messages.ts';
import { inlined } from '../../db/batched.ts';
import { explain } from '../../../test/explain.ts';
import { createAccount, createTestApp, inject, login, testClock, type TestContext } from '../../../test/helper.ts';
import { listen, openSocket, ticketFor, until } from '../../../test/sockets.ts';

let t: TestContext;
let host: string;
const clock = testClock();

beforeAll(async () => {
  t = await createTestApp({ clock });
  host = await listen(t.app);
});
afterAll(() => t.close());

const hours = (h: number) => new Date(clock().getTime() + h * 3_600_000).toISOString();

async function person() {
  const account = await createAccount(t.database);
  const access = (await login(t.app, account.email, account.password)).access;
  return { ...account, id: account.user.id, access, connect: async () => openSocket(host, await ticketFor(t.app, access)) };
}
type Person = Awaited<ReturnType<typeof person>>;

const input = (over: Partial<ActivityInput> = {}): ActivityInput => ({
  title: 'Board games at the library',
  description: 'Bring a game or learn one of ours; all ages welcome.',
  category: 'Games',
  starts_at: hours(24),
  ends_at: hours(27),
  location: { formatted_address: '476 5th Ave, New York, New York, United States', city: 'New York', latitude: 40.7532, longitude: -73.9822 },
  capacity: 10,
  join_mode: 'open',
  visibility: 'public',
  ...over,
});

async function hosted(over: Partial<ActivityInput> = {}) {
  const owner = await person();
  const res = await inject(t.app, endpoints.createActivity, { access: owner.access, body: input(over) });
  expect(res.statusCode, res.body).toBe(201);
  return { owner, activity: res.json() };
}

const rooms = (access: string, id: string) => inject(t.app, endpoints.chatRooms, { access, params: { id } });
const post = (access: string, roomId: string, text: string, clientId: string = randomUUID()) => inject(t.app, endpoints.postChatMessage, { access, params: { room_id: roomId }, body: { client_id: clientId, text } });
const history = (access: string, roomId: string, query: { before?: number; after?: number; limit?: number } = {}) => inject(t.app, endpoints.chatMessages, { access, params: { room_id: roomId }, query });
const ask = (access: string, activityId: string, message?: string) => inject(t.app, endpoints.createChatRequest, { access, body: { activity_id: activityId, ...(message === undefined ? {} : { message }) } });
const decide = (access: string, decisions: { id: string; is_accepted: boolean; is_rejected: boolean }[]) => inject(t.app, endpoints.acceptChatRequests, { access, body: decisions });

/** An open activity with its host and one joined participant, and the id of its group room. */
async function groupWithParticipant() {
  const { owner, activity } = await hosted();
  const member = await person();
  expect((await inject(t.app, endpoints.joinActivity, { access: member.access, params: { id: activity.id } })).json().my_state).toBe('joined');
  const [group] = (await rooms(owner.access, activity.id)).json();
  if (!group) throw new Error('no group room');
  return { owner, activity, member, roomId: group.id };
}

describe('chat requests', () => {
  it('asks the host for a chat (POST /chat/create-chat-request/), tells the host, and lists it for the host alone (GET /chat/get-chat-requests/{id}/)', async () => {
    const { owner, activity } = await hosted();
    const asker = await person();
    const res = await ask(asker.access, activity.id, 'Is it beginner friendly?');
    expect(res.statusCode, res.body).toBe(201);
    const request = res.json();
    expect(request).toMatchObject({ activity_id: activity.id, status: 'pending', message: 'Is it beginner friendly?', room_id: null, decided_at: null });
    expect(request.requester.id).toBe(asker.id);
    const told = await t.database.db.select().from(notifications).where(and(eq(notifications.userId, owner.id), eq(notifications.notificationType, 'chat_request')));
    expect(told).toHaveLength(1);
    const listed = await inject(t.app, endpoints.chatRequests, { access: owner.access, params: { id: activity.id } });
    expect(listed.json().map((r) => r.id)).toEqual([request.id]);
    expect((await inject(t.app, endpoints.chatRequests, { access: asker.access, params: { id: activity.id } })).statusCode).toBe(404);
    expect((await inject(t.app, endpoints.chatRequests, { access: owner.access, params: { id: randomUUID() } })).statusCode).toBe(404);
  });

  it('refuses a second request, the host asking themself, an unknown activity, and a message over 500 characters', async () => {
    const { owner, activity } = await hosted();
    const asker = await person();
    expect((await ask(asker.access, activity.id)).statusCode).toBe(201);
    const again = await ask(asker.access, activity.id);
    expect([again.statusCode, again.error().code]).toEqual([409, 'CHAT_REQUEST_EXISTS']);
    expect((await ask(owner.access, activity.id)).error().code).toBe('HOST_IS_MEMBER');
    expect((await ask(asker.access, randomUUID())).statusCode).toBe(404);
    const long = await ask((await person()).access, activity.id, 'x'.repeat(501));
    expect([long.statusCode, Object.keys(long.error().fields ?? {})]).toEqual([400, ['message']]);
  });

  it('accepts and rejects several requests at once (PATCH /chat/accept-chat-request/): an accepted one opens a one-to-one room, a rejected one is closed', async () => {
    const { owner, activity } = await hosted();
    const [a, b] = [await person(), await person()];
    const ra = (await ask(a.access, activity.id)).json();
    const rb = (await ask(b.access, activity.id)).json();
    const res = await decide(owner.access, [
      { id: ra.id, is_accepted: true, is_rejected: false },
      { id: rb.id, is_accepted: false, is_rejected: true },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [accepted, rejected] = res.json();
    expect(accepted).toMatchObject({ id: ra.id, status: 'accepted' });
    expect(accepted?.room_id).toEqual(expect.any(String));
    expect(rejected).toMatchObject({ id: rb.id, status: 'rejected', room_id: null });
    expect((await inject(t.app, endpoints.chatRequests, { access: owner.access, params: { id: activity.id } })).json()).toEqual([]);
    // The accepted person's one room is the direct one; the rejected person has none, and cannot ask again.
    const theirs = (await rooms(a.access, activity.id)).json();
    expect(theirs.map((r) => [r.kind, r.id])).toEqual([['direct', accepted?.room_id]]);
    expect(theirs[0]?.members.map((m) => m.id).sort()).toEqual([owner.id, a.id].sort());
    expect((await rooms(b.access, activity.id)).statusCode).toBe(404);
    expect((await ask(b.access, activity.id)).error().code).toBe('CHAT_REQUEST_CLOSED');
  });

  it('changes nothing when one decision of several is invalid: another host\'s request, one decided already, or both flags', async () => {
    const { owner, activity } = await hosted();
    const other = await hosted();
    const [a, b, c] = [await person(), await person(), await person()];
    const ra = (await ask(a.access, activity.id)).json();
    const rb = (await ask(b.access, activity.id)).json();
    const foreign = (await ask(c.access, other.activity.id)).json();
    const mixed = await decide(owner.access, [
      { id: ra.id, is_accepted: true, is_rejected: false },
      { id: foreign.id, is_accepted: true, is_rejected: false },
    ]);
    expect([mixed.statusCode, mixed.error().fields]).toEqual([404, { '1.id': 'Choose a chat request of your activity.' }]);
    (await decide(owner.access, [{ id: rb.id, is_accepted: false, is_rejected: true }])).json();
    const decided = await decide(owner.access, [
      { id: ra.id, is_accepted: true, is_rejected: false },
      { id: rb.id, is_accepted: true, is_rejected: false },
    ]);
    expect([decided.statusCode, decided.error().code]).toEqual([409, 'CHAT_REQUEST_DECIDED']);
    const both = await decide(owner.access, [{ id: ra.id, is_accepted: true, is_rejected: true }]);
    expect([both.statusCode, Object.keys(both.error().fields ?? {})]).toEqual([400, ['0.is_accepted']]);
    const twice = await decide(owner.access, [
      { id: ra.id, is_accepted: true, is_rejected: false },
      { id: ra.id, is_accepted: false, is_rejected: true },
    ]);
    expect(twice.statusCode).toBe(400);
    // ra is still pending, with no room; the foreign one too.
    const rows = await t.database.db.select().from(chatRequests).where(eq(chatRequests.activityId, activity.id));
    expect(rows.find((r) => r.id === ra.id)?.status).toBe('pending');
    expect(await t.database.db.select().from(chatRooms).where(eq(chatRooms.chatRequestId, ra.id))).toEqual([]);
    const [foreignRow] = await t.database.db.select().from(chatRequests).where(eq(chatRequests.id, foreign.id));
    expect(foreignRow?.status).toBe('pending');
  });

  it('rejects a chat request through POST activity/confirm-reject/participation/{id}/ with its chat_request_id, for the host alone', async () => {
    const { owner, activity } = await hosted();
    const asker = await person();
    const request = (await ask(asker.access, activity.id)).json();
    const body = { user_id: asker.id, action: 'reject' as const, chat_request_id: request.id };
    expect((await inject(t.app, endpoints.decideParticipation, { access: asker.access, params: { id: activity.id }, body })).statusCode).toBe(404);
    const wrongPerson = await inject(t.app, endpoints.decideParticipation, { access: owner.access, params: { id: activity.id }, body: { ...body, user_id: owner.id } });
    expect(wrongPerson.statusCode).toBe(404);
    const res = await inject(t.app, endpoints.decideParticipation, { access: owner.access, params: { id: activity.id }, body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ activity_id: activity.id, my_state: 'host', participation: null });
    const [row] = await t.database.db.select().from(chatRequests).where(eq(chatRequests.id, request.id));
    expect(row?.status).toBe('rejected');
    const again = await inject(t.app, endpoints.decideParticipation, { access: owner.access, params: { id: activity.id }, body });
    expect(again.error().code).toBe('CHAT_REQUEST_DECIDED');
  });
});

describe('rooms and messages', () => {
  it('lists the activity\'s group room to its host and joined participants (GET chat/get/chat-rooms/{id}/), with members, the last message and unread counts', async () => {
    const { owner, activity, member, roomId } = await groupWithParticipant();
    const outsider = await person();
    expect((await rooms(outsider.access, activity.id)).statusCode).toBe(404);
    expect((await post(owner.access, roomId, 'Welcome!')).statusCode).toBe(201);
    const [group] = (await rooms(member.access, activity.id)).json();
    expect(group).toMatchObject({ id: roomId, kind: 'group', title: activity.title, member_count: 2, unread_count: 1, last_read_seq: 0 });
    expect(group?.members.map((m) => m.id)).toEqual([owner.id, member.id]);
    expect(group?.last_message?.text).toBe('Welcome!');
    expect((await rooms(owner.access, activity.id)).json()[0]?.unread_count).toBe(0);
    // A read receipt (POST /chat/rooms/{room_id}/read/) clears the count and never moves back.
    const read = await inject(t.app, endpoints.readChatRoom, { access: member.access, params: { room_id: roomId }, body: { message_id: group?.last_message?.id ?? '' } });
    expect(read.json()).toEqual({ room_id: roomId, last_read_seq: group?.last_message?.seq, unread_count: 0 });
    expect((await rooms(member.access, activity.id)).json()[0]?.unread_count).toBe(0);
    expect((await inject(t.app, endpoints.readChatRoom, { access: member.access, params: { room_id: roomId }, body: { message_id: randomUUID() } })).statusCode).toBe(404);
    expect((await inject(t.app, endpoints.readChatRoom, { access: outsider.access, params: { room_id: roomId }, body: { message_id: group?.last_message?.id ?? '' } })).statusCode).toBe(404);
  });

  it('lets only members read or post (others get 404), and stores text as sent, 1 to 2,000 characters', async () => {
    const { member, roomId } = await groupWithParticipant();
    const outsider = await person();
    expect((await post(outsider.access, roomId, 'Let me in')).statusCode).toBe(404);
    expect((await history(outsider.access, roomId)).statusCode).toBe(404);
    expect((await post(member.access, randomUUID(), 'Nowhere')).statusCode).toBe(404);
    expect((await post(member.access, roomId, '   ')).statusCode).toBe(400);
    expect((await post(member.access, roomId, 'x'.repeat(2001))).statusCode).toBe(400);
    const html = (await post(member.access, roomId, '<img src=x onerror=alert(1)>')).json();
    expect(html.text).toBe('<img src=x onerror=alert(1)>');
    // Written into the statement as a value: quotes, backslashes and SQL in it stay text (db/batched.ts).
    const quoted = `It's \\ o'clock'); DROP TABLE chat_messages; -- $1 $$ 🎉`;
    const sent = (await post(member.access, roomId, quoted)).json();
    expect(sent.text).toBe(quoted);
    expect((await history(member.access, roomId)).json().results.at(-1)).toMatchObject({ id: sent.id, text: quoted, sender: { id: member.id } });
    expect((await post(member.access, roomId, 'y'.repeat(2000))).statusCode).toBe(201);
  });

  it('holds one account to its messages a minute, in every room together, in the one error shape', async () => {
    const { member, roomId } = await groupWithParticipant();
    const limit = loadConfig({ NODE_ENV: 'test' }).chatMessagesPerMinute;
    const codes: number[] = [];
    for (let i = 0; i < limit; i++) codes.push((await post(member.access, roomId, `Message ${i}`)).statusCode);
    expect(codes.every((c) => c === 201)).toBe(true);
    const refused = await post(member.access, roomId, 'One too many');
    expect(refused.statusCode).toBe(429);
    expect(refused.error()).toMatchObject({ code: 'RATE_LIMITED', error: expect.stringMatching(/for your account/) });
    // Another member of the same room is not held by it.
    const { owner, roomId: other } = await groupWithParticipant();
    expect((await post(owner.access, other, 'Still fine')).statusCode).toBe(201);
  });

  it('answers the first message again for the same client_id, without a copy', async () => {
    const { member, roomId } = await groupWithParticipant();
    const clientId = randomUUID();
    const first = await post(member.access, roomId, 'Only once', clientId);
    const again = await post(member.access, roomId, 'Only once', clientId);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    expect(await t.database.db.select().from(chatMessages).where(eq(chatMessages.roomId, roomId))).toHaveLength(1);
  });

  it('tells members not reading the room once per room and window (five minutes), not once per message', async () => {
    const { owner, activity, member, roomId } = await groupWithParticipant();
    const reader = await person();
    (await inject(t.app, endpoints.joinActivity, { access: reader.access, params: { id: activity.id } })).json();
    // The reader has the page open (its own message moved its receipt), so it is not told; the member is told once.
    (await post(reader.access, roomId, 'Hello all')).json();
    for (const text of ['First', 'Second', 'Third']) (await post(owner.access, roomId, text)).json();
    const told = async (userId: string) => t.database.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.notificationType, 'chat_message')));
    const memberTold = await told(member.id);
    expect(memberTold).toHaveLength(1);
    expect(memberTold[0]?.data).toEqual({ activity_id: activity.id, room_id: roomId });
    expect(await told(reader.id)).toHaveLength(0);
    // The host was told of the reader's message, before writing; its own messages tell it nothing more.
    expect(await told(owner.id)).toHaveLength(1);
  });

  it('asks whom to tell as sets at every post: the room\'s notices of the window in one range of their index, not each member\'s', async () => {
    const { owner, member, roomId } = await groupWithParticipant();
    (await post(member.access, roomId, 'Hello all')).json();
    // The statement as a post sends it (its values written in), planned as PostgreSQL plans it with more rows than a
    // test holds: no table read whole.
    const plan = (await explain(t.database, { text: inlined(whomToTell(roomId, owner.id)), params: [] }, { planner: { enable_seqscan: 'off' } })).join('\n');
    expect(plan, plan).toMatch(/Index (Only )?Scan using notifications_chat_room_idx|Bitmap Index Scan on notifications_chat_room_idx/);
    expect(plan, plan).not.toMatch(/notifications_user_created_idx|Seq Scan/);
  });

  it('tells the other person of a direct room by name, and only them', async () => {
    const { owner, activity } = await hosted();
    const asker = await person();
    const request = (await ask(asker.access, activity.id)).json();
    const [accepted] = (await decide(owner.access, [{ id: request.id, is_accepted: true, is_rejected: false }])).json();
    const roomId = accepted?.room_id ?? '';
    const participant = await person();
    (await inject(t.app, endpoints.joinActivity, { access: participant.access, params: { id: activity.id } })).json();
    (await post(asker.access, roomId, 'Is parking easy?')).json();
    const told = async (userId: string) => t.database.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.notificationType, 'chat_message')));
    const hostTold = await told(owner.id);
    expect(hostTold).toHaveLength(1);
    expect(hostTold[0]).toMatchObject({ title: `New messages from ${asker.user.firstName.trim() || asker.user.username}`, data: { activity_id: activity.id, room_id: roomId } });
    // A joined participant is in the group room, not in this one.
    expect(await told(participant.id)).toHaveLength(0);
    expect(await told(asker.id)).toHaveLength(0);
  });

  it('pages the history by cursor: the newest page first, each page oldest to newest, older with before and newer with after', async () => {
    const { owner, member, roomId } = await groupWithParticipant();
    for (let i = 1; i <= 7; i += 1) (await post(i % 2 ? owner.access : member.access, roomId, `message ${i}`)).json();
    const newest = (await history(member.access, roomId, { limit: 3 })).json();
    expect(newest.results.map((m) => m.text)).toEqual(['message 5', 'message 6', 'message 7']);
    expect(newest.has_more).toBe(true);
    const older = (await history(member.access, roomId, { limit: 3, before: newest.results[0]?.seq ?? 0 })).json();
    expect(older.results.map((m) => m.text)).toEqual(['message 2', 'message 3', 'message 4']);
    const oldest = (await history(member.access, roomId, { limit: 3, before: older.results[0]?.seq ?? 0 })).json();
    expect([oldest.results.map((m) => m.text), oldest.has_more]).toEqual([['message 1'], false]);
    const since = (await history(member.access, roomId, { after: older.results[2]?.seq ?? 0, limit: 2 })).json();
    expect([since.results.map((m) => m.text), since.has_more]).toEqual([['message 5', 'message 6'], true]);
    expect(newest.results[0]?.sender.id).toBe(owner.id);
  });

  it('cuts off a removed participant and one who leaves at once, on HTTP', async () => {
    const { owner, activity, member, roomId } = await groupWithParticipant();
    const leaver = await person();
    (await inject(t.app, endpoints.joinActivity, { access: leaver.access, params: { id: activity.id } })).json();
    expect((await post(member.access, roomId, 'Still here')).statusCode).toBe(201);
    (await inject(t.app, endpoints.removeParticipant, { access: owner.access, params: { id: activity.id }, body: { user_id: member.id } })).json();
    expect((await post(member.access, roomId, 'And now?')).statusCode).toBe(404);
    expect((await history(member.access, roomId)).statusCode).toBe(404);
    expect((await rooms(member.access, activity.id)).statusCode).toBe(404);
    expect((await history(leaver.access, roomId)).statusCode).toBe(200);
    (await inject(t.app, endpoints.leaveActivity, { access: leaver.access, params: { id: activity.id } })).json();
    expect((await history(leaver.access, roomId)).statusCode).toBe(404);
  });
});

describe('the chat channel on the socket', () => {
  async function subscribed(p: Person, roomId: string) {
    const socket = await p.connect();
    socket.send({ type: 'subscribe', channel: `chat:${roomId}` });
    expect(await until(() => socket.frames.some((f) => f.type === 'subscribed' && f.channel === `chat:${roomId}`))).toBe(true);
    return socket;
  }
  const roomEvents = (frames: ServerFrame[]) => frames.flatMap((f) => (f.type === 'room_event' ? [f.event] : []));

  it('delivers a posted message to a subscribed member once it is stored, and refuses a non-member\'s subscription', async () => {
    const { owner, member, roomId } = await groupWithParticipant();
    const listening = await subscribed(member, roomId);
    const outsider = await (await person()).connect();
    outsider.send({ type: 'subscribe', channel: `chat:${roomId}` });
    outsider.send({ type: 'subscribe', channel: 'chat:not-a-room' });
    expect(await until(() => outsider.frames.filter((f) => f.type === 'error').length === 2)).toBe(true);
    expect(outsider.frames.map((f) => (f.type === 'error' ? f.code : f.type))).toEqual(['CHANNEL_FORBIDDEN', 'CHANNEL_FORBIDDEN']);
    const sent = (await post(owner.access, roomId, 'Is everyone coming?')).json();
    expect(await until(() => roomEvents(listening.frames).some((e) => e.type === 'chat_message'))).toBe(true);
    expect(roomEvents(listening.frames)[0]).toEqual({ type: 'chat_message', room_id: roomId, id: sent.id, seq: sent.seq, sender_id: owner.id, client_id: sent.client_id });
    expect(outsider.frames.some((f) => f.type === 'room_event')).toBe(false);
    listening.socket.close();
    outsider.socket.close();
  });

  it('stops delivering to a removed participant\'s open socket: the next message revokes the subscription instead', async () => {
    const { owner, activity, member, roomId } = await groupWithParticipant();
    const listening = await subscribed(member, roomId);
    (await inject(t.app, endpoints.removeParticipant, { access: owner.access, params: { id: activity.id }, body: { user_id: member.id } })).json();
    (await post(owner.access, roomId, 'After the removal')).json();
    expect(await until(() => listening.frames.some((f) => f.type === 'unsubscribed' && f.reason === 'revoked'))).toBe(true);
    expect(roomEvents(listening.frames)).toEqual([]);
    listening.socket.close();
  });

  it('tells a typing frame to the room\'s other sockets as chat_typing, once per interval and person, and refuses it on a channel the socket does not hear', async () => {
    const { owner, member, roomId } = await groupWithParticipant();
    const listening = await subscribed(member, roomId);
    const typing = await subscribed(owner, roomId);
    // Three frames in a row: one event (the others fall inside the interval and are dropped).
    for (let i = 0; i < 3; i++) typing.send({ type: 'typing', channel: `chat:${roomId}` });
    expect(await until(() => roomEvents(listening.frames).some((e) => e.type === 'chat_typing'))).toBe(true);
    expect(roomEvents(listening.frames)).toEqual([{ type: 'chat_typing', room_id: roomId, user_id: owner.id }]);
    // Ordered after the typing frames: a message's event comes after the one typing event.
    (await post(owner.access, roomId, 'Typed')).json();
    expect(await until(() => roomEvents(listening.frames).some((e) => e.type === 'chat_message'))).toBe(true);
    expect(roomEvents(listening.frames).filter((e) => e.type === 'chat_typing')).toHaveLength(1);

    // A second socket of the same person, within the interval: still one event (the interval is the person's).
    const second = await subscribed(owner, roomId);
    second.send({ type: 'typing', channel: `chat:${roomId}` });
    (await post(owner.access, roomId, 'Typed again')).json();
    expect(await until(() => roomEvents(listening.frames).filter((e) => e.type === 'chat_message').length === 2)).toBe(true);
    expect(roomEvents(listening.frames).filter((e) => e.type === 'chat_typing')).toHaveLength(1);
    second.socket.close();

    const outsider = await (await person()).connect();
    outsider.send({ type: 'typing', channel: `chat:${roomId}` });
    outsider.send({ type: 'typing', channel: `user:${member.id}` });
    expect(await until(() => outsider.frames.filter((f) => f.type === 'error').length === 2)).toBe(true);
    expect(outsider.frames.map((f) => (f.type === 'error' ? f.code : f.type))).toEqual(['TYPING_REFUSED', 'TYPING_REFUSED']);
    for (const s of [listening, typing, outsider]) s.socket.close();
  });
});

describe('who is in a room, for many people at once (the hub\'s question before each delivery)', () => {
  it('answers the host and joined participants of a group room, the two people of a direct room, and nobody else', async () => {
    const { owner, activity, member, roomId } = await groupWithParticipant();
    const outsider = await person();
    const leaving = await person();
    await inject(t.app, endpoints.joinActivity, { access: leaving.access, params: { id: activity.id } });
    await inject(t.app, endpoints.leaveActivity, { access: leaving.access, params: { id: activity.id } });
    const asker = await person();
    const request = (await ask(asker.access, activity.id)).json();
    const [accepted] = (await decide(owner.access, [{ id: request.id, is_accepted: true, is_rejected: false }])).json();
    const everyone = [owner.id, member.id, outsider.id, leaving.id, asker.id, 'not-a-uuid'];
    expect(await roomMembersAmong(t.database.db, everyone, roomId)).toEqual(new Set([owner.id, member.id]));
    expect(await roomMembersAmong(t.database.db, everyone, accepted?.room_id ?? '')).toEqual(new Set([owner.id, asker.id]));
    expect(await roomMembersAmong(t.database.db, everyone, randomUUID())).toEqual(new Set());
    expect(await roomMembersAmong(t.database.db, [], roomId)).toEqual(new Set());
  });
});

describe('the activity page\'s chat fields', () => {
  const details = (access: string | undefined, id: string) => inject(t.app, endpoints.activityDetails, { ...(access ? { access } : {}), params: { id } });

  it('gives the group room id to the host and joined participants alone, and each person their own chat request', async () => {
    const { owner, activity, member, roomId } = await groupWithParticipant();
    expect((await details(owner.access, activity.id)).json()).toMatchObject({ chat_room_id: roomId, my_chat_request: null });
    expect((await details(member.access, activity.id)).json()).toMatchObject({ chat_room_id: roomId, my_chat_request: null });
    expect((await details(undefined, activity.id)).json()).toMatchObject({ chat_room_id: null, my_chat_request: null });
    const asker = await person();
    expect((await details(asker.access, activity.id)).json()).toMatchObject({ chat_room_id: null, my_chat_request: null });
    const request = (await ask(asker.access, activity.id, 'Is it beginner friendly?')).json();
    expect((await details(asker.access, activity.id)).json().my_chat_request).toEqual({ id: request.id, status: 'pending', room_id: null });
    // Another person's request is not theirs to see.
    expect((await details(member.access, activity.id)).json().my_chat_request).toBeNull();
    const [accepted] = (await decide(owner.access, [{ id: request.id, is_accepted: true, is_rejected: false }])).json();
    expect((await details(asker.access, activity.id)).json()).toMatchObject({ chat_room_id: null, my_chat_request: { id: request.id, status: 'accepted', room_id: accepted?.room_id } });
    // The requester's notification names the room, for the app to open it.
    const [told] = await t.database.db.select({ data: notifications.data }).from(notifications).where(and(eq(notifications.userId, asker.id), eq(notifications.notificationType, 'chat_request_accepted')));
    expect(told?.data).toMatchObject({ activity_id: activity.id, chat_request_id: request.id, room_id: accepted?.room_id });
    // Leaving the activity takes the group room away at once.
    await inject(t.app, endpoints.leaveActivity, { access: member.access, params: { id: activity.id } });
    expect((await details(member.access, activity.id)).json().chat_room_id).toBeNull();
  });

  it('lists the members\' read receipts with the room', async () => {
    const { owner, activity, member, roomId } = await groupWithParticipant();
    const first = (await post(owner.access, roomId, 'One')).json();
    expect((await inject(t.app, endpoints.readChatRoom, { access: member.access, params: { room_id: roomId }, body: { message_id: first.id } })).statusCode).toBe(200);
    const [group] = (await rooms(owner.access, activity.id)).json();
    expect(new Map(group?.read_receipts.map((r) => [r.user_id, r.last_read_seq]))).toEqual(new Map([[owner.id, first.seq], [member.id, first.seq]]));
  });
});
