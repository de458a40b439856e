import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, refuse, stubApi } from '../../test/api-stub.ts';
import { activity, participation, participationResult, person } from '../../test/activity-fixtures.ts';
import { storeSession, userLogin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const activityId = activity().id;
const detailsKey = `GET /activities/details/${activityId}/`;
const decideKey = `POST /activity/confirm-reject/participation/${activityId}/`;
const removeKey = `POST /activity/remove/participant/${activityId}/`;
const longName = `Bartholomew${'Featherstonehaugh'.repeat(8)}`;

const hosted = activity({
  is_host: true,
  my_state: 'host',
  join_mode: 'approval',
  capacity: 3,
  spots_left: 0,
  participants: [person(1), person(2), person(3, { name: longName })],
  pending: [
    participation(4, { status: 'requested' }),
    participation(5, { status: 'requested' }),
    participation(7, { status: 'waitlisted', waitlist_position: 2 }),
    participation(6, { status: 'waitlisted', waitlist_position: 1 }),
  ],
});

describe('an activity\'s requests (/ActivityRequests/{activityId})', () => {
  it('shows the host the requests, the participants and the waitlist in order', async () => {
    stubApi({ [detailsKey]: ok(hosted) });
    storeSession(userLogin);
    renderApp(`/ActivityRequests/${activityId}`);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByRole('heading', { level: 1, name: 'Activity Requests' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const requests = await screen.findByRole('list', { name: 'Requests to join' });
    expect(within(requests).getAllByRole('listitem')).toHaveLength(2);
    expect(within(requests).getByRole('button', { name: 'Accept Person 4' })).toBeInTheDocument();
    const participants = screen.getByRole('list', { name: 'Participants' });
    expect(participants).toHaveTextContent(longName);
    expect(within(participants).getAllByRole('button', { name: /^Remove/ })).toHaveLength(3);
    const waitlist = screen.getByRole('list', { name: 'Waitlist' });
    expect(within(waitlist).getAllByRole('listitem').map((li) => li.textContent)).toEqual([expect.stringContaining('Person 6Position 1'), expect.stringContaining('Person 7Position 2')]);
    expect(screen.getByRole('link', { name: 'Back to the activity' })).toHaveAttribute('href', `/ActivitiesDetails/${activityId}`);
  });

  it('accepts and rejects a request by the person\'s id', async () => {
    const api = stubApi({
      [detailsKey]: ok(hosted),
      [decideKey]: (request) => ok(participationResult({ participation: participation(4, { status: (request.body as { action: string }).action === 'accept' ? 'joined' : 'rejected' }) })),
    });
    storeSession(userLogin);
    const { user } = renderApp(`/ActivityRequests/${activityId}`);
    await user.click(await screen.findByRole('button', { name: 'Accept Person 4' }));
    expect(await screen.findByText('Person 4 is going.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reject Person 5' }));
    expect(await screen.findByText('Person 5\'s request is rejected.')).toBeInTheDocument();
    expect(api.to(decideKey).map((r) => r.body)).toEqual([
      { user_id: person(4).id, action: 'accept' },
      { user_id: person(5).id, action: 'reject' },
    ]);
  });

  it('removes a participant with an optional reason, and shows a refusal in the dialog', async () => {
    const api = stubApi({ [detailsKey]: ok(hosted), [removeKey]: refuse(409, 'CONFLICT', 'This person is no longer a participant.') });
    storeSession(userLogin);
    const { user } = renderApp(`/ActivityRequests/${activityId}`);
    await user.click(await screen.findByRole('button', { name: 'Remove Person 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Person 2?' });
    await user.type(within(dialog).getByLabelText(/Reason/), 'Did not come twice.');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText('This person is no longer a participant.')).toBeInTheDocument();

    api.on(removeKey, ok(participationResult()));
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Person 2 is removed and has been told.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.to(removeKey).at(-1)?.body).toEqual({ user_id: person(2).id, reason: 'Did not come twice.' });
  });

  it('tells someone who is not the host that the page is the host\'s', async () => {
    stubApi({ [detailsKey]: ok(activity()) });
    storeSession(userLogin);
    renderApp(`/ActivityRequests/${activityId}`);
    expect(await screen.findByRole('heading', { name: 'Only the host answers requests' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Requests to join' })).not.toBeInTheDocument();
  });
});
