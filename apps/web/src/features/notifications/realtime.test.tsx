import type { Notification } from '@localloop/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { realtimeUrl, retryDelay } from '../../api/realtime.ts';
import { ok, stubApi } from '../../test/api-stub.ts';
import { storeSession, userLogin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

/** The list's calls, not the dot's own query for the newest unread one (is_read=false). */
function firstPageCalls(api: { to: (key: string) => { query: URLSearchParams }[] }) {
  return api.to('GET /notifications/').filter((call) => call.query.get('is_read') === null);
}

class FakeWebSocket {
  static instances: FakeWebSocket[] = [];
  readonly url: string;
  closed = false;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(url: string) {
    this.url = url;
    FakeWebSocket.instances.push(this);
  }
  close() {
    this.closed = true;
  }
  /** Test side: the server accepts, pushes, or drops the connection. */
  serverOpens() {
    act(() => this.onopen?.(new Event('open')));
  }
  serverSends(data: unknown) {
    act(() => this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) })));
  }
  serverDrops() {
    act(() => this.onclose?.(new CloseEvent('close')));
  }
}

const pushed: Notification = {
  id: '5f0c1b2a-2222-4a4a-8b8b-000000000001',
  title: 'Your password was changed',
  body: 'If this was not you, reset it now.',
  notification_type: 'password_changed',
  is_read: false,
  created_at: new Date().toISOString(),
  data: {},
};

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
  storeSession(userLogin);
  return api;
}

async function socket(index: number): Promise<FakeWebSocket> {
  await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(index));
  return FakeWebSocket.instances[index] as FakeWebSocket;
}

describe('realtime channel', () => {
  it('opens one socket with a fresh ticket, on this origin under /api/ws', async () => {
    const api = setup();
    renderApp('/LocalActivities');
    const ws = await socket(0);
    expect(ws.url).toBe(`${window.location.origin.replace('http', 'ws')}/api/ws?ticket=ticket-1`);
    expect(api.to('POST /ws/ticket/')).toHaveLength(1);
    expect(api.to('POST /ws/ticket/')[0]?.headers.Authorization).toBe('Bearer access-user');
  });

  it('toasts a pushed notification top-center for 1000 ms and lights the dot', async () => {
    setup();
    renderApp('/LocalActivities');
    const ws = await socket(0);
    ws.serverOpens();
    const header = await screen.findByTestId('user-header');
    expect(within(header).queryByTestId('unread-dot')).not.toBeInTheDocument();
    ws.serverSends({ type: 'ping', at: new Date().toISOString() });
    ws.serverSends({ type: 'notification', notification: pushed });
    expect(await screen.findByText('Your password was changed')).toBeInTheDocument();
    expect(document.querySelector('.Toastify__toast-container--top-center')).not.toBeNull();
    await waitFor(() => expect(within(header).getAllByTestId('unread-dot').length).toBeGreaterThan(0));
    // Its auto-close runs for 1000 ms (the progress bar's animation is the toast's timer).
    const toastElement = screen.getByText('Your password was changed').closest('.Toastify__toast');
    expect(toastElement?.querySelector<HTMLElement>('.Toastify__progress-bar')?.style.animationDuration).toBe('1000ms');
  });

  it('ignores what it cannot read', async () => {
    setup();
    renderApp('/LocalActivities');
    const ws = await socket(0);
    ws.serverOpens();
    act(() => ws.onmessage?.(new MessageEvent('message', { data: 'not json' })));
    ws.serverSends({ type: 'notification', notification: { title: 'half' } });
    const header = await screen.findByTestId('user-header');
    expect(within(header).queryByTestId('unread-dot')).not.toBeInTheDocument();
  });

  it('reconnects after a drop with a new ticket and refetches what it missed', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const api = setup();
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
    const app = renderApp('/LocalActivities');
    const ws = await socket(0);
    ws.serverOpens();
    app.unmount();
    expect(ws.closed).toBe(true);
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
