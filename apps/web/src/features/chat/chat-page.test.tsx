import type { ChatMessage, ChatMessagePage, ChatRoom } from '@localloop/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { activity, activityHost, me, person } from '../../test/activity-fixtures.ts';
import { ok, refuse, stubApi, type StubRequest } from '../../test/api-stub.ts';
import { FakeWebSocket } from '../../test/fake-websocket.ts';
import { storeSession, userLogin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const activityId = activity().id;
const groupId = 'c0000000-0000-4000-8000-000000000001';
const directId = 'c0000000-0000-4000-8000-000000000002';
const channel = `chat:${groupId}`;
const page = `/chat/${activityId}/${groupId}`;
const messagesKey = `GET /chat/rooms/${groupId}/messages/`;
const postKey = `POST /chat/rooms/${groupId}/messages/`;
const roomsKey = `GET /chat/get/chat-rooms/${activityId}/`;
const tom = person(2, { name: 'Tom' });

const uuid = (n: number) => `d0000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
function message(seq: number, sender = activityHost, text = `Message ${seq}`): ChatMessage {
  return { id: uuid(seq), room_id: groupId, seq, client_id: uuid(1000 + seq), sender, text, created_at: new Date(Date.UTC(2026, 10, 25, 9, 0, seq)).toISOString() };
}
function room(overrides: Partial<ChatRoom> = {}): ChatRoom {
  return {
    id: groupId,
    activity_id: activityId,
    kind: 'group',
    title: 'Morning run in Central Park',
    members: [activityHost, me, tom],
    member_count: 3,
    last_message: null,
    unread_count: 0,
    last_read_seq: 0,
    read_receipts: [],
    ...overrides,
  };
}
const pageOf = (results: ChatMessage[], has_more = false): ChatMessagePage => ({ results, has_more });

/** The history as the server holds it, answering before/after like the real endpoint. */
function serverHistory(initial: ChatMessage[]) {
  const stored = [...initial];
  const handler = (request: StubRequest) => {
    const before = request.query.get('before');
    const after = request.query.get('after');
    const limit = Number(request.query.get('limit') ?? 50);
    if (after !== null) {
      const newer = stored.filter((m) => m.seq > Number(after));
      return ok(pageOf(newer.slice(0, limit), newer.length > limit));
    }
    const older = stored.filter((m) => before === null || m.seq < Number(before));
    return ok(pageOf(older.slice(-limit), older.length > limit));
  };
  return { stored, handler };
}

function setup(history: ChatMessage[], rooms: ChatRoom[] = [room()]) {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  const server = serverHistory(history);
  let tickets = 0;
  const api = stubApi({
    'POST /ws/ticket/': () => ok({ ticket: `ticket-${++tickets}`, expires_in: 30 }),
    [roomsKey]: ok(rooms),
    [`GET /activities/details/${activityId}/`]: ok(activity({ my_state: 'joined', chat_room_id: groupId })),
    [messagesKey]: server.handler,
    [`POST /chat/rooms/${groupId}/read/`]: (request) => {
      const id = (request.body as { message_id: string }).message_id;
      return ok({ room_id: groupId, last_read_seq: server.stored.find((m) => m.id === id)?.seq ?? 0, unread_count: 0 });
    },
  });
  storeSession(userLogin);
  return { api, server };
}

async function socket(index: number): Promise<FakeWebSocket> {
  await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(index));
  return FakeWebSocket.instances[index] as FakeWebSocket;
}

/** The socket once the page's room channel is asked for, confirmed by the server. */
async function subscribedSocket(index = 0) {
  const ws = await socket(index);
  ws.serverOpens();
  await waitFor(() => expect(ws.sent).toContainEqual({ type: 'subscribe', channel }));
  ws.serverSends({ type: 'subscribed', channel });
  return ws;
}

const log = () => screen.getByRole('log', { name: 'Messages' });
const texts = () => within(log()).queryAllByText(/^(Message \d+|.*hello.*|<img.*)$/i).map((el) => el.textContent);

beforeEach(() => {
  vi.unstubAllGlobals();
});

describe('the chat page (/chat/{activityId}/{chatroomId})', () => {
  it('shows the room\'s newest messages under its heading, oldest at the top, others\' with their names, HTML as text', async () => {
    setup([message(1), message(2, me), message(3, tom, '<img src=x onerror=alert(1)>')]);
    renderApp(page);
    expect(await screen.findByRole('heading', { level: 1, name: 'Morning run in Central Park' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('3 members')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Morning run in Central Park' })).toHaveAttribute('href', `/ActivitiesDetails/${activityId}`);
    await waitFor(() => expect(texts()).toEqual(['Message 1', 'Message 2', '<img src=x onerror=alert(1)>']));
    expect(within(log()).getByText('Maya')).toBeInTheDocument();
    expect(within(log()).getByText('Tom')).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByText('This is the start of the conversation.')).toBeInTheDocument();
  });

  it('marks where each day begins, and names a sender once for a run of their messages', async () => {
    const noon = new Date();
    noon.setHours(12, 0, 0, 0);
    const at = (daysAgo: number, minute: number) => new Date(noon.getTime() - daysAgo * 86_400_000 + minute * 60_000).toISOString();
    setup([
      { ...message(1, tom, 'Are we still on for Saturday?'), created_at: at(1, 0) },
      { ...message(2, tom, 'Let me know by tonight'), created_at: at(1, 1) },
      { ...message(3, activityHost, 'Yes, see you at the gate'), created_at: at(0, 0) },
    ]);
    renderApp(page);
    await waitFor(() => expect(within(log()).getByText('Yes, see you at the gate')).toBeInTheDocument());
    expect(screen.getByText('Yesterday')).toBeInTheDocument();
    expect(within(log()).getByText('Today')).toBeInTheDocument();
    expect(within(log()).getAllByText('Tom')).toHaveLength(1);
    expect(within(log()).getByText('Maya')).toBeInTheDocument();
    const items = within(log()).getAllByRole('listitem').map((li) => li.textContent);
    expect(items.findIndex((text) => text?.includes('Today'))).toBe(items.findIndex((text) => text?.includes('Yes, see you at the gate')) - 1);
  });

  it('sends with Enter, shows the message at once, and keeps one copy when the stored message and its event both arrive', async () => {
    const { api, server } = setup([message(1)]);
    const { user } = renderApp(page);
    const ws = await subscribedSocket();
    await waitFor(() => expect(texts()).toEqual(['Message 1']));
    const answer = { now: () => undefined as void };
    api.on(postKey, (request) => {
      const body = request.body as { client_id: string; text: string };
      const stored = { ...message(2, me, body.text), client_id: body.client_id };
      server.stored.push(stored);
      return new Promise((resolve) => (answer.now = () => resolve({ status: 201, body: stored })));
    });
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello everyone{Enter}');
    expect(await within(log()).findByText('Hello everyone')).toBeInTheDocument();
    expect(screen.getByText('Sending…')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    // The event comes before the POST's answer: the page fetches the message, which settles the pending copy.
    const stored = server.stored[1] as ChatMessage;
    ws.serverSends({ type: 'room_event', channel, event: { type: 'chat_message', room_id: groupId, id: stored.id, seq: 2, sender_id: me.id, client_id: stored.client_id } });
    await waitFor(() => expect(screen.queryByText('Sending…')).not.toBeInTheDocument());
    answer.now();
    await waitFor(() => expect(api.to(postKey)).toHaveLength(1));
    expect(within(log()).getAllByText('Hello everyone')).toHaveLength(1);
    expect(api.to(postKey)[0]?.body).toEqual({ client_id: stored.client_id, text: 'Hello everyone' });
  });

  it('offers Retry for a message that could not be sent, and sends it again with the same client id', async () => {
    const { api, server } = setup([message(1)]);
    const { user } = renderApp(page);
    await waitFor(() => expect(texts()).toEqual(['Message 1']));
    api.on(postKey, () => ({ status: 503, body: { error: 'The service is unavailable.', code: 'UNAVAILABLE' } }));
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Say hello twice?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Not sent: check your connection.')).toBeInTheDocument();
    api.on(postKey, (request) => {
      const body = request.body as { client_id: string; text: string };
      const stored = { ...message(2, me, body.text), client_id: body.client_id };
      server.stored.push(stored);
      return ({ status: 201, body: stored });
    });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText(/Not sent/)).not.toBeInTheDocument());
    expect(within(log()).getAllByText('Say hello twice?')).toHaveLength(1);
    const [first, second] = api.to(postKey).map((call) => (call.body as { client_id: string }).client_id);
    expect(second).toBe(first);
  });

  it('shows a message of another member pushed over the channel, and catches up after a reconnect without copies', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { api, server } = setup([message(1), message(2)]);
    renderApp(page);
    const ws = await subscribedSocket();
    await waitFor(() => expect(texts()).toEqual(['Message 1', 'Message 2']));
    server.stored.push(message(3, tom));
    ws.serverSends({ type: 'room_event', channel, event: { type: 'chat_message', room_id: groupId, id: uuid(3), seq: 3, sender_id: tom.id, client_id: uuid(1003) } });
    await waitFor(() => expect(texts()).toEqual(['Message 1', 'Message 2', 'Message 3']));
    expect(api.to(messagesKey).at(-1)?.query.get('after')).toBe('2');

    // The socket drops; two messages come meanwhile; the new socket's confirmed subscription fetches them.
    ws.serverDrops();
    server.stored.push(message(4), message(5, tom));
    const again = await subscribedSocket(1);
    expect(again.sent).toContainEqual({ type: 'subscribe', channel });
    await waitFor(() => expect(texts()).toEqual(['Message 1', 'Message 2', 'Message 3', 'Message 4', 'Message 5']));
    expect(api.to(messagesKey).at(-1)?.query.get('after')).toBe('3');
    vi.mocked(Math.random).mockRestore();
  });

  it('loads older messages above with the button (or by scrolling up)', async () => {
    const history = Array.from({ length: 60 }, (_, i) => message(i + 1));
    const { api } = setup(history);
    const { user } = renderApp(page);
    await waitFor(() => expect(texts()).toHaveLength(50));
    expect(texts()[0]).toBe('Message 11');
    await user.click(screen.getByRole('button', { name: 'Load older messages' }));
    await waitFor(() => expect(texts()).toHaveLength(60));
    expect(texts()[0]).toBe('Message 1');
    expect(api.to(messagesKey).some((call) => call.query.get('before') === '11')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Load older messages' })).not.toBeInTheDocument();
  });

  it('shows who is typing, says when the caller types, and moves the read receipt to the newest message', async () => {
    const { api } = setup([message(1), message(2, me)], [room({ read_receipts: [{ user_id: activityHost.id, last_read_seq: 1 }] })]);
    const { user } = renderApp(page);
    const ws = await subscribedSocket();
    await waitFor(() => expect(texts()).toEqual(['Message 1', 'Message 2']));
    expect(screen.queryByText(/^Seen by/)).not.toBeInTheDocument();
    ws.serverSends({ type: 'room_event', channel, event: { type: 'chat_read', room_id: groupId, user_id: activityHost.id, seq: 2 } });
    expect(await screen.findByText('Seen by Maya')).toBeInTheDocument();
    ws.serverSends({ type: 'room_event', channel, event: { type: 'chat_read', room_id: groupId, user_id: tom.id, seq: 2 } });
    expect(await screen.findByText('Seen by Maya and Tom')).toBeInTheDocument();

    ws.serverSends({ type: 'room_event', channel, event: { type: 'chat_typing', room_id: groupId, user_id: tom.id } });
    expect(await screen.findByText('Tom is typing…')).toBeInTheDocument();
    // One's own typing is not shown back.
    ws.serverSends({ type: 'room_event', channel, event: { type: 'chat_typing', room_id: groupId, user_id: me.id } });
    expect(screen.queryByText(/Sam is typing/)).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'abc');
    expect(ws.sent.filter((f) => f.type === 'typing')).toEqual([{ type: 'typing', channel }]);
    await waitFor(() => expect(api.to(`POST /chat/rooms/${groupId}/read/`).at(-1)?.body).toEqual({ message_id: uuid(2) }));
  });

  it('lists the activity\'s rooms with their unread counts, and refreshes a count when another room gets a message', async () => {
    const direct = room({ id: directId, kind: 'direct', title: 'Tom', members: [activityHost, tom], member_count: 2, unread_count: 2 });
    const { api } = setup([message(1)], [room(), direct]);
    renderApp(page);
    const ws = await subscribedSocket();
    const rooms = await screen.findByRole('navigation', { name: 'Chats of this activity' });
    expect(within(rooms).getByRole('link', { name: 'Group chat' })).toHaveAttribute('aria-current', 'page');
    expect(within(rooms).getByRole('link', { name: /^Tom\s*\(2 unread\)$/ })).toHaveAttribute('href', `/chat/${activityId}/${directId}`);
    await waitFor(() => expect(ws.sent).toContainEqual({ type: 'subscribe', channel: `chat:${directId}` }));
    api.on(roomsKey, ok([room(), { ...direct, unread_count: 3 }]));
    ws.serverSends({ type: 'room_event', channel: `chat:${directId}`, event: { type: 'chat_message', room_id: directId, id: uuid(50), seq: 50, sender_id: tom.id, client_id: uuid(51) } });
    expect(await within(rooms).findByRole('link', { name: /^Tom\s*\(3 unread\)$/ })).toBeInTheDocument();
  });

  it('closes the box when the server ends the membership on the open socket, and keeps what was said on the screen', async () => {
    const { api } = setup([message(1)]);
    renderApp(page);
    const ws = await subscribedSocket();
    await waitFor(() => expect(texts()).toEqual(['Message 1']));
    // The rooms are asked again, and are not the person's any more.
    api.on(roomsKey, refuse(404, 'NOT_FOUND', 'That activity was not found.'));
    ws.serverSends({ type: 'unsubscribed', channel, reason: 'revoked' });
    expect(await screen.findByRole('alert')).toHaveTextContent('You are no longer in this chat');
    await waitFor(() => expect(api.to(roomsKey).length).toBeGreaterThan(1));
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeDisabled();
    expect(texts()).toEqual(['Message 1']);
  });

  it('says the chat is not available to someone outside it, or for a room that is not the activity\'s', async () => {
    const api = setup([]).api;
    api.on(roomsKey, refuse(404, 'NOT_FOUND', 'That activity was not found.'));
    const first = renderApp(page);
    expect(await screen.findByRole('heading', { name: 'This chat is not available' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the activity' })).toHaveAttribute('href', `/ActivitiesDetails/${activityId}`);
    first.unmount();
    api.on(roomsKey, ok([room()]));
    renderApp(`/chat/${activityId}/${directId}`);
    expect(await screen.findByRole('heading', { name: 'This chat is not available' })).toBeInTheDocument();
  });
});
