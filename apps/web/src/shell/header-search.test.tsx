import type { SearchResponse } from '@localloop/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../test/api-stub.ts';
import { storeSession, userLogin, userProfile } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';
import { vendorCard } from '../test/vendor-fixtures.ts';

const none = { count: 0, count_capped: false, results: [] };
const name = 'Search deals, activities, services and vendors near you';

describe('the search in a signed-in header', () => {
  it('opens under the bar with the focus in the box, finds, and closes with Escape, giving the focus back to Search', async () => {
    storeSession(userLogin);
    const answer: SearchResponse = { q: 'golden', deals: none, activities: none, services: none, vendors: { count: 1, count_capped: false, results: [vendorCard(1, { business_name: 'Golden Crust Bakery' })] } };
    stubApi({ 'GET /profile/': ok(userProfile), 'GET /search/': ok(answer) });
    const { user, pathname } = renderApp('/UserProfile');
    const header = await screen.findByTestId('user-header');
    const open = await within(header).findByRole('button', { name: 'Search' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await user.click(open);
    const panel = within(header).getByRole('search', { name: 'Search LocalLoop' });
    const box = await within(panel).findByRole('combobox', { name });
    await waitFor(() => expect(box).toHaveFocus());
    expect(within(header).getByRole('button', { name: 'Close search' })).toHaveAttribute('aria-expanded', 'true');

    await user.type(box, 'golden');
    expect(await screen.findByRole('option', { name: /Golden Crust Bakery/ })).toBeInTheDocument();
    // The first Escape closes the results, the second the panel.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('option')).not.toBeInTheDocument());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(within(header).queryByRole('search')).not.toBeInTheDocument());
    expect(within(header).getByRole('button', { name: 'Search' })).toHaveFocus();

    // Opened again, a result's page shows without the panel.
    await user.click(within(header).getByRole('button', { name: 'Search' }));
    await user.type(await within(header).findByRole('combobox', { name }), 'golden');
    await user.click(await screen.findByRole('option', { name: /Golden Crust Bakery/ }));
    await waitFor(() => expect(pathname()).toBe(`/vendor/${vendorCard(1).user_id}`));
    expect(within(await screen.findByTestId('user-header')).queryByRole('search')).not.toBeInTheDocument();
  });
});
