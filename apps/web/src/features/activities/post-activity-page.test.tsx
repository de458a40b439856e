import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, refuse, stubApi } from '../../test/api-stub.ts';
import { activity } from '../../test/activity-fixtures.ts';
import { storeSession, userLogin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const brooklyn = { city: 'Brooklyn', state: 'New York', latitude: 40.6782, longitude: -73.9442, country: 'United States', area: '', formattedAddress: 'Brooklyn, New York, United States' };
const created = activity({ title: 'Board games at the library', is_host: true, my_state: 'host' });

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
});
