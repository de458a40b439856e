import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { config } from '../config.ts';
import { storeSession, userLogin, vendorLogin } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';

async function openFooter(path = '/') {
  const app = renderApp(path);
  const footer = await screen.findByTestId('site-footer');
  return { ...app, footer: within(footer) };
}

describe('footer', () => {
  it('describes the product and shows the 2025 copyright', async () => {
    const { footer } = await openFooter();
    expect(footer.getByText('LocalLoop connects people with local businesses, deals and community activities.')).toBeInTheDocument();
    expect(footer.getByText('© 2025 LocalLoop. All rights reserved.')).toBeInTheDocument();
  });

  it('links every quick, vendor and support link to its spec target', async () => {
    const { footer } = await openFooter();
    const expected: [string, string][] = [
      ['Browse Activities', '/LocalActivities'],
      ['Explore Deals', '/PopularDeals'],
      ['Find Vendors', '/Vendor'],
      ['Services', '/services/browse'],
      ['About Us', '/'],
      ['Join as Vendor', '/login'],
      ['Vendor Dashboard', '/vendor/dashboard'],
      ['Create Deals', '/vendor/deal/add'],
      ['Analytics', '/vendor/dashboard'],
      ['Vendor Support', '/ContactSupport'],
      ['Help Center', '/'],
      ['FAQs', '/'],
      ['Contact Us', '/'],
      ['Terms of Service', '/'],
      ['Privacy Policy', '/'],
    ];
    for (const [name, href] of expected) {
      expect(footer.getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });

  it('links the iOS and Android app badges to the configured store pages, the web app to /appDownload, and has social profile links', async () => {
    const { footer } = await openFooter();
    expect(footer.getByRole('link', { name: /App Store \(iOS\)/ })).toHaveAttribute('href', config.iosAppUrl);
    expect(footer.getByRole('link', { name: /Google Play \(Android\)/ })).toHaveAttribute('href', config.androidAppUrl);
    expect(footer.getByRole('link', { name: 'Install the web app' })).toHaveAttribute('href', '/appDownload');
    for (const name of ['Facebook', 'Instagram', 'X (Twitter)', 'LinkedIn']) {
      expect(footer.getByRole('link', { name })).toHaveAttribute('target', '_blank');
    }
  });

  it('tells a visitor to log in and stays put when a protected link is clicked', async () => {
    const { footer, user, pathname } = await openFooter('/PopularDeals');
    await user.click(footer.getByRole('link', { name: 'Vendor Dashboard' }));
    expect(await screen.findByText('Please log in to perform this action.')).toBeInTheDocument();
    expect(pathname()).toBe('/PopularDeals');
    // Clicked again while it shows, the toast stays one.
    await user.click(footer.getByRole('link', { name: 'Vendor Dashboard' }));
    await user.click(footer.getByRole('link', { name: 'Create Deals' }));
    expect(screen.getAllByText('Please log in to perform this action.')).toHaveLength(1);
  });

  it('tells a user the link needs a vendor login', async () => {
    storeSession(userLogin);
    const { footer, user, pathname } = await openFooter('/LocalActivities');
    await user.click(footer.getByRole('link', { name: 'Create Deals' }));
    expect(await screen.findByText('Please log in as a vendor to perform this action.')).toBeInTheDocument();
    expect(pathname()).toBe('/LocalActivities');
  });

  it('tells a vendor that Services needs a user login', async () => {
    storeSession(vendorLogin);
    const { footer, user, pathname } = await openFooter('/vendor/dashboard');
    await user.click(footer.getByRole('link', { name: 'Services' }));
    expect(await screen.findByText('Please log in as a user to perform this action.')).toBeInTheDocument();
    expect(pathname()).toBe('/vendor/dashboard');
  });

  it('follows a protected link for the right role', async () => {
    storeSession(vendorLogin);
    const { footer, user, pathname } = await openFooter('/vendor/services');
    await user.click(footer.getByRole('link', { name: 'Vendor Support' }));
    expect(await screen.findByRole('heading', { name: 'Help & Support' })).toBeInTheDocument();
    expect(pathname()).toBe('/ContactSupport');
  });

  it('follows an open link without any check', async () => {
    const { footer, user, pathname } = await openFooter('/');
    await user.click(footer.getByRole('link', { name: 'Explore Deals' }));
    expect(await screen.findByRole('heading', { name: 'Popular Deals' })).toBeInTheDocument();
    expect(pathname()).toBe('/PopularDeals');
  });
});
