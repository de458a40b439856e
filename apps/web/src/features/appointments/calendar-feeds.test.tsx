import type { CalendarFeed, CalendarFeeds, Provider } from '@localloop/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, refuse, stubApi } from '../../test/api-stub.ts';
import { storeSession, vendorLogin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const provider: Provider = {
  id: '5e0c0000-0000-4000-8000-0000000000a1',
  vendor_id: vendorLogin.vendor_id ?? '',
  name: 'Marisol Vega',
  bio: '',
  photo_id: null,
  photo: null,
  services: [],
  hours: [],
  uses_vendor_hours: true,
  days_off: [],
  time_zone: 'America/New_York',
  upcoming_bookings: 0,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
};

const feed = (n: number): CalendarFeed => ({
  id: `5e0c0000-0000-4000-8000-0000000000f${n}`,
  // As long as the real ones: the field must hold it without widening the page.
  url: `https://localloop.example/api/calendar/5e0c0000-0000-4000-8000-0000000000f${n}-${'Ab3_'.repeat(10)}xy${n}.ics`,
  created_at: '2026-11-20T10:00:00Z',
});

/** A stub of the three feed endpoints over one shop: the shop's link and Marisol's, as the server would keep them. */
function feedsApi(initial: { shop: CalendarFeed | null; provider: CalendarFeed | null }) {
  let state = { ...initial };
  let next = 5;
  const answer = (): CalendarFeeds => ({ shop: state.shop, providers: [{ provider: { id: provider.id, name: provider.name }, feed: state.provider }] });
  const api = stubApi({
    'GET /appointments/get-providers/': ok([provider]),
    'GET /appointments/calendar-feeds/': () => ok(answer()),
    'POST /appointments/calendar-feeds/': (request) => {
      const made = feed(next++);
      const { provider_id: providerId } = request.body as { provider_id: string | null };
      state = providerId === null ? { ...state, shop: made } : { ...state, provider: made };
      return { status: 201, body: made };
    },
  });
  for (const id of [initial.shop?.id, initial.provider?.id]) {
    if (!id) continue;
    api.on(`DELETE /appointments/calendar-feeds/${id}/`, () => {
      state = { shop: state.shop?.id === id ? null : state.shop, provider: state.provider?.id === id ? null : state.provider };
      return ok({ message: 'The calendar link is turned off. Calendars subscribed to it no longer get your bookings.' });
    });
  }
  return api;
}

describe('calendar feeds on my providers (/vendor/providers)', () => {
  it('makes a provider\'s link, shows it in a read-only field and copies it', async () => {
    const api = feedsApi({ shop: null, provider: null });
    storeSession(vendorLogin);
    const { user } = renderApp('/vendor/providers');
    const section = within(await screen.findByRole('region', { name: 'Calendar feeds' }));
    expect(section.getByText('Subscribe from Google Calendar or Apple Calendar. Anyone with the link can see these bookings.')).toBeInTheDocument();
    expect(await section.findByRole('button', { name: 'Make a calendar link for the whole shop' })).toBeInTheDocument();

    await user.click(section.getByRole('button', { name: 'Make a calendar link for Marisol Vega' }));
    expect(api.to('POST /appointments/calendar-feeds/')[0]?.body).toEqual({ provider_id: provider.id });
    const field = await section.findByLabelText('Calendar link for Marisol Vega');
    expect(field).toHaveValue(feed(5).url);
    expect(field).toHaveAttribute('readonly');
    expect(field).toHaveClass('min-w-0');
    // The shop's link is still off.
    expect(section.getByRole('button', { name: 'Make a calendar link for the whole shop' })).toBeInTheDocument();

    await user.click(section.getByRole('button', { name: 'Copy the link for Marisol Vega' }));
    expect(await navigator.clipboard.readText()).toBe(feed(5).url);
    expect(await screen.findByText('Link copied.')).toBeInTheDocument();
  });

  it('resets a link after saying the old one stops working', async () => {
    const api = feedsApi({ shop: feed(1), provider: null });
    storeSession(vendorLogin);
    const { user } = renderApp('/vendor/providers');
    const section = within(await screen.findByRole('region', { name: 'Calendar feeds' }));
    expect(await section.findByLabelText('Calendar link for the whole shop')).toHaveValue(feed(1).url);

    await user.click(section.getByRole('button', { name: 'Reset link for the whole shop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset the calendar link for the whole shop?' });
    expect(dialog).toHaveTextContent('The old link stops working');
    await user.click(within(dialog).getByRole('button', { name: 'Reset link' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.to('POST /appointments/calendar-feeds/')[0]?.body).toEqual({ provider_id: null });
    await waitFor(() => expect(section.getByLabelText('Calendar link for the whole shop')).toHaveValue(feed(5).url));
  });

  it('turns a link off after asking, and offers to make one again', async () => {
    const api = feedsApi({ shop: null, provider: feed(2) });
    storeSession(vendorLogin);
    const { user } = renderApp('/vendor/providers');
    const section = within(await screen.findByRole('region', { name: 'Calendar feeds' }));
    await user.click(await section.findByRole('button', { name: 'Turn off the link for Marisol Vega' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off the calendar link for Marisol Vega?' });
    await user.click(within(dialog).getByRole('button', { name: 'Turn off link' }));
    expect(await screen.findByText(/The calendar link is turned off/)).toBeInTheDocument();
    expect(api.to(`DELETE /appointments/calendar-feeds/${feed(2).id}/`)).toHaveLength(1);
    expect(await section.findByRole('button', { name: 'Make a calendar link for Marisol Vega' })).toBeInTheDocument();
    expect(section.queryByLabelText('Calendar link for Marisol Vega')).not.toBeInTheDocument();
  });

  it('keeps the dialog open with the server\'s reason when turning off fails', async () => {
    const api = feedsApi({ shop: feed(1), provider: null });
    api.on(`DELETE /appointments/calendar-feeds/${feed(1).id}/`, refuse(404, 'NOT_FOUND', 'That calendar link was not found.'));
    storeSession(vendorLogin);
    const { user } = renderApp('/vendor/providers');
    const section = within(await screen.findByRole('region', { name: 'Calendar feeds' }));
    await user.click(await section.findByRole('button', { name: 'Turn off the link for the whole shop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off the calendar link for the whole shop?' });
    await user.click(within(dialog).getByRole('button', { name: 'Turn off link' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That calendar link was not found.');
  });
});
