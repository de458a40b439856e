import type { Notification, ServerFrame } from '@localloop/contract';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createRealtimeConnection, realtimeUrl, retryDelay } from '../api/realtime.ts';
import type { ChannelListener } from '../api/realtime.ts';
import { RealtimeContext, useRealtimeChannel } from '../api/realtime-context.tsx';
import { ok, stubApi } from '../test/api-stub.ts';
import { pendingVendorLogin, storeSession, userLogin } from '../test/fixtures.ts';
import { activity } from '../test/activity-fixtures.ts';
import { FakeWebSocket } from '../test/fake-websocket.ts';
import { renderApp } from '../test/render-app.tsx';

/** The list's calls, not the dot's own query for the newest unread one (is_read=false). */
function firstPageCalls(api: { to: (key: string) => { query: URLSearchParams }[] }) {
  return api.to('GET /notifications/').filter((call) => call.query.get('is_read') === null);
}

const pushed: Notification = {
  id: '5f0c1b2a-2222-4a4a-8b8b-000000000001',
  title: 'Your password was changed',
  body: 'If this was not you, reset it now.',
  notification_type: 'security',
  is_read: false,
  created_at: new Date().toISOString(),
  data: {},
  target: { kind: 'account_settings' },
};
const ownChannel = `user:${userLogin.user.id}`;
const notificationEvent = { type: 'notification', id: pushed.id, notification_type: pushed.notification_type, title: pushed.title } as const;

function setup() {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  let tickets = 0;
  const api = stubApi({
    'GET /notifications/': ok([]),
    'POST /ws/ticket/': () => {
      tickets += 1;
      return ok({ ticket: `ticket-${tickets}`, expires_in: 30 });
    },
  });
  return api;
}

async function socket(index: number): Promise<FakeWebSocket> {
  await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(index));
  return FakeWebSocket.instances[index] as FakeWebSocket;
}

