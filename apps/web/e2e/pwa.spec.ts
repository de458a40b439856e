import type { Page } from '@playwright/test';
import { expect, logIn, test } from './fixtures.ts';

// The installable app (docs/decisions/0023): the other specs run with service workers blocked (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

type Manifest = {
  name: string;
  short_name: string;
  description: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
};

/** Opens / and waits until the service worker has installed (the shell is precached) and controls the page. */
async function openControlled(page: Page) {
  await page.goto('/');
  const script = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  expect(script).toMatch(/\/sw\.js$/);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Every URL held in Cache Storage, by cache. */
function cachedUrls(page: Page) {
  return page.evaluate(async () => {
    const entries: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) entries.push(`${name} ${new URL(request.url).pathname}`);
    }
    return entries;
  });
}

test.describe('the installable app', () => {
  test('serves a valid web app manifest, linked from the page, whose icons are images', async ({ page, request }) => {
    await page.goto('/');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    const response = await request.get('/manifest.webmanifest');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as Manifest;
    expect(manifest).toMatchObject({
      name: 'LocalLoop',
      short_name: 'LocalLoop',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0f766e',
      background_color: '#ffffff',
    });
    expect(manifest.description).toContain('local businesses');
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`)).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
    const appleTouchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    for (const src of [...manifest.icons.map((icon) => icon.src), appleTouchIcon ?? 'missing']) {
      const icon = await request.get(src);
      expect(icon.status(), src).toBe(200);
      expect(icon.headers()['content-type'], src).toMatch(/^image\//);
    }
  });

  test('registers a service worker that controls the page, revalidated by the browser', async ({ page, request }) => {
    await openControlled(page);
    const worker = await request.get('/sw.js');
    expect(worker.headers()['content-type']).toMatch(/javascript/);
    expect(worker.headers()['cache-control']).toBe('no-cache');
    // The shell is precached: the page, its chunks and the icons.
    const cached = await cachedUrls(page);
    expect(cached.some((entry) => entry.endsWith(' /index.html'))).toBe(true);
    expect(cached.some((entry) => /\/assets\/index-[\w-]+\.js$/.test(entry))).toBe(true);
  });

  test('opens offline: the shell, the pages already built in, and "You are offline" until the connection is back', async ({
    page,
    context,
    consoleErrors,
  }) => {
    await openControlled(page);
    await expect(page.getByTestId('offline-banner')).toBeEmpty();

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('public-header')).toBeVisible();
    await expect(page.getByTestId('site-footer')).toBeVisible();
    await expect(page.getByTestId('offline-banner')).toContainText('You are offline.');
    // A deep link, never opened online, still opens: the navigation gets the precached shell, the page its chunk.
    await page.goto('/appDownload');
    await expect(page.getByRole('heading', { level: 1, name: 'Get the App' })).toBeVisible();
    await expect(page.getByTestId('offline-banner')).toContainText('You are offline.');
    // The API is never answered from a cache: offline, it fails as the network does.
    const apiStatus = await page.evaluate(() =>
      fetch('/api/health').then(
        (response) => response.status,
        () => 'network error',
      ),
    );
    expect(apiStatus).toBe('network error');

    await context.setOffline(false);
    await expect(page.getByTestId('offline-banner')).toBeEmpty();
    // What the browser reported while offline (failed API calls, the failed fetch above) is expected here.
    const unexpected = consoleErrors.filter((error) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch/.test(error));
    consoleErrors.splice(0, consoleErrors.length, ...unexpected);
  });

  test('keeps no API answer in Cache Storage after a signed-in session, nor after logging out', async ({ page }) => {
    await openControlled(page);
    await logIn(page, 'user@example.com');
    await expect(page).toHaveURL(/\/LocalActivities$/);
    for (const path of ['/PopularDeals', '/mypurchasedeal', '/customer/bookings', '/UserProfile']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    const afterSession = await cachedUrls(page);
    expect(afterSession.length).toBeGreaterThan(0);
    expect(afterSession.filter((entry) => / \/(api|media)\//.test(entry))).toEqual([]);
    // Only the precache: no cache of the worker's or the page's own holds what the person saw.
    expect(new Set(afterSession.map((entry) => entry.split(' ')[0]))).toEqual(new Set([expect.stringMatching(/^workbox-precache-/)]));

    await page.getByTestId('user-header').getByRole('button', { name: /profile|account/i }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    const afterLogout = await cachedUrls(page);
    expect(afterLogout.filter((entry) => / \/(api|media)\//.test(entry))).toEqual([]);
  });
});
