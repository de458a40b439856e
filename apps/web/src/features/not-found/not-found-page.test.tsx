import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../test/api-stub.ts';
import { storeSession, vendorLogin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

function placesOnPage(): [string, string][] {
  const list = screen.getByRole('list', { name: 'Try one of these instead' });
  return within(list)
    .getAllByRole('link')
    .map((link) => [within(link).getByText(/./, { selector: '.font-semibold' }).textContent, link.getAttribute('href') ?? '']);
}

describe('the not-found page', () => {
  it('names the address that was not found and offers a visitor the main places', async () => {
    renderApp('/no/such/caf%C3%A9?x=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('/no/such/café?x=1')).toBeInTheDocument();
    expect(placesOnPage()).toEqual([
      ['Browse Activities', '/LocalActivities'],
      ['Explore Deals', '/PopularDeals'],
      ['Find Vendors', '/vendor'],
      ['Home', '/'],
    ]);
  });

  it('offers a vendor its own pages, as the public lists would send it to its dashboard', async () => {
    stubApi();
    storeSession(vendorLogin);
    renderApp('/NoSuchThing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(placesOnPage()).toEqual([
      ['Vendor Dashboard', '/vendor/dashboard'],
      ['My Created Deals', '/MyDeals'],
      ['My Services', '/vendor/services'],
      ['Home', '/'],
    ]);
  });
});