describe('the realtime socket of a signed-in person', () => {
  it('opens one socket with a fresh ticket, on this origin under /api/ws', async () => {
    const api = setup();
    storeSession(userLogin);
    renderApp('/LocalActivities');
    const ws = await socket(0);
    expect(ws.url).toBe(`${window.location.origin.replace('http', 'ws')}/api/ws?ticket=ticket-1`);
    expect(api.to('POST /ws/ticket/')).toHaveLength(1);
    expect(api.to('POST /ws/ticket/')[0]?.headers.Authorization).toBe('Bearer access-user');
  });

  it('toasts a pushed notification top-center for 1000 ms, refetches the list and lights the dot', async () => {
    const api = setup();
    storeSession(userLogin);
    renderApp('/LocalActivities');
    const ws = await socket(0);
    ws.serverOpens();
    const header = await screen.findByTestId('user-header');
    await waitFor(() => expect(firstPageCalls(api)).toHaveLength(1));
    expect(within(header).queryByTestId('unread-dot')).not.toBeInTheDocument();
    // The push carries the id and title; the body comes with the list.
    api.on('GET /notifications/', ok([pushed]));
    ws.serverSends({ type: 'event', channel: ownChannel, event: notificationEvent });
    expect(await screen.findByText('Your password was changed')).toBeInTheDocument();
    expect(document.querySelector('.Toastify__toast-container--top-center')).not.toBeNull();
    await waitFor(() => expect(firstPageCalls(api)).toHaveLength(2));
    await waitFor(() => expect(within(header).getAllByTestId('unread-dot').length).toBeGreaterThan(0));
    // Its auto-close runs for 1000 ms (the progress bar's animation is the toast's timer).
    const toastElement = screen.getByText('Your password was changed').closest('.Toastify__toast');
    expect(toastElement?.querySelector<HTMLElement>('.Toastify__progress-bar')?.style.animationDuration).toBe('1000ms');
  });

  it('ignores what it cannot read', async () => {
    const api = setup();
    storeSession(userLogin);
    renderApp('/LocalActivities');
    const ws = await socket(0);
    ws.serverOpens();
    await waitFor(() => expect(firstPageCalls(api)).toHaveLength(1));
    act(() => ws.onmessage?.(new MessageEvent('message', { data: 'not json' })));
    ws.serverSends({ type: 'event', channel: ownChannel, event: { type: 'notification', title: 'half' } });
    ws.serverSends({ type: 'notification', notification: pushed });
    ws.serverSends({ type: 'event', channel: ownChannel, event: { type: 'something_new', id: pushed.id } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(firstPageCalls(api)).toHaveLength(1);
    expect(screen.queryByText('half')).not.toBeInTheDocument();
  });

  it('reconnects after a drop with a new ticket and refetches what it missed', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const api = setup();
    storeSession(userLogin);
    renderApp('/LocalActivities');
    const first = await socket(0);
    first.serverOpens();
    await waitFor(() => expect(firstPageCalls(api)).toHaveLength(1));
    first.serverDrops();
    api.on('GET /notifications/', ok([pushed]));
    const second = await socket(1);
    expect(second.url).toMatch(/ticket=ticket-2$/);
    second.serverOpens();
    await waitFor(() => expect(firstPageCalls(api)).toHaveLength(2));
    const header = await screen.findByTestId('user-header');
    await waitFor(() => expect(within(header).getAllByTestId('unread-dot').length).toBeGreaterThan(0));
    vi.mocked(Math.random).mockRestore();
  });

  it('refetches the list when the server says it missed events, on the socket it already has', async () => {
    const api = setup();
    storeSession(userLogin);
    renderApp('/LocalActivities');
    const ws = await socket(0);
    ws.serverOpens();
    await waitFor(() => expect(firstPageCalls(api)).toHaveLength(1));
    api.on('GET /notifications/', ok([pushed]));
    ws.serverSends({ type: 'resync', at: new Date().toISOString() });
    await waitFor(() => expect(firstPageCalls(api)).toHaveLength(2));
    const header = await screen.findByTestId('user-header');
    await waitFor(() => expect(within(header).getAllByTestId('unread-dot').length).toBeGreaterThan(0));
    // A resync is not a notification: nothing toasts, and the same socket stays in use.
    expect(screen.queryByText('Your password was changed')).not.toBeInTheDocument();
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(ws.closed).toBe(false);
  });

  it('closes the socket when the app goes away (logout unmounts the signed-in shell)', async () => {
    setup();
    storeSession(userLogin);
    const app = renderApp('/LocalActivities');
    const ws = await socket(0);
    ws.serverOpens();
    app.unmount();
    expect(ws.closed).toBe(true);
  });
});

describe('a vendor approved while the page is open', () => {
  it('becomes a vendor without a reload once the approval is pushed: vendor header, view toggle, Create Deal', async () => {
    const api = setup();
    const statusPath = `GET /vendor/status/${pendingVendorLogin.vendor_id}/`;
    api.on(statusPath, ok({ is_approved: false, kyc_status: 'pending', is_suspended: false }));
    storeSession(pendingVendorLogin);
    const app = renderApp('/Settings');
    const ws = await socket(0);
    ws.serverOpens();
    expect(await screen.findByTestId('user-header')).toBeInTheDocument();
    await waitFor(() => expect(api.to(statusPath)).toHaveLength(1));
    expect(screen.queryByTestId('view-toggle')).not.toBeInTheDocument();

    // The operator approves: the server pushes the notification and the changed status.
    api.on(statusPath, ok({ is_approved: true, kyc_status: 'approved', is_suspended: false }));
    const channel = `user:${pendingVendorLogin.user.id}`;
    ws.serverSends({ type: 'event', channel, event: { type: 'notification', id: pushed.id, notification_type: 'vendor_approved', title: 'Your vendor account is approved' } });
    ws.serverSends({ type: 'event', channel, event: { type: 'vendor_status', vendor_id: String(pendingVendorLogin.vendor_id) } });
    expect(await screen.findByTestId('vendor-header')).toBeInTheDocument();
    expect(api.to(statusPath)).toHaveLength(2);
    expect(screen.getByTestId('view-toggle')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Deals' }));
    expect(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Create Deal' })).toBeInTheDocument();

    // And a suspension takes them away again, as live.
    api.on(statusPath, ok({ is_approved: false, kyc_status: 'approved', is_suspended: true }));
    ws.serverSends({ type: 'event', channel, event: { type: 'vendor_status', vendor_id: String(pendingVendorLogin.vendor_id) } });
    expect(await screen.findByTestId('user-header')).toBeInTheDocument();
    expect(screen.queryByTestId('view-toggle')).not.toBeInTheDocument();
  });
});

describe('channels beyond the person\'s own', () => {
  function openConnection() {
    setup();
    storeSession(userLogin);
    const events: unknown[] = [];
    const connection = createRealtimeConnection({ onEvent: (event, channel) => events.push([channel, event.type]) });
    return { connection, events };
  }
  const roomEvent = (channel: string): ServerFrame => ({ type: 'event', channel, event: notificationEvent });

  it('subscribes once the socket opens, again after every reconnect, and unsubscribes when the last listener leaves', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { connection, events } = openConnection();
    const heard: string[] = [];
    const leaveA = connection.subscribe('room:a', { onEvent: (event) => heard.push(`a1 ${event.type}`) });
    const leaveA2 = connection.subscribe('room:a', { onEvent: (event) => heard.push(`a2 ${event.type}`) });
    connection.start();
    const first = await socket(0);
    first.serverOpens();
    expect(first.sent).toEqual([{ type: 'subscribe', channel: 'room:a' }]);
    first.serverSends(roomEvent('room:a'));
    first.serverSends(roomEvent('room:b'));
    expect(heard).toEqual(['a1 notification', 'a2 notification']);
    expect(events).toEqual([['room:a', 'notification'], ['room:b', 'notification']]);

    connection.subscribe('room:b', { onEvent: () => undefined });
    expect(first.sent.at(-1)).toEqual({ type: 'subscribe', channel: 'room:b' });
    first.serverDrops();
    const second = await socket(1);
    second.serverOpens();
    expect(second.sent).toEqual([{ type: 'subscribe', channel: 'room:a' }, { type: 'subscribe', channel: 'room:b' }]);

    leaveA();
    expect(second.sent).toHaveLength(2);
    leaveA2();
    expect(second.sent.at(-1)).toEqual({ type: 'unsubscribe', channel: 'room:a' });
    connection.stop();
    expect(second.closed).toBe(true);
    vi.mocked(Math.random).mockRestore();
  });

  it('tells a listener when the server refuses the channel or ends the membership, and does not ask again', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { connection } = openConnection();
    const refusals: string[] = [];
    const listener = (name: string): ChannelListener => ({ onEvent: () => undefined, onRefused: (reason) => refusals.push(`${name} ${reason}`) });
    connection.subscribe('room:closed', listener('closed'));
    connection.subscribe('room:left', listener('left'));
    connection.subscribe('room:busy', listener('busy'));
    connection.start();
    const first = await socket(0);
    first.serverOpens();
    first.serverSends({ type: 'error', code: 'CHANNEL_FORBIDDEN', message: 'You may not listen on this channel.', channel: 'room:closed' });
    first.serverSends({ type: 'subscribed', channel: 'room:left' });
    first.serverSends({ type: 'unsubscribed', channel: 'room:left', reason: 'revoked' });
    first.serverSends({ type: 'error', code: 'CHANNEL_UNAVAILABLE', message: 'Try again shortly.', channel: 'room:busy' });
    expect(refusals).toEqual(['closed CHANNEL_FORBIDDEN', 'left revoked', 'busy CHANNEL_UNAVAILABLE']);
    first.serverDrops();
    const second = await socket(1);
    second.serverOpens();
    // Only the passing failure is asked again.
    expect(second.sent).toEqual([{ type: 'subscribe', channel: 'room:busy' }]);
    connection.stop();
    vi.mocked(Math.random).mockRestore();
  });

  it('hands a room\'s room_event frames to its listeners alone, asks them to catch up on every confirmed subscription and resync, and sends typing only on a heard channel', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { connection, events } = openConnection();
    const heard: string[] = [];
    const room = 'chat:7d3f6f2e-1111-4a4a-8b8b-000000000001';
    const message = { type: 'chat_message', room_id: room.slice(5), id: '7d3f6f2e-1111-4a4a-8b8b-000000000002', seq: 12, sender_id: userLogin.user.id, client_id: '7d3f6f2e-1111-4a4a-8b8b-000000000003' } as const;
    connection.subscribe(room, { onEvent: (event) => heard.push(event.type), onCatchUp: () => heard.push('catch up') });
    connection.typing('chat:not-heard');
    connection.start();
    const first = await socket(0);
    first.serverOpens();
    first.serverSends({ type: 'subscribed', channel: room });
    first.serverSends({ type: 'room_event', channel: room, event: message });
    // The app-wide handler hears `event` frames only: a room's events are its page's.
    expect(events).toEqual([]);
    connection.typing(room);
    connection.typing('chat:not-heard');
    expect(first.sent).toEqual([{ type: 'subscribe', channel: room }, { type: 'typing', channel: room }]);
    first.serverSends({ type: 'resync', at: new Date().toISOString() });
    first.serverDrops();
    const second = await socket(1);
    second.serverOpens();
    second.serverSends({ type: 'subscribed', channel: room });
    expect(heard).toEqual(['catch up', 'chat_message', 'catch up', 'catch up']);
    connection.stop();
    vi.mocked(Math.random).mockRestore();
  });

  it('lets a component listen on a channel while it is mounted (useRealtimeChannel)', async () => {
    const { connection } = openConnection();
    connection.start();
    const ws = await socket(0);
    ws.serverOpens();
    const heard: string[] = [];
    function Room({ id }: { id: string }) {
      useRealtimeChannel(`room:${id}`, { onEvent: (event) => heard.push(`${id} ${event.type}`) });
      return null;
    }
    const view = render(
      <RealtimeContext value={connection}>
        <Room id="r1" />
      </RealtimeContext>,
    );
    expect(ws.sent).toEqual([{ type: 'subscribe', channel: 'room:r1' }]);
    ws.serverSends(roomEvent('room:r1'));
    expect(heard).toEqual(['r1 notification']);
    view.rerender(
      <RealtimeContext value={connection}>
        <Room id="r2" />
      </RealtimeContext>,
    );
    expect(ws.sent.slice(1)).toEqual([{ type: 'unsubscribe', channel: 'room:r1' }, { type: 'subscribe', channel: 'room:r2' }]);
    view.unmount();
    expect(ws.sent.at(-1)).toEqual({ type: 'unsubscribe', channel: 'room:r2' });
    connection.stop();
  });
});

