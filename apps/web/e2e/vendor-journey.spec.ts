import type { APIRequestContext, Page } from '@playwright/test';
import { countOpenSockets, expect, expectOpenSockets, logIn, mapTiles, newPerson, onePixelPng as png, signUpByApi, test, type Person } from './fixtures.ts';

// The vendor journey of issue 11: the KYC submitted screen and its one toast, a rejection that points at a step, the
// vendor page's map when its tiles cannot load, and a vendor previewing its own page.


/** Every toast the page shows from now on, by its text (a toast that came and went is counted too). */
async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { toasts: string[] }).toasts = seen;
    new MutationObserver((changes) => {
      for (const change of changes) {
        for (const node of change.addedNodes) {
          if (!(node instanceof HTMLElement)) continue;
          const added = node.matches('.Toastify__toast') ? [node] : [...node.querySelectorAll('.Toastify__toast')];
          for (const toast of added) seen.push(toast.textContent ?? '');
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}
const toastsSoFar = (page: Page) => page.evaluate(() => [...(window as unknown as { toasts: string[] }).toasts]);

type Api = { request: APIRequestContext; access: string };

async function apiSession(request: APIRequestContext, person: Person): Promise<Api> {
  const login = await request.post('/api/login/v2/', { data: { email: person.email, password: person.password } });
  expect(login.status()).toBe(200);
  return { request, access: ((await login.json()) as { access: string }).access };
}

/** KYC steps 1 to 4 through the API (the pages themselves are other tests' business), and step 5 unless told not to. */
async function fillKycByApi({ request, access }: Api, person: Person, business: string, { address = true } = {}) {
  const headers = { authorization: `Bearer ${access}` };
  const ok = async (answer: Promise<{ status(): number; text(): Promise<string> }>) => {
    const response = await answer;
    expect(response.status(), await response.text()).toBeLessThan(300);
  };
  await ok(
    request.put('/api/vendor/me/basic-info/', {
      headers,
      data: { business_name: business, category: 'Food & Drink', description: 'Bread and pastries.', logo: null, contact_email: person.email, contact_phone: person.phone },
    }),
  );
  await ok(request.post('/api/vendor/me/documents/', { headers, multipart: { kind: 'identity', file: { name: 'passport.png', mimeType: 'image/png', buffer: png } } }));
  await ok(request.put('/api/vendor/me/bank-details/', { headers, data: { account_holder: business, bank_name: 'Deutsche Test Bank', iban: 'DE89 3704 0044 0532 0130 00' } }));
  await ok(
    request.put('/api/vendor/me/service-time/', { headers, data: { time_zone: 'America/New_York', time_zone_auto: true, hours: [{ weekday: 1, opens: '09:00', closes: '17:00' }] } }),
  );
  if (address) {
    await ok(
      request.post('/api/vendor/me/addresses/', {
        headers,
        data: { line1: '12 Water Street', city: 'New York', state: 'New York', country: 'United States', latitude: 40.7033, longitude: -74.0112 },
      }),
    );
  }
}

async function newApplicant(request: APIRequestContext, label: string, options?: { address?: boolean }) {
  const person = newPerson(label);
  const business = `Journey Bakery ${person.username.slice(-6)}`;
  await signUpByApi(request, person);
  const api = await apiSession(request, person);
  await fillKycByApi(api, person, business, options);
  return { person, business, api };
}

test.describe('the KYC journey', () => {
  test.use({ geolocation: { latitude: 40.7033, longitude: -74.0112 }, permissions: ['geolocation'] });

  test('the last step places the address with a pin, and submitting shows "submitted — what happens next" with one toast', async ({ page, request }) => {
    test.setTimeout(120_000);
    const { person, business } = await newApplicant(request, 'submit', { address: false });
    await recordToasts(page);
    await countOpenSockets(page);
    await logIn(page, person.email, person.password);
    await expect(page).toHaveURL(/\/LocalActivities$/);

    await page.goto('/AddAddress');
    await expect(page.getByRole('heading', { level: 1, name: 'Addresses' })).toBeVisible();
    await expect(page.getByLabel('Latitude')).toHaveCount(0);
    await page.getByLabel('Find the place').fill('new york');
    await page.getByRole('option').first().click({ timeout: 20_000 });
    await expect(page.getByLabel('City')).toHaveValue(/New York/);
    const position = page.getByTestId('pin-position');
    await expect(position).toContainText('Pin at 40.7');
    const before = await position.textContent();
    // The pin, with the keyboard: Tab to it, then the arrow keys.
    const pin = page.getByRole('button', { name: /^Address pin/ });
    await pin.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    await expect(position).not.toHaveText(before ?? '');
    await expect(page.getByTestId('pin-time-zone')).toContainText('Time zone here: New York (Eastern');
    await page.getByLabel('Street and number').fill('12 Water Street');
    await page.getByRole('button', { name: 'Add address' }).click();
    await expect(page.getByText('Address added.')).toBeVisible();
    await expect.poll(() => toastsSoFar(page)).toContain('Address added.');

    await expectOpenSockets(page);
    const toastsBefore = (await toastsSoFar(page)).length;
    // The server's notification of the submit is pushed to this page, which refetches its notifications then.
    const pushed = page.waitForRequest((r) => r.method() === 'GET' && new URL(r.url()).pathname === '/api/notifications/');
    await page.getByRole('button', { name: 'Submit for review' }).click();

    const submitted = page.getByRole('region', { name: 'Application submitted' });
    await expect(submitted).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Application submitted' })).toBeFocused();
    await expect(submitted).toContainText(`Thanks, ${business} is now waiting for review.`);
    await expect(submitted.getByRole('listitem')).toHaveText([
      /The marketplace team checks your application/,
      /We let you know/,
      /Your shop goes live/,
    ]);
    await expect(page.getByRole('link', { name: 'Explore LocalLoop meanwhile' })).toBeVisible();
    // One action, one answer: the screen. The push about it (decided on arrival, before the refetch) lights the bell
    // without a toast over the screen.
    await pushed;
    expect((await toastsSoFar(page)).slice(toastsBefore)).toEqual([]);

    await submitted.getByRole('button', { name: 'Back to your application' }).click();
    await expect(page.getByTestId('kyc-status')).toContainText('Your application is under review');
  });

  test('an operator rejects choosing the step to fix, and the vendor\'s stepper marks it at once', async ({ page, browser, request }) => {
    test.setTimeout(120_000);
    const { person, business, api } = await newApplicant(request, 'reject');
    const submitted = await request.post('/api/vendor/me/submit/', { headers: { authorization: `Bearer ${api.access}` } });
    expect(submitted.status()).toBe(200);

    await countOpenSockets(page);
    await logIn(page, person.email, person.password);
    await expect(page).toHaveURL(/\/LocalActivities$/);
    await page.goto('/BankDetails');
    await expect(page.getByTestId('kyc-status')).toContainText('Your application is under review');
    await expectOpenSockets(page);

    const operatorContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const operator = await operatorContext.newPage();
    await logIn(operator, 'admin@example.com');
    await expect(operator).not.toHaveURL(/\/login$/);
    await operator.goto('/admin');
    await operator.getByRole('list', { name: 'Vendors' }).getByRole('link', { name: new RegExp(business) }).click();
    await operator.getByRole('group', { name: 'Decisions' }).getByRole('button', { name: 'Reject' }).click();
    const dialog = operator.getByRole('dialog', { name: `Reject ${business}?` });
    await dialog.getByLabel('Reason for the vendor').fill('The passport photo is too small to read.');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(dialog.getByText('Choose at least one step for the vendor to fix.')).toBeVisible();
    await dialog.getByRole('group', { name: 'Steps the vendor must fix' }).getByRole('checkbox', { name: 'Documents' }).check();
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(operator.getByText(`${business} is rejected. The owner has been told why.`)).toBeVisible();
    await expect(operator.getByText('To fix: Documents').first()).toBeVisible();
    await operatorContext.close();

    // Pushed: without a reload, the banner says why and which step, and the stepper marks that step.
    const banner = page.getByRole('main').getByRole('alert').filter({ hasText: 'Your application was not approved' });
    await expect(banner).toContainText('The passport photo is too small to read.', { timeout: 15_000 });
    await expect(banner.getByRole('list', { name: 'Steps to fix' }).getByRole('link')).toHaveText(['Documents']);
    const stepper = page.getByRole('navigation', { name: 'Vendor sign-up steps' });
    // (Chromium reads a space before the screen-reader text: "Documents , step 2 …".)
    await expect(stepper.getByRole('link', { name: /^Documents ?, step 2 of 5, needs changes$/ })).toBeVisible();
    await expect(stepper.getByTestId('fix-documents')).toHaveText('Fix this');
    await expect(stepper.getByRole('link', { name: /^Bank details ?, step 3 of 5, complete$/ })).toBeVisible();
    await banner.getByRole('link', { name: 'Documents' }).click();
    await expect(page).toHaveURL(/\/VendorDocument$/);
    await expect(page.getByRole('navigation', { name: 'Vendor sign-up steps' }).getByRole('link', { name: /^Documents ?, step 2 of 5, needs changes$/ })).toHaveAttribute(
      'aria-current',
      'step',
    );
  });
});

test.describe('a vendor\'s page', () => {
  const hudsonCorner = async (request: APIRequestContext) => {
    const list = (await (await request.get('/api/vendor/lists/?q=Hudson%20Corner')).json()) as { results: { user_id: string; business_name: string }[] };
    const vendor = list.results.find((v) => v.business_name === 'Hudson Corner Studio');
    expect(vendor).toBeDefined();
    return vendor?.user_id ?? '';
  };

  test('shows the address and an "Open in maps" link instead of a grey box when the map\'s tiles cannot load @phone', async ({ page, request, consoleErrors }) => {
    const userId = await hudsonCorner(request);
    // The tile server is out of reach, as offline or behind a firewall.
    await page.route(mapTiles, (route) => route.abort('internetdisconnected'));
    await page.goto(`/vendor/${userId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Hudson Corner Studio' })).toBeVisible();
    const fallback = page.getByTestId('vendor-map-fallback');
    await expect(fallback).toBeVisible({ timeout: 15_000 });
    await expect(fallback).toContainText('The map cannot be shown right now');
    await expect(fallback.getByRole('link', { name: /Open in maps/ })).toHaveAttribute('href', /^https:\/\/www\.openstreetmap\.org\/\?mlat=40\.71/);
    await expect(page.getByTestId('vendor-map')).toHaveCount(0);
    // The browser reports each refused tile; those, and only those, are expected here.
    const unexpected = consoleErrors.filter((error) => !error.includes('net::ERR_INTERNET_DISCONNECTED'));
    consoleErrors.splice(0, consoleErrors.length, ...unexpected);
  });

  test('keeps the map, with its marker, when the tiles load', async ({ page, request }) => {
    const userId = await hudsonCorner(request);
    await page.goto(`/vendor/${userId}`);
    await expect(page.locator('.leaflet-marker-icon')).toBeVisible();
    await expect(page.locator('.leaflet-tile-loaded').first()).toBeAttached();
    await expect(page.getByTestId('vendor-map-fallback')).toHaveCount(0);
  });

  test('an approved vendor previews its own page from the dashboard, and is still sent to its dashboard from another\'s', async ({ page, request }) => {
    await logIn(page, 'vendor@example.com');
    await expect(page).toHaveURL(/\/vendor\/dashboard$/);
    await page.getByRole('link', { name: 'View your public page' }).click();
    await expect(page).toHaveURL(/\/vendor\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Hudson Corner Studio' })).toBeVisible();
    const preview = page.getByRole('complementary', { name: 'Preview of your page' });
    await expect(preview).toContainText('This is how customers see your page');
    await expect(page.getByRole('button', { name: /to favorites/ })).toHaveCount(0);
    await expect(page.getByText('This is your business, so you cannot rate it.')).toBeVisible();
    await preview.getByRole('link', { name: 'Back to your dashboard' }).click();
    await expect(page).toHaveURL(/\/vendor\/dashboard$/);

    const other = (await (await request.get('/api/vendor/lists/?q=Golden%20Crust')).json()) as { results: { user_id: string }[] };
    await page.goto(`/vendor/${other.results[0]?.user_id ?? ''}`);
    await expect(page).toHaveURL(/\/vendor\/dashboard$/);
  });
});

test('the landing page\'s hero shows real vendors near New York, each linking to its page @phone', async ({ page }) => {
  await page.goto('/');
  const hero = page.getByRole('region', { name: 'Top rated near New York' });
  const links = hero.getByRole('listitem').getByRole('link');
  await expect(links).toHaveCount(3);
  await expect(hero.getByRole('link', { name: 'See all vendors' })).toHaveAttribute('href', '/Vendor?sort=rating');
  const listed = (await (await page.request.get('/api/vendor/lists/?radius_km=10&sort=rating&page_size=3')).json()) as { results: { business_name: string }[] };
  await expect(links).toHaveText(listed.results.map((v) => new RegExp(v.business_name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))));
  await links.first().click();
  await expect(page.getByRole('heading', { level: 1, name: listed.results[0]?.business_name ?? '' })).toBeVisible();
});
