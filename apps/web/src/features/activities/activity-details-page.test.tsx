import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, refuse, stubApi } from '../../test/api-stub.ts';
import { activity, participation, participationResult, person } from '../../test/activity-fixtures.ts';
import { storeSession, userLogin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const activityId = activity().id;
const detailsKey = `GET /activities/details/${activityId}/`;
const longName = `Alexandra${'Konstantinopoulou'.repeat(8)}`;

describe('an activity\'s page (/ActivitiesDetails/{activityId})', () => {
  it('shows a visitor the activity with when, where, host, who goes and spots left, and Log in to join', async () => {
    stubApi({ [detailsKey]: ok(activity({ participants: [person(1), person(2, { name: longName })] })) });
    renderApp(`/ActivitiesDetails/${activityId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Morning run in Central Park' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('An easy 5 km loop around the reservoir, all paces welcome.')).toBeInTheDocument();
    expect(screen.getAllByText('Central Park, New York, NY, United States').length).toBeGreaterThan(0);
    expect(screen.getByText(/km from New York/)).toBeInTheDocument();
    expect(screen.getByText('Maya')).toBeInTheDocument();
    const going = screen.getByRole('list', { name: 'Participants' });
    expect(within(going).getAllByRole('listitem')).toHaveLength(2);
    expect(going).toHaveTextContent(longName);
    expect(screen.getByText('3 going')).toBeInTheDocument();
    expect(screen.getByText(/7 spots left/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in to join' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Join' })).not.toBeInTheDocument();
    // No chat room id in the answer: no Chat button.
    expect(screen.queryByRole('link', { name: /Chat/ })).not.toBeInTheDocument();
  });

  it('shows Loading… first, and Not Found for an unknown activity', async () => {
    stubApi({ [detailsKey]: refuse(404, 'NOT_FOUND', 'Unknown activity.') });
    renderApp(`/ActivitiesDetails/${activityId}`);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByRole('heading', { name: 'This activity does not exist' })).toBeInTheDocument();
  });

  it('joins an open activity, then offers Leave', async () => {
    const api = stubApi({
      [detailsKey]: ok(activity()),
      [`POST /activities/${activityId}/join/`]: ok(participationResult({ my_state: 'joined', participant_count: 4, spots_left: 6 })),
    });
    storeSession(userLogin);
    const { user } = renderApp(`/ActivitiesDetails/${activityId}`);
    const join = await screen.findByRole('button', { name: 'Join' });
    api.on(detailsKey, ok(activity({ my_state: 'joined', participant_count: 4, spots_left: 6 })));
    await user.click(join);
    expect(await screen.findByText('You are going to “Morning run in Central Park”.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Leave' })).toBeInTheDocument();
    expect(api.to(`POST /activities/${activityId}/join/`)).toHaveLength(1);

    api.on(`POST /activities/${activityId}/leave/`, ok(participationResult()));
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(api.to(`POST /activities/${activityId}/leave/`)).toHaveLength(1));
  });

  it('asks to join an approval activity, and cancels the request', async () => {
    const api = stubApi({
      [detailsKey]: ok(activity({ join_mode: 'approval' })),
      [`POST /activities/${activityId}/join/`]: ok(participationResult({ my_state: 'requested' })),
      [`POST /activities/${activityId}/leave/`]: ok(participationResult()),
    });
    storeSession(userLogin);
    const { user } = renderApp(`/ActivitiesDetails/${activityId}`);
    const request = await screen.findByRole('button', { name: 'Request to join' });
    api.on(detailsKey, ok(activity({ join_mode: 'approval', my_state: 'requested' })));
    await user.click(request);
    expect(await screen.findByText('Your request is waiting for the host.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel request' }));
    await waitFor(() => expect(api.to(`POST /activities/${activityId}/leave/`)).toHaveLength(1));
    expect(await screen.findByText('Your request is withdrawn.')).toBeInTheDocument();
  });

  it('tells a waitlisted person their position, and shows a refused join\'s message', async () => {
    stubApi({ [detailsKey]: ok(activity({ my_state: 'waitlisted', my_waitlist_position: 2, spots_left: 0, waitlist_count: 3 })) });
    storeSession(userLogin);
    const first = renderApp(`/ActivitiesDetails/${activityId}`);
    expect(await screen.findByText('You are on the waitlist (position 2)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave the waitlist' })).toBeInTheDocument();
    expect(screen.getByText(/Full · 3 waiting/)).toBeInTheDocument();
    first.unmount();

    stubApi({
      [detailsKey]: ok(activity()),
      [`POST /activities/${activityId}/join/`]: refuse(409, 'ACTIVITY_NOT_OPEN', 'This activity is no longer open.'),
    });
    const { user } = renderApp(`/ActivitiesDetails/${activityId}`);
    await user.click(await screen.findByRole('button', { name: 'Join' }));
    expect(await screen.findByText('This activity is no longer open.')).toBeInTheDocument();
  });

  it('gives the host a link to the requests and deactivates after a confirmation', async () => {
    const api = stubApi({
      [detailsKey]: ok(activity({ is_host: true, my_state: 'host', pending: [participation(5)] })),
      [`POST /activities/deactivate/${activityId}/`]: ok(activity({ is_host: true, my_state: 'host', state: 'deactivated' })),
    });
    storeSession(userLogin);
    const { user } = renderApp(`/ActivitiesDetails/${activityId}`);
    expect(await screen.findByRole('link', { name: /Requests and participants/ })).toHaveAttribute('href', `/ActivityRequests/${activityId}`);
    expect(screen.queryByRole('button', { name: 'Join' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate this activity?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.to(`POST /activities/deactivate/${activityId}/`)).toHaveLength(0);

    api.on(detailsKey, ok(activity({ is_host: true, my_state: 'host', state: 'deactivated' })));
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('“Morning run in Central Park” is deactivated. Everyone who joined has been told.')).toBeInTheDocument();
    expect(api.to(`POST /activities/deactivate/${activityId}/`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument());
  });
});
