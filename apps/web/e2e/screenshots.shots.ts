// The README's pictures: the main pages at a phone's and a laptop's width, as a visitor, a customer, a vendor and an
// operator see them on the demo data. Not a test (npm test never runs it): `npm run screenshots` writes
// docs/screenshots/*.png with the built app. Each page waits for what it shows, so a picture is never a spinner.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, mapTiles } from './fixtures.ts';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/screenshots');
mkdirSync(out, { recursive: true });

const widths = { phone: { width: 412, height: 915 }, laptop: { width: 1366, height: 900 } } as const;
type Width = keyof typeof widths;

// Near Union Square: the demo vendors are around New York.
const newYork = { city: 'New York', state: 'New York', latitude: 40.7359, longitude: -73.9911, country: 'United States', area: 'Manhattan', formattedAddress: 'Manhattan, New York, United States' };

async function logIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** Opens `url`, waits for its h1 and for pictures and fonts to settle, and saves `<name>-<width>.png`. */
async function shoot(page: Page, width: Width, name: string, url: string | null, ready?: (page: Page) => Promise<void>) {
  if (url) await page.goto(url);
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 20_000 });
  if (ready) await ready(page);
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    await document.fonts.ready;
    const pending = [...document.images].filter((image) => image.loading !== 'lazy' || image.getBoundingClientRect().top < innerHeight);
    const settled = (image: HTMLImageElement) =>
      new Promise((done) => {
        image.addEventListener('load', done, { once: true });
        image.addEventListener('error', done, { once: true });
      });
    await Promise.all(pending.map((image) => (image.complete ? null : settled(image))));
  });
  // Toasts come and go: a picture of the page, not of a passing message.
  await page.evaluate(() => document.getElementById('toasts')?.style.setProperty('visibility', 'hidden'));
  await page.screenshot({ path: path.join(out, `${name}-${width}.png`) });
}

for (const width of Object.keys(widths) as Width[]) {
  test.describe(`at ${width} width`, () => {
    test.use({ viewport: widths[width], geolocation: { latitude: newYork.latitude, longitude: newYork.longitude }, permissions: ['geolocation'] });
    test.beforeEach(async ({ page }) => {
      // The map tiles are out of reach offline: the vendor page shows its address card instead.
      await page.route(mapTiles, (route) => route.abort());
      await page.addInitScript((location) => {
        if (!localStorage.getItem('userLocation')) localStorage.setItem('userLocation', JSON.stringify(location));
      }, newYork);
    });

    test('a visitor', async ({ page }) => {
      await shoot(page, width, 'landing', '/', (p) => expect(p.getByText(/km away/).first()).toBeVisible());
      await shoot(page, width, 'vendors', '/Vendor', (p) => expect(p.getByText(/vendors? within/)).toBeVisible());
      await page.goto('/Vendor?sort=rating');
      await page.locator('main a[href^="/vendor/"]').first().click();
      await shoot(page, width, 'vendor-page', null, (p) => expect(p.getByRole('heading', { level: 2 }).first()).toBeVisible());
      await shoot(page, width, 'login', '/login');
    });

    test('a customer', async ({ page }) => {
      await logIn(page, 'user@example.com');
      await shoot(page, width, 'favorites', '/Favorite');
      await shoot(page, width, 'deals', '/PopularDeals', (p) => expect(p.getByText(/deals? within/)).toBeVisible());
      await shoot(page, width, 'my-orders', '/mypurchasedeal', (p) => expect(p.getByRole('img', { name: /^QR code for / }).first()).toBeVisible());
      await page.getByRole('button', { name: /notifications/i }).first().click();
      await shoot(page, width, 'notifications', null, (p) => expect(p.getByRole('dialog', { name: 'Notifications' })).toBeVisible());
    });

    test('a vendor', async ({ page }) => {
      await logIn(page, 'vendor@example.com');
      await shoot(page, width, 'vendor-dashboard', '/vendor/dashboard');
      await shoot(page, width, 'vendor-profile', '/BasicInfo');
      await shoot(page, width, 'my-sales', '/mySalesDeal', (p) => expect(p.getByRole('heading', { name: 'Per deal' })).toBeVisible());
    });

    test('an operator', async ({ page }) => {
      await logIn(page, 'admin@example.com');
      await page.goto('/admin');
      await page.getByText('Brooklyn Bike Repair').first().click();
      await shoot(page, width, 'operator-review', null, (p) => expect(p.getByText('pending@example.com').last()).toBeVisible());
    });
  });
}
