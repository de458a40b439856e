import type { Place } from '@localloop/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, refuse, stubApi } from '../../test/api-stub.ts';
import { activity } from '../../test/activity-fixtures.ts';
import { storeSession, userLogin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const brooklyn = { city: 'Brooklyn', state: 'New York', latitude: 40.6782, longitude: -73.9442, country: 'United States', area: '', formattedAddress: 'Brooklyn, New York, United States' };
const created = activity({ title: 'Board games at the library', is_host: true, my_state: 'host' });
const prospectPark: Place = {
  id: 'gp-prospect-park',
  city: 'Brooklyn',
  state: 'New York',
  country: 'United States',
  country_code: 'US',
  area: 'Prospect Heights',
  latitude: 40.6602,
  longitude: -73.969,
  population: 0,
  formatted_address: 'Prospect Park, Grand Army Plaza, Brooklyn, New York, United States',
};

async function fillForm(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Title'), 'Board games at the library');
  await user.type(screen.getByLabelText('Description'), 'Bring a game or play one of ours.');
  await user.selectOptions(screen.getByLabelText('Category'), 'Games');
  fireEvent.change(screen.getByLabelText('Starts'), { target: { value: '2099-12-05T18:00' } });
  fireEvent.change(screen.getByLabelText('Ends'), { target: { value: '2099-12-05T21:00' } });
}

describe('creating an activity (/PostActivities)', () => {
  it('posts the activity at the chosen location and opens its page', async () => {
    const api = stubApi({
      'POST /activities/create/': { status: 201, body: created },
      [`GET /activities/details/${created.id}/`]: ok(created),
    });
    storeSession(userLogin, { userLocation: JSON.stringify(brooklyn) });
    const { user, pathname } = renderApp('/PostActivities');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Activity' })).toBeInTheDocument();
    await fillForm(user);
    const address = screen.getByLabelText('Address or meeting point');
    expect(address).toHaveValue('Brooklyn, New York, United States');
    await user.clear(address);
    await user.type(address, 'Brooklyn Public Library, Grand Army Plaza');
    await user.type(screen.getByLabelText('Capacity'), '8');
    await user.click(screen.getByRole('radio', { name: /Approval needed/ }));
    await user.click(screen.getByRole('radio', { name: /Unlisted/ }));
    await user.click(screen.getByRole('button', { name: 'Create activity' }));

    await waitFor(() => expect(pathname()).toBe(`/ActivitiesDetails/${created.id}`));
    expect(await screen.findByText('“Board games at the library” is posted.')).toBeInTheDocument();
    const [sent] = api.to('POST /activities/create/');
    expect(sent?.body).toEqual({
      title: 'Board games at the library',
      description: 'Bring a game or play one of ours.',
      category: 'Games',
      image_ids: [],
      starts_at: new Date('2099-12-05T18:00').toISOString(),
      ends_at: new Date('2099-12-05T21:00').toISOString(),
      location: { formatted_address: 'Brooklyn Public Library, Grand Army Plaza', city: 'Brooklyn', latitude: 40.6782, longitude: -73.9442 },
      capacity: 8,
      join_mode: 'approval',
      visibility: 'unlisted',
      repeat_weekly: 0,
    });
  });

  it('checks the fields with the contract\'s messages before sending anything', async () => {
    const api = stubApi({});
    storeSession(userLogin);
    const { user } = renderApp('/PostActivities');
    await user.type(await screen.findByLabelText('Title'), 'Ru');
    fireEvent.change(screen.getByLabelText('Starts'), { target: { value: '2099-12-05T18:00' } });
    fireEvent.change(screen.getByLabelText('Ends'), { target: { value: '2099-12-05T17:00' } });
    await user.type(screen.getByLabelText('Capacity'), '0');
    await user.click(screen.getByRole('button', { name: 'Create activity' }));
    expect(await screen.findByText('Give the activity a title of at least 3 characters.')).toBeInTheDocument();
    expect(screen.getByText('Describe the activity in at least 10 characters.')).toBeInTheDocument();
    expect(screen.getByText('The end must be after the start.')).toBeInTheDocument();
    expect(screen.getByText('At least 1 person must be able to join.')).toBeInTheDocument();
    expect(screen.getByText('Choose where it happens.')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(screen.getByLabelText('Starts'), { target: { value: '2001-01-01T10:00' } });
    await user.click(screen.getByRole('button', { name: 'Create activity' }));
    expect(await screen.findByText('The start must be in the future.')).toBeInTheDocument();
    expect(api.to('POST /activities/create/')).toHaveLength(0);
  });

  it('puts the server\'s field errors under their fields', async () => {
    stubApi({
      'POST /activities/create/': refuse(400, 'VALIDATION_ERROR', 'Check the highlighted fields.', {
        'location.formatted_address': 'Use at most 300 characters for the address.',
        starts_at: 'The start must be in the future.',
      }),
    });
    storeSession(userLogin, { userLocation: JSON.stringify(brooklyn) });
    const { user, pathname } = renderApp('/PostActivities');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Create activity' }));
    expect(await screen.findByText('Use at most 300 characters for the address.')).toBeInTheDocument();
    expect(screen.getByText('The start must be in the future.')).toBeInTheDocument();
    expect(pathname()).toBe('/PostActivities');
  });

  it('posts the activity at a place found with the search, chosen with the keyboard', async () => {
    const api = stubApi({
      'GET /geo/suggest/': (request) => ok(request.query.get('q') === 'prospect park' ? [prospectPark] : []),
      'POST /activities/create/': { status: 201, body: created },
      [`GET /activities/details/${created.id}/`]: ok(created),
    });
    storeSession(userLogin, { userLocation: JSON.stringify(brooklyn) });
    const { user, pathname } = renderApp('/PostActivities');
    await fillForm(user);
    expect(screen.getByTestId('activity-point')).toHaveTextContent('On the map at your area, Brooklyn, New York, United States.');

    const search = screen.getByRole('combobox', { name: 'Find the place' });
    await user.type(search, 'prospect park');
    expect(await screen.findByRole('option', { name: prospectPark.formatted_address })).toBeInTheDocument();
    // Typing makes the first place the active option; the arrow keys move between it and "Use my area".
    const activeOption = () => search.getAttribute('aria-activedescendant');
    const parkOption = screen.getByRole('option', { name: prospectPark.formatted_address });
    await waitFor(() => expect(activeOption()).toBe(parkOption.id));
    await user.keyboard('{ArrowDown}');
    expect(activeOption()).toBe(screen.getByRole('option', { name: /Use my area/ }).id);
    await user.keyboard('{ArrowUp}{Enter}');

    await waitFor(() => expect(screen.getByTestId('activity-point')).toHaveTextContent(`On the map at ${prospectPark.formatted_address}.`));
    // The address follows the place while the host has not written their own.
    expect(screen.getByLabelText('Address or meeting point')).toHaveValue(prospectPark.formatted_address);
    // Searched once the typing paused, not once per letter.
    const searched = api.to('GET /geo/suggest/').map((r) => r.query.get('q'));
    expect(searched.at(-1)).toBe('prospect park');
    expect(searched.length).toBeLessThan(4);
    await user.click(screen.getByRole('button', { name: 'Create activity' }));

    await waitFor(() => expect(pathname()).toBe(`/ActivitiesDetails/${created.id}`));
    const [sent] = api.to('POST /activities/create/');
    expect((sent?.body as { location: unknown }).location).toEqual({ formatted_address: prospectPark.formatted_address, city: 'Brooklyn', latitude: 40.6602, longitude: -73.969 });
  });

  it('keeps an address the host wrote, and "Use my area" puts the activity back at the chosen area', async () => {
    const api = stubApi({
      'GET /geo/suggest/': ok([prospectPark]),
      'POST /activities/create/': { status: 201, body: created },
      [`GET /activities/details/${created.id}/`]: ok(created),
    });
    storeSession(userLogin, { userLocation: JSON.stringify(brooklyn) });
    const { user, pathname } = renderApp('/PostActivities');
    await fillForm(user);
    const address = screen.getByLabelText('Address or meeting point');
    await user.clear(address);
    await user.type(address, 'By the boathouse');
    await user.type(screen.getByRole('combobox', { name: 'Find the place' }), 'prospect');
    await user.click(await screen.findByRole('option', { name: prospectPark.formatted_address }));
    await waitFor(() => expect(screen.getByTestId('activity-point')).toHaveTextContent(`On the map at ${prospectPark.formatted_address}.`));
    expect(address).toHaveValue('By the boathouse');

    await user.click(screen.getByRole('combobox', { name: 'Find the place' }));
    await user.clear(screen.getByRole('combobox', { name: 'Find the place' }));
    await user.click(await screen.findByRole('option', { name: /Use my area/ }));
    expect(screen.getByTestId('activity-point')).toHaveTextContent('On the map at your area, Brooklyn, New York, United States.');
    await user.click(screen.getByRole('button', { name: 'Create activity' }));

    await waitFor(() => expect(pathname()).toBe(`/ActivitiesDetails/${created.id}`));
    const [sent] = api.to('POST /activities/create/');
    expect((sent?.body as { location: unknown }).location).toEqual({ formatted_address: 'By the boathouse', city: 'Brooklyn', latitude: 40.6782, longitude: -73.9442 });
  });

  it('says when no place matches, and when places cannot be searched', async () => {
    stubApi({
      'GET /geo/suggest/': (request) => (request.query.get('q') === 'zzqx' ? ok([]) : refuse(503, 'GEO_UNAVAILABLE', 'The geocoder is not ready.')),
    });
    storeSession(userLogin, { userLocation: JSON.stringify(brooklyn) });
    const { user } = renderApp('/PostActivities');
    const search = await screen.findByRole('combobox', { name: 'Find the place' });
    await user.type(search, 'zzqx');
    expect(await screen.findByText('No places match “zzqx”. Check the spelling, or try a nearby town or use my area.')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'broken');
    expect(await screen.findByText('Places could not be searched just now. Check your connection and try again.')).toBeInTheDocument();
    expect(screen.getByTestId('activity-point')).toHaveTextContent('On the map at your area, Brooklyn, New York, United States.');
  });
});
