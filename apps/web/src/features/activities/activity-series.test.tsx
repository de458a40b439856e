import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../test/api-stub.ts';
import { activity } from '../../test/activity-fixtures.ts';
import { storeSession, userLogin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const brooklyn = { city: 'Brooklyn', state: 'New York', latitude: 40.6782, longitude: -73.9442, country: 'United States', area: '', formattedAddress: 'Brooklyn, New York, United States' };
const secondId = '5e0c0000-0000-4000-8000-00000000a002';
const thirdId = '5e0c0000-0000-4000-8000-00000000a003';
const series = {
  id: '5e0c0000-0000-4000-8000-00000000a5e5',
  upcoming: [
    { id: secondId, starts_at: '2099-12-12T15:00:00.000Z' },
    { id: thirdId, starts_at: '2099-12-19T15:00:00.000Z' },
  ],
};

describe('weekly series', () => {
  it('posts an activity that repeats every week from /PostActivities', async () => {
    const created = activity({ title: 'Board games at the library', is_host: true, my_state: 'host', series });
    const api = stubApi({
      'POST /activities/create/': { status: 201, body: created },
      [`GET /activities/details/${created.id}/`]: ok(created),
    });
    storeSession(userLogin, { userLocation: JSON.stringify(brooklyn) });
    const { user, pathname } = renderApp('/PostActivities');
    await user.type(await screen.findByLabelText('Title'), 'Board games at the library');
    await user.type(screen.getByLabelText('Description'), 'Bring a game or play one of ours.');
    fireEvent.change(screen.getByLabelText('Starts'), { target: { value: '2099-12-05T18:00' } });
    fireEvent.change(screen.getByLabelText('Ends'), { target: { value: '2099-12-05T21:00' } });
    const repeat = screen.getByLabelText('Repeat weekly');
    expect(repeat).toHaveValue('0');
    expect(within(repeat).getAllByRole('option')).toHaveLength(13);
    await user.selectOptions(repeat, 'Every week, 3 dates in all');
    await user.click(screen.getByRole('button', { name: 'Create activity' }));
    await waitFor(() => expect(pathname()).toBe(`/ActivitiesDetails/${created.id}`));
    expect(api.to('POST /activities/create/')[0]?.body).toMatchObject({ repeat_weekly: 2 });
  });

  it('links the other dates of the series on an activity\'s page, for anyone', async () => {
    stubApi({ [`GET /activities/details/${activity().id}/`]: ok(activity({ series })) });
    const { user, pathname } = renderApp(`/ActivitiesDetails/${activity().id}`);
    const dates = await screen.findByRole('navigation', { name: 'Other dates (every week)' });
    const links = within(dates).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([`/ActivitiesDetails/${secondId}`, `/ActivitiesDetails/${thirdId}`]);
    // A visitor does not go: no calendar button.
    expect(screen.queryByRole('button', { name: 'Add to calendar' })).not.toBeInTheDocument();
    stubApi({ [`GET /activities/details/${secondId}/`]: ok(activity({ id: secondId, series: { ...series, upcoming: [{ id: thirdId, starts_at: '2099-12-19T15:00:00.000Z' }] } })) });
    await user.click(links[0] as HTMLElement);
    await waitFor(() => expect(pathname()).toBe(`/ActivitiesDetails/${secondId}`));
    expect(await screen.findByRole('link', { name: /19 Dec/ })).toHaveAttribute('href', `/ActivitiesDetails/${thirdId}`);
  });

  it('shows no other dates for a single activity', async () => {
    stubApi({ [`GET /activities/details/${activity().id}/`]: ok(activity()) });
    renderApp(`/ActivitiesDetails/${activity().id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Morning run in Central Park' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: /Other dates/ })).not.toBeInTheDocument();
  });
});
