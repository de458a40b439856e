import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../test/api-stub.ts';
import { activityCard, activityPage } from '../../test/activity-fixtures.ts';
import { storeSession, userLogin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const brooklyn = { city: 'Brooklyn', state: 'New York', latitude: 40.6782, longitude: -73.9442, country: 'United States', area: '', formattedAddress: 'Brooklyn, New York, United States' };
const longTitle = `Sunrise yoga on the pier ${'Namaste'.repeat(30)}`;

describe('local activities (/LocalActivities)', () => {
  it('shows a visitor the activities near New York with host, when, distance, who goes and spots left', async () => {
    const api = stubApi({
      'GET /activities/lists/': ok(
        activityPage([
          activityCard(1, { title: 'Morning run', spots_left: 1, participant_count: 9 }),
          activityCard(2, { title: longTitle, capacity: null, spots_left: null, distance_km: 0.45, category: 'Games' }),
          activityCard(3, { title: 'Full game night', spots_left: 0 }),
        ]),
      ),
    });
    renderApp('/LocalActivities');
    expect(await screen.findByRole('heading', { level: 1, name: 'Local Activities' })).toBeInTheDocument();
    const cards = await screen.findAllByTestId('activity-card');
    expect(cards).toHaveLength(3);
    expect(within(cards[0] as HTMLElement).getByRole('link', { name: 'Morning run' })).toHaveAttribute('href', `/ActivitiesDetails/${activityCard(1).id}`);
    expect(cards[0]).toHaveTextContent('Hosted by Maya');
    expect(cards[0]).toHaveTextContent('2.3 km · New York');
    expect(cards[0]).toHaveTextContent('9 going · 1 spot left');
    expect(cards[0]).toHaveTextContent(/2099/);
    expect(cards[1]).toHaveTextContent('450 m · New York');
    expect(cards[1]).toHaveTextContent('No limit');
    expect(cards[2]).toHaveTextContent('Full');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('3 activities within 25 km of New York, nearest first');
    // A visitor is not offered to host.
    expect(screen.queryByRole('link', { name: 'Create Activity' })).not.toBeInTheDocument();
    const query = api.to('GET /activities/lists/')[0]?.query;
    expect([query?.get('lat'), query?.get('lng'), query?.get('radius_km'), query?.get('from')]).toEqual(['40.7128', '-74.006', '25', null]);
  });

  it('shows Loading… while the list loads', async () => {
    stubApi({ 'GET /activities/lists/': () => new Promise(() => undefined) });
    renderApp('/LocalActivities');
    expect(await screen.findByRole('status', { name: 'Loading activities…' })).toHaveTextContent('Loading…');
  });

  it('filters by category and day from the chosen location, in the address', async () => {
    const api = stubApi({ 'GET /activities/lists/': ok(activityPage([activityCard(1)])) });
    storeSession(userLogin, { userLocation: JSON.stringify(brooklyn) });
    const { user, location } = renderApp('/LocalActivities');
    await screen.findAllByTestId('activity-card');
    expect(api.to('GET /activities/lists/')[0]?.query.get('lat')).toBe('40.6782');
    expect(screen.getByRole('link', { name: 'Create Activity' })).toHaveAttribute('href', '/PostActivities');

    await user.selectOptions(screen.getByLabelText('Category'), 'Games');
    await waitFor(() => expect(api.to('GET /activities/lists/').at(-1)?.query.get('category')).toBe('Games'));
    expect(location().search).toBe('?category=Games');

    await user.selectOptions(screen.getByLabelText('When'), 'date');
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2099-12-05' } });
    await waitFor(() => expect(api.to('GET /activities/lists/').at(-1)?.query.get('from')).toBe('2099-12-05'));
    expect(api.to('GET /activities/lists/').at(-1)?.query.get('to')).toBe('2099-12-05');
    expect(new URLSearchParams(location().search).get('date')).toBe('2099-12-05');

    await user.selectOptions(screen.getByLabelText('When'), 'today');
    await waitFor(() => expect(api.to('GET /activities/lists/').at(-1)?.query.get('from')).toBe(new Date().toLocaleDateString('en-CA')));
  });

  it('searches by words from the address and the box, starting again at the first page', async () => {
    const api = stubApi({ 'GET /activities/lists/': ok(activityPage([activityCard(1, { title: 'Sunday run club' })], { count: 30 })) });
    const { user, location } = renderApp('/LocalActivities?q=run&page=2');
    const box = await screen.findByRole('searchbox', { name: 'Search activities' });
    expect(box).toHaveValue('run');
    await screen.findAllByTestId('activity-card');
    expect(api.to('GET /activities/lists/')[0]?.query.get('q')).toBe('run');

    await user.clear(box);
    await user.type(box, 'yoga at dawn');
    await waitFor(() => expect(api.to('GET /activities/lists/').at(-1)?.query.get('q')).toBe('yoga at dawn'));
    expect(api.to('GET /activities/lists/').at(-1)?.query.get('page')).toBe('1');
    expect(location().search).toBe('?q=yoga+at+dawn');
    // The words stay with the other filters.
    await user.selectOptions(screen.getByLabelText('Category'), 'Games');
    await waitFor(() => expect(api.to('GET /activities/lists/').at(-1)?.query.get('category')).toBe('Games'));
    expect(api.to('GET /activities/lists/').at(-1)?.query.get('q')).toBe('yoga at dawn');
    expect(new URLSearchParams(location().search).get('q')).toBe('yoga at dawn');

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(location().search).toBe('?category=Games'));
    await waitFor(() => expect(api.to('GET /activities/lists/').at(-1)?.query.get('q')).toBeNull());
    expect(api.to('GET /activities/lists/').at(-1)?.query.get('category')).toBe('Games');
  });

  it('says when nothing matches the words, and clears them with the other filters', async () => {
    stubApi({ 'GET /activities/lists/': ok(activityPage([])) });
    const { user, location } = renderApp('/LocalActivities?q=zumba&when=weekend');
    expect(await screen.findByRole('heading', { name: 'No activities match' })).toBeInTheDocument();
    expect(screen.getByText(/Nothing coming up near New York matches “zumba”\. Try other words, another category, another day or a wider distance\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search, category and date' }));
    expect(await screen.findByRole('heading', { name: 'No activities within 25 km yet' })).toBeInTheDocument();
    expect(location().search).toBe('');
    expect(screen.getByRole('searchbox', { name: 'Search activities' })).toHaveValue('');
  });

  it('pages through the activities', async () => {
    const api = stubApi({
      'GET /activities/lists/': (request) => {
        const page = Number(request.query.get('page'));
        return ok(activityPage([activityCard(page * 100)], { count: 30, page }));
      },
    });
    const { user, location } = renderApp('/LocalActivities');
    const pager = await screen.findByRole('navigation', { name: 'Pages of activities' });
    expect(pager).toHaveTextContent('Page 1 of 3');
    await user.click(within(pager).getByRole('link', { name: /Next/ }));
    await waitFor(() => expect(location().search).toBe('?page=2'));
    expect(await screen.findByRole('link', { name: 'Activity 200' })).toBeInTheDocument();
    expect(api.to('GET /activities/lists/').at(-1)?.query.get('page')).toBe('2');
  });

  it('offers a wider search when nothing is near, and clearing when nothing matches', async () => {
    stubApi({ 'GET /activities/lists/': ok(activityPage([])) });
    const { user } = renderApp('/LocalActivities');
    expect(await screen.findByRole('heading', { name: 'No activities within 25 km yet' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Look within 100 km' }));
    expect(await screen.findByRole('heading', { name: 'No activities within 100 km yet' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Category'), 'Music');
    expect(await screen.findByRole('heading', { name: 'No activities match' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear category and date' }));
    expect(await screen.findByRole('heading', { name: 'No activities within 100 km yet' })).toBeInTheDocument();
  });
});
