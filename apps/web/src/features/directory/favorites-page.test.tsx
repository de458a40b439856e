import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, refuse, stubApi } from '../../test/api-stub.ts';
import { storeSession, userLogin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { vendorCard } from '../../test/vendor-fixtures.ts';

const favoritesKey = 'GET /vendor/favorites/';
const saved = [vendorCard(1, { business_name: 'Hudson Bakery', is_favorite: true }), vendorCard(2, { business_name: 'Pier Yoga', is_favorite: true })];

async function openFavorites() {
  storeSession(userLogin);
  const app = renderApp('/Favorite');
  await screen.findByRole('heading', { level: 1, name: 'Favorite Vendors' });
  return app;
}

describe('favorite vendors (/Favorite)', () => {
  it('lists the user\'s favorite vendors as cards', async () => {
    stubApi({ [favoritesKey]: ok(saved) });
    await openFavorites();
    const cards = await screen.findAllByTestId('vendor-card');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Hudson Bakery', 'Pier Yoga']);
    expect(screen.getByRole('status')).toHaveTextContent('2 vendors');
  });

  it('takes a vendor off the list when its heart is taken away', async () => {
    let list = saved;
    const api = stubApi({ [favoritesKey]: () => ok(list) });
    api.on(`POST /vendor/${saved[0]?.id ?? ''}/favorite/`, () => {
      list = saved.slice(1);
      return ok({ is_favorite: false, favorites_count: 3 });
    });
    const { user } = await openFavorites();
    await user.click(await screen.findByRole('button', { name: 'Save Hudson Bakery to favorites', pressed: true }));
    await waitFor(() => expect(screen.getAllByTestId('vendor-card')).toHaveLength(1));
    expect(screen.queryByText('Hudson Bakery')).not.toBeInTheDocument();
    expect(api.to(`POST /vendor/${saved[0]?.id ?? ''}/favorite/`)).toHaveLength(1);
  });

  it('brings the card back when the server refuses', async () => {
    const api = stubApi({ [favoritesKey]: ok(saved) });
    api.on(`POST /vendor/${saved[0]?.id ?? ''}/favorite/`, refuse(500, 'INTERNAL', 'Something went wrong on our side.'));
    const { user } = await openFavorites();
    await user.click(await screen.findByRole('button', { name: 'Save Hudson Bakery to favorites', pressed: true }));
    expect(await screen.findByText(/We could not remove Hudson Bakery from your favorites/)).toBeInTheDocument();
    expect(screen.getAllByTestId('vendor-card')).toHaveLength(2);
  });

  it('points to the directory when there are none', async () => {
    stubApi({ [favoritesKey]: ok([]) });
    await openFavorites();
    expect(await screen.findByRole('heading', { name: 'No favorite vendors yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse vendors' })).toHaveAttribute('href', '/VendorList');
  });
});
