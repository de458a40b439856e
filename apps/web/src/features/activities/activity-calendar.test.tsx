import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok, stubApi } from '../../test/api-stub.ts';
import { activity } from '../../test/activity-fixtures.ts';
import { storeSession, userLogin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const activityId = activity().id;
const detailsKey = `GET /activities/details/${activityId}/`;
const icsKey = `GET /activities/details/${activityId}/ics/`;

describe('Add to calendar on an activity\'s page', () => {
  it('saves the activity as an .ics file for a joined person', async () => {
    const api = stubApi({ [detailsKey]: ok(activity({ my_state: 'joined' })), [icsKey]: ok('BEGIN:VCALENDAR') });
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/ics');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    storeSession(userLogin);
    const { user } = renderApp(`/ActivitiesDetails/${activityId}`);
    await user.click(await screen.findByRole('button', { name: 'Add to calendar' }));
    await waitFor(() => expect(clicked).toEqual(['activity-2099-12-05.ics']));
    expect(api.to(icsKey)).toHaveLength(1);
    expect((createObjectURL.mock.calls[0]?.[0] as Blob).type).toBe('text/calendar');
  });

  it('offers it to the host too, and not to a visitor, someone waitlisted or a deactivated activity\'s people', async () => {
    stubApi({ [detailsKey]: ok(activity({ my_state: 'host', is_host: true })) });
    storeSession(userLogin);
    const host = renderApp(`/ActivitiesDetails/${activityId}`);
    expect(await screen.findByRole('button', { name: 'Add to calendar' })).toBeInTheDocument();
    host.unmount();

    for (const over of [{ my_state: 'none' as const }, { my_state: 'waitlisted' as const, my_waitlist_position: 1 }, { my_state: 'joined' as const, state: 'deactivated' as const }]) {
      stubApi({ [detailsKey]: ok(activity(over)) });
      const page = renderApp(`/ActivitiesDetails/${activityId}`);
      expect(await screen.findByRole('heading', { level: 1, name: 'Morning run in Central Park' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Add to calendar' })).not.toBeInTheDocument();
      page.unmount();
    }
  });
});
