import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../test/api-stub.ts';
import { activityCard, activityList } from '../../test/activity-fixtures.ts';
import { storeSession, userLogin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const userId = userLogin.user?.id ?? '';

describe('My Created Activities (/MyActivities/{filterType?})', () => {
  it('shows the created ones without a segment, and each tab by its segment', async () => {
    const api = stubApi({
      'GET /activities/mine/': (request) =>
        ok(activityList([activityCard(1, { title: `A ${request.query.get('filter') ?? ''} activity`, my_state: request.query.get('filter') === 'created' ? 'host' : 'joined', distance_km: null })])),
    });
    storeSession(userLogin);
    const { user, pathname } = renderApp('/MyActivities');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Created Activities' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'A created activity' })).toBeInTheDocument();
    expect(screen.getByTestId('activity-card')).toHaveTextContent('You host');
    const tabs = screen.getByRole('navigation', { name: 'Activities by kind' });
    expect(within(tabs).getByRole('link', { name: 'Created' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getAllByRole('link').map((l) => l.getAttribute('href'))).toEqual([
      '/MyActivities/created',
      '/MyActivities/joined',
      '/MyActivities/requested',
      '/MyActivities/upcoming',
      '/MyActivities/past',
      '/MyActivities/deactivated',
    ]);

    await user.click(within(tabs).getByRole('link', { name: 'Joined' }));
    await waitFor(() => expect(pathname()).toBe('/MyActivities/joined'));
    expect(await screen.findByRole('link', { name: 'A joined activity' })).toBeInTheDocument();
    expect(screen.getByTestId('activity-card')).toHaveTextContent('You are going');
    expect(api.to('GET /activities/mine/').map((r) => r.query.get('filter'))).toEqual(['created', 'joined']);
  });

  it('lists the deactivated ones through /activities/deactivated/{own id}/', async () => {
    const api = stubApi({ [`GET /activities/deactivated/${userId}/`]: ok(activityList([activityCard(4, { title: 'Cancelled picnic', state: 'deactivated', my_state: 'host', distance_km: null })])) });
    storeSession(userLogin);
    renderApp('/MyActivities/deactivated');
    expect(await screen.findByRole('link', { name: 'Cancelled picnic' })).toBeInTheDocument();
    expect(screen.getByTestId('activity-card')).toHaveTextContent('Deactivated');
    expect(api.to('GET /activities/mine/')).toHaveLength(0);
  });

  it('says what to do when a tab is empty, and shows Loading… first', async () => {
    stubApi({ 'GET /activities/mine/': ok(activityList([])) });
    storeSession(userLogin);
    renderApp('/MyActivities/requested');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    const empty = (await screen.findByRole('heading', { name: 'No requested activities' })).parentElement as HTMLElement;
    expect(within(empty).getByRole('link', { name: 'Browse Activities' })).toHaveAttribute('href', '/LocalActivities');
  });

  it('pages through a long tab', async () => {
    const api = stubApi({
      'GET /activities/mine/': (request) => {
        const page = Number(request.query.get('page'));
        return ok(activityList([activityCard(page * 10)], { count: 20, page }));
      },
    });
    storeSession(userLogin);
    const { user } = renderApp('/MyActivities/upcoming');
    const pager = await screen.findByRole('navigation', { name: 'Pages of activities' });
    await user.click(within(pager).getByRole('button', { name: /Next/ }));
    expect(await screen.findByRole('link', { name: 'Activity 20' })).toBeInTheDocument();
    expect(api.to('GET /activities/mine/').at(-1)?.query.get('page')).toBe('2');
  });

  it('answers Not Found for a filter that is not one of the tabs', async () => {
    stubApi({});
    storeSession(userLogin);
    renderApp('/MyActivities/everything');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});
