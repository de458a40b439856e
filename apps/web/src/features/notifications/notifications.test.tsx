import type { Notification } from '@localloop/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok, stubApi } from '../../test/api-stub.ts';
import type { Reply } from '../../test/api-stub.ts';
import { allowConsole } from '../../test/console.ts';
import { storeSession, userLogin, vendorLogin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { notificationPath } from './api.ts';

/** The list's calls, not the dot's own query for the newest unread one (is_read=false). */
function firstPageCalls(api: { to: (key: string) => { query: URLSearchParams }[] }) {
  return api.to('GET /notifications/').filter((call) => call.query.get('is_read') === null);
}

// The fixtures are dated from this instant; a test that reads "5 minutes ago" stops the clock at it, since a busy
// machine can take longer than half a minute to reach that test.
const datedFrom = Date.now();
const minutesAgo = (minutes: number) => new Date(datedFrom - minutes * 60_000).toISOString();

const welcome: Notification = {
  id: '5f0c1b2a-1111-4a4a-8b8b-000000000001',
  title: 'Welcome to LocalLoop',
  body: 'Find activities near you.',
  notification_type: 'welcome',
  is_read: false,
  created_at: minutesAgo(5),
  data: {},
  target: null,
};
const changed: Notification = {
  id: '5f0c1b2a-1111-4a4a-8b8b-000000000002',
  title: 'Password changed',
  body: 'Your password was changed.',
  notification_type: 'password_changed',
  is_read: true,
  created_at: minutesAgo(90),
  data: {},
  target: { kind: 'account_settings' },
};

function header() {
  return screen.findByTestId('user-header');
}

async function openPanel(app: ReturnType<typeof renderApp>) {
  const bell = within(await header()).getAllByRole('button', { name: /^Notifications/ })[0];
  if (!bell) throw new Error('no bell');
  await app.user.click(bell);
  return screen.findByRole('dialog', { name: 'Notifications' });
}

describe('notification bell', () => {
  it('shows a red dot on page load when any notification is unread', async () => {
    stubApi({ 'GET /notifications/': ok([welcome, changed]) });
    storeSession(userLogin);
    renderApp('/LocalActivities');
    const bar = await header();
    await waitFor(() => expect(within(bar).getAllByTestId('unread-dot').length).toBeGreaterThan(0));
  });

  it('lights the dot for an unread notification older than the first page, and clears it once that one is read', async () => {
    const old = { ...welcome, id: '5f0c1b2a-1111-4a4a-8b8b-0000000000aa', title: 'An old one', created_at: minutesAgo(60 * 24 * 30) };
    let oldRead = false;
    const api = stubApi({
      // The first page holds only read ones; the server still knows an older unread one.
      'GET /notifications/': (request) => ok(request.query.get('is_read') === 'false' ? (oldRead ? [] : [old]) : [changed]),
    });
    storeSession(userLogin);
    const app = renderApp('/LocalActivities');
    const bar = await header();
    await waitFor(() => expect(within(bar).getAllByTestId('unread-dot').length).toBeGreaterThan(0));
    expect(api.to('GET /notifications/').find((call) => call.query.get('is_read') === 'false')?.query.get('page_size')).toBe('1');

    // Read elsewhere (another tab): the next refetch of the dot's query puts it out.
    oldRead = true;
    await act(() => app.queryClient.invalidateQueries({ queryKey: ['notifications'] }));
    await waitFor(() => expect(within(bar).queryAllByTestId('unread-dot')).toHaveLength(0));
  });

  it('shows no dot when everything is read, and is in the vendor header too', async () => {
    const api = stubApi({ 'GET /notifications/': ok([changed]) });
    storeSession(vendorLogin);
    renderApp('/vendor/dashboard');
    const bar = await screen.findByTestId('vendor-header');
    await waitFor(() => expect(firstPageCalls(api)).toHaveLength(1));
    expect(within(bar).getAllByRole('button', { name: 'Notifications' }).length).toBeGreaterThan(0);
    expect(within(bar).queryByTestId('unread-dot')).not.toBeInTheDocument();
  });

  it('loads the list on click into a drawer, says when it is empty, and shifts the main area', async () => {
    const api = stubApi({ 'GET /notifications/': ok([]) });
    storeSession(userLogin);
    const app = renderApp('/LocalActivities');
    await waitFor(() => expect(firstPageCalls(api)).toHaveLength(1));
    const panel = await openPanel(app);
    expect(within(panel).getByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    expect(await within(panel).findByText('No notifications found.')).toBeInTheDocument();
    expect(firstPageCalls(api)).toHaveLength(2);
    expect(firstPageCalls(api)[1]?.query.get('page')).toBe('1');
    expect(panel).toHaveClass('lg:w-96');
    // The page beside it is out of reach while it is open (hidden from the accessibility tree), but makes room.
    expect(screen.getByRole('main', { hidden: true })).toHaveClass('lg:mr-96');
    await app.user.click(within(panel).getByRole('button', { name: 'Close notifications' }));
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(screen.getByRole('main')).not.toHaveClass('lg:mr-96');
  });

  it('shows each item with title, body, type and relative time, unread ones highlighted', async () => {
    vi.useFakeTimers({ now: datedFrom, toFake: ['Date'] });
    stubApi({ 'GET /notifications/': ok([welcome, changed]) });
    storeSession(userLogin);
    const app = renderApp('/LocalActivities');
    const panel = await openPanel(app);
    const items = await within(panel).findAllByTestId('notification-item');
    expect(items).toHaveLength(2);
    const [first, second] = items;
    expect(first).toHaveTextContent('Welcome to LocalLoop');
    expect(first).toHaveTextContent('Find activities near you.');
    expect(first).toHaveTextContent('Type: welcome');
    expect(first).toHaveTextContent('5 minutes ago');
    expect(first).toHaveAttribute('data-unread', 'true');
    expect(first).toHaveClass('bg-teal-50');
    expect(second).toHaveTextContent('Type: password_changed');
    expect(second).toHaveTextContent('2 hours ago');
    expect(second).not.toHaveAttribute('data-unread');
  });

  it('marks an unread item read only after the server agrees, then clears the dot', async () => {
    let answer: (reply: Reply) => void = () => undefined;
    const api = stubApi({
      'GET /notifications/': ok([welcome, changed]),
      [`PATCH /notifications/mark-as-read/${welcome.id}/`]: () =>
        new Promise<Reply>((resolve) => {
          answer = resolve;
        }),
    });
    storeSession(userLogin);
    const app = renderApp('/LocalActivities');
    const panel = await openPanel(app);
    const item = (await within(panel).findAllByTestId('notification-item'))[0] as HTMLElement;
    await app.user.click(item);
    await waitFor(() => expect(api.to(`PATCH /notifications/mark-as-read/${welcome.id}/`)).toHaveLength(1));
    expect(api.to(`PATCH /notifications/mark-as-read/${welcome.id}/`)[0]?.body).toBeUndefined();
    // Not yet answered: still unread, dot still lit.
    expect(item).toHaveAttribute('data-unread', 'true');
    expect(within(await header()).getAllByTestId('unread-dot').length).toBeGreaterThan(0);
    answer(ok({ id: welcome.id, is_read: true }));
    await waitFor(() => expect(within(panel).getAllByTestId('notification-item')[0]).not.toHaveAttribute('data-unread'));
    expect(within(await header()).queryByTestId('unread-dot')).not.toBeInTheDocument();
  });

  it('keeps an item unread when marking fails, and only logs it', async () => {
    const logged = allowConsole('error', /Could not mark the notification as read/);
    stubApi({
      'GET /notifications/': ok([welcome]),
      [`PATCH /notifications/mark-as-read/${welcome.id}/`]: { status: 500, body: { error: 'Boom.', code: 'INTERNAL' } },
    });
    storeSession(userLogin);
    const app = renderApp('/LocalActivities');
    const panel = await openPanel(app);
    const item = (await within(panel).findAllByTestId('notification-item'))[0] as HTMLElement;
    await app.user.click(item);
    await waitFor(() => expect(logged()).toBe(1));
    expect(within(panel).getAllByTestId('notification-item')[0]).toHaveAttribute('data-unread', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says in the panel that its load failed (no toast, not "No notifications found."), and loads again on Try again', async () => {
    const logged = allowConsole('error', /Could not load notifications/);
    const api = stubApi({ 'GET /notifications/': ok([]) });
    storeSession(userLogin);
    const app = renderApp('/LocalActivities');
    await waitFor(() => expect(firstPageCalls(api)).toHaveLength(1));
    api.on('GET /notifications/', { status: 500, body: { error: 'Boom.', code: 'INTERNAL' } });
    const panel = await openPanel(app);
    const failure = await within(panel).findByRole('alert');
    expect(failure).toHaveTextContent('Your notifications could not be loaded.');
    expect(logged()).toBe(1);
    expect(within(panel).queryByText('No notifications found.')).not.toBeInTheDocument();
    expect(screen.queryByText('Failed to load notifications')).not.toBeInTheDocument();

    api.on('GET /notifications/', ok([welcome]));
    await app.user.click(within(failure).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByTestId('notification-item')).toHaveTextContent('Welcome to LocalLoop');
    expect(within(panel).queryByRole('alert')).not.toBeInTheDocument();
    expect(firstPageCalls(api)).toHaveLength(3);
  });

  it('keeps the list it has when a reload fails, and says it may be out of date', async () => {
    allowConsole('error', /Could not load notifications/);
    const api = stubApi({ 'GET /notifications/': ok([welcome]) });
    storeSession(userLogin);
    const app = renderApp('/LocalActivities');
    await waitFor(() => expect(firstPageCalls(api)).toHaveLength(1));
    api.on('GET /notifications/', { status: 503, body: { error: 'Busy.', code: 'SERVICE_UNAVAILABLE' } });
    const panel = await openPanel(app);
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Your notifications could not be refreshed.');
    expect(within(panel).getByTestId('notification-item')).toHaveTextContent('Welcome to LocalLoop');
  });

  it('toasts a failed load of the unread state on page load', async () => {
    stubApi({ 'GET /notifications/': { status: 500, body: { error: 'Boom.', code: 'INTERNAL' } } });
    storeSession(userLogin);
    renderApp('/LocalActivities');
    expect(await screen.findByText('Failed to load notifications')).toBeInTheDocument();
  });

  it('warns without a stored access token and does not open or fetch', async () => {
    const api = stubApi({ 'GET /notifications/': ok([]) });
    storeSession(userLogin);
    const app = renderApp('/LocalActivities');
    await waitFor(() => expect(firstPageCalls(api)).toHaveLength(1));
    localStorage.removeItem('access');
    const bell = within(await header()).getAllByRole('button', { name: /^Notifications/ })[0] as HTMLElement;
    await app.user.click(bell);
    expect(await screen.findByText('Please login to view notifications.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(firstPageCalls(api)).toHaveLength(1);
  });
});

describe('notifications drawer', () => {
  it('keeps focus inside while open, closes on Escape and gives focus back to the bell', async () => {
    stubApi({ 'GET /notifications/': ok([welcome, changed]) });
    storeSession(userLogin);
    const app = renderApp('/LocalActivities');
    const bell = within(await header()).getAllByRole('button', { name: /^Notifications/ })[0] as HTMLElement;
    await app.user.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(panel).findAllByTestId('notification-item');
    await waitFor(() => expect(panel).toContainElement(document.activeElement as HTMLElement));
    // Round and round: every stop of Tab and Shift+Tab is inside the drawer.
    for (let i = 0; i < 6; i += 1) {
      await app.user.tab();
      expect(panel).toContainElement(document.activeElement as HTMLElement);
    }
    for (let i = 0; i < 3; i += 1) {
      await app.user.tab({ shift: true });
      expect(panel).toContainElement(document.activeElement as HTMLElement);
    }
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument());
    await waitFor(() => expect(bell).toHaveFocus());
  });

  it('gives focus back to the bell when closed with its button', async () => {
    stubApi({ 'GET /notifications/': ok([]) });
    storeSession(userLogin);
    const app = renderApp('/LocalActivities');
    const bell = within(await header()).getAllByRole('button', { name: /^Notifications/ })[0] as HTMLElement;
    await app.user.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await app.user.click(within(panel).getByRole('button', { name: 'Close notifications' }));
    await waitFor(() => expect(bell).toHaveFocus());
  });

  it('opens what a notification is about, marks it read and closes', async () => {
    const unreadChange = { ...changed, is_read: false };
    const rated: Notification = { ...welcome, id: '5f0c1b2a-1111-4a4a-8b8b-000000000003', title: 'Ann rated you 5 stars', notification_type: 'vendor_rated', target: { kind: 'vendor_page', user_id: 'b0000000-0000-4000-8000-000000000009' } };
    const application: Notification = { ...welcome, id: '5f0c1b2a-1111-4a4a-8b8b-000000000004', title: 'Your vendor application needs changes', notification_type: 'vendor_rejected', target: { kind: 'vendor_application' } };
    const joined: Notification = { ...welcome, id: '5f0c1b2a-1111-4a4a-8b8b-000000000006', title: 'New participant', notification_type: 'activity_joined', target: { kind: 'activity', activity_id: 'c0000000-0000-4000-8000-000000000001' } };
    const api = stubApi({
      'GET /notifications/': ok([rated, application, welcome, unreadChange, joined]),
      [`PATCH /notifications/mark-as-read/${unreadChange.id}/`]: ok({ id: unreadChange.id, is_read: true }),
    });
    storeSession(userLogin);
    const app = renderApp('/LocalActivities');
    const panel = await openPanel(app);
    const items = await within(panel).findAllByTestId('notification-item');
    // Those with somewhere to go are links to it; the welcome is about nothing to open.
    expect(items[0]).toHaveAttribute('href', '/vendor/b0000000-0000-4000-8000-000000000009');
    expect(items[1]).toHaveAttribute('href', '/BasicInfo');
    expect(items[2]?.tagName).toBe('BUTTON');
    expect(items[3]).toHaveAttribute('href', '/Settings');
    expect(items[4]).toHaveAttribute('href', '/ActivitiesDetails/c0000000-0000-4000-8000-000000000001');
    await app.user.click(items[3] as HTMLElement);
    await waitFor(() => expect(app.pathname()).toBe('/Settings'));
    expect(api.to(`PATCH /notifications/mark-as-read/${unreadChange.id}/`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument());
  });

  it('marks all as read up to the newest shown, then clears the dot', async () => {
    const older = { ...welcome, id: '5f0c1b2a-1111-4a4a-8b8b-000000000005', title: 'Older', created_at: minutesAgo(30) };
    const api = stubApi({
      'GET /notifications/': ok([welcome, older, changed]),
      'PATCH /notifications/mark-all-as-read/': ok({ updated: 2 }),
    });
    storeSession(userLogin);
    const app = renderApp('/LocalActivities');
    const panel = await openPanel(app);
    await within(panel).findAllByTestId('notification-item');
    await waitFor(() => expect(within(panel).getAllByTestId('notification-item')[0]).toHaveAttribute('data-unread', 'true'));
    api.on('GET /notifications/', (request) => ok(request.query.get('is_read') === 'false' ? [] : [welcome, older, changed].map((n) => ({ ...n, is_read: true }))));
    await app.user.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(within(panel).queryAllByTestId('notification-item').filter((item) => item.hasAttribute('data-unread'))).toHaveLength(0));
    expect(api.to('PATCH /notifications/mark-all-as-read/')[0]?.body).toEqual({ before: welcome.created_at });
    expect(within(panel).queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Close notifications' })).toHaveFocus());
    const bar = await header();
    await waitFor(() => expect(within(bar).queryAllByTestId('unread-dot')).toHaveLength(0));
  });

  it('says so when marking all fails, and keeps them unread', async () => {
    allowConsole('error', /Could not mark the notifications as read/);
    stubApi({
      'GET /notifications/': ok([welcome]),
      'PATCH /notifications/mark-all-as-read/': { status: 500, body: { error: 'Boom.', code: 'INTERNAL' } },
    });
    storeSession(userLogin);
    const app = renderApp('/LocalActivities');
    const panel = await openPanel(app);
    await within(panel).findAllByTestId('notification-item');
    await app.user.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('They could not be marked as read. Try again.');
    expect(within(panel).getByTestId('notification-item')).toHaveAttribute('data-unread', 'true');
  });
});

describe('where a notification opens', () => {
  const activityId = 'a0000000-0000-4000-8000-000000000001';
  const roomId = 'c0000000-0000-4000-8000-000000000001';
  const about = (notification_type: string, data: Record<string, unknown>) => ({ notification_type, data, target: { kind: 'activity', activity_id: activityId } as const });

  it('opens the chat room for new messages and an accepted chat request, the requests page for a new chat request, and the activity otherwise', () => {
    expect(notificationPath(about('chat_message', { activity_id: activityId, room_id: roomId }))).toBe(`/chat/${activityId}/${roomId}`);
    expect(notificationPath(about('chat_request_accepted', { activity_id: activityId, room_id: roomId, chat_request_id: roomId }))).toBe(`/chat/${activityId}/${roomId}`);
    expect(notificationPath(about('chat_request', { activity_id: activityId }))).toBe(`/ActivityRequests/${activityId}`);
    expect(notificationPath(about('activity_joined', { activity_id: activityId }))).toBe(`/ActivitiesDetails/${activityId}`);
    // Data that is not ids does not make a path of its own.
    expect(notificationPath(about('chat_message', { activity_id: activityId, room_id: '../admin' }))).toBe(`/ActivitiesDetails/${activityId}`);
  });
});