describe('realtime helpers', () => {
  it('backs off from about 1 s, doubling, never above 30 s, with jitter', () => {
    expect(retryDelay(0, () => 1)).toBe(1000);
    expect(retryDelay(0, () => 0)).toBe(500);
    expect(retryDelay(1, () => 1)).toBe(2000);
    expect(retryDelay(4, () => 1)).toBe(16_000);
    expect(retryDelay(5, () => 1)).toBe(30_000);
    expect(retryDelay(50, () => 1)).toBe(30_000);
    expect(retryDelay(50, () => 0)).toBe(15_000);
  });

  it('builds the socket address on this origin, or on the API host when it is elsewhere', () => {
    expect(realtimeUrl('t', '/api', 'https://localloop.example')).toBe('wss://localloop.example/api/ws?ticket=t');
    expect(realtimeUrl('t', '/api', 'http://localhost:5173')).toBe('ws://localhost:5173/api/ws?ticket=t');
    expect(realtimeUrl('a b', 'https://api.example.com/api', 'http://localhost:5173')).toBe('wss://api.example.com/api/ws?ticket=a%20b');
  });
});

describe('an activity\'s news pushed while its page is open', () => {
  it('refetches the activity when news about an activity (a request to join) is pushed', async () => {
    const api = setup();
    const activityId = 'a0000000-0000-4000-8000-000000000001';
    api.on(`GET /activities/details/${activityId}/`, ok(activity({ is_host: true, my_state: 'host' })));
    storeSession(userLogin);
    renderApp(`/ActivitiesDetails/${activityId}`);
    const ws = await socket(0);
    ws.serverOpens();
    await waitFor(() => expect(api.to(`GET /activities/details/${activityId}/`)).toHaveLength(1));
    ws.serverSends({ type: 'event', channel: ownChannel, event: { ...notificationEvent, id: '5f0c1b2a-2222-4a4a-8b8b-000000000002', notification_type: 'activity_request', title: 'New request to join' } });
    await waitFor(() => expect(api.to(`GET /activities/details/${activityId}/`)).toHaveLength(2));
  });
});
