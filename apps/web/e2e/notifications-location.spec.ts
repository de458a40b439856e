import type { APIRequestContext, Page } from '@playwright/test';
import { codeFor, countOpenSockets, expect, expectOpenSockets, logIn, newPerson, signUpByApi, test } from './fixtures.ts';

const paris = { latitude: 48.8566, longitude: 2.3522 };
/** The server builds its gazetteer index on first use (a few seconds), so the first geocode may take a while. */
const firstGeocodeTimeout = 20_000;

/** The header's location picker: in the header on wide screens, in the side menu on phones. */
async function locationPicker(page: Page, isMobile: boolean) {
  if (!isMobile) return page.getByTestId('user-header').getByTestId('location-picker');
  await page.getByRole('button', { name: 'Open menu' }).click();
  return page.getByRole('dialog', { name: 'Menu' }).getByTestId('location-picker');
}

function storedLocation(page: Page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem('userLocation') ?? 'null') as Record<string, unknown> | null);
}

/** Crown Heights, Brooklyn: the device's position in the report (the city centre was saved instead). */
const crownHeights = { latitude: 40.678, longitude: -73.944 };
const denied = 'Location access denied. Please enable location services.';

/**
 * Great-circle distance in km by the haversine formula, on the sphere PostgreSQL's earthdistance uses (radius
 * 6,378,168 m), so it is the distance the server measures; the card rounds it for display.
 */
function haversineKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const radiusKm = 6378.168;
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * radiusKm * Math.asin(Math.sqrt(h));
}

/** "350 m", "1.2 km", "14 km" as the directory's cards write it, in km. */
function shownKm(text: string): number {
  const match = /([\d.]+)\s*(km|m)\b/.exec(text);
  if (!match) throw new Error(`no distance in "${text}"`);
  return match[2] === 'km' ? Number(match[1]) : Number(match[1]) / 1000;
}

/**
 * Counts, for the whole tab's session (reloads included), every toast that says `text`: a MutationObserver in each
 * document adds to a sessionStorage counter. Read it with noticesShown().
 */
async function countNotices(page: Page, text: string) {
  await page.addInitScript((watched) => {
    const seen = new WeakSet<Node>();
    const observer = new MutationObserver(() => {
      for (const toast of document.querySelectorAll('.Toastify__toast')) {
        if (seen.has(toast) || !toast.textContent?.includes(watched)) continue;
        seen.add(toast);
        sessionStorage.setItem('e2eNotices', String(Number(sessionStorage.getItem('e2eNotices') ?? '0') + 1));
      }
    });
    document.addEventListener('DOMContentLoaded', () => observer.observe(document.body, { childList: true, subtree: true }));
  }, text);
}

function noticesShown(page: Page) {
  return page.evaluate(() => Number(sessionStorage.getItem('e2eNotices') ?? '0'));
}

/** The signed-in account's kept location, through the API with the page's own token. */
async function accountLocation(page: Page, request: APIRequestContext) {
  const access = await page.evaluate(() => localStorage.getItem('access'));
  const response = await request.get('/api/profile/location/', { headers: { authorization: `Bearer ${access}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { location: Record<string, unknown> | null }).location;
}

async function signUpAndLogIn(page: Page, request: APIRequestContext, label: string) {
  const person = newPerson(label);
  await signUpByApi(request, person);
  await logIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/LocalActivities$/);
  return person;
}

test.describe('the location picker', () => {
  test.describe('with the position granted', () => {
    test.use({ permissions: ['geolocation'], geolocation: paris });

    test('detects the location on mount and shows the city @phone', async ({ page, request, isMobile }) => {
      await signUpAndLogIn(page, request, 'paris');

      await expect(page.getByText('Location updated successfully!')).toBeVisible({ timeout: firstGeocodeTimeout });
      const picker = await locationPicker(page, isMobile);
      // The gazetteer names no district here, so the title is the spec's fallback and the detail the city and state.
      await expect(picker).toContainText('Selected Location');
      await expect(picker).toContainText('Paris, Île-de-France');
      // The device's own point, to the digit; the gazetteer only gave the names.
      expect(await storedLocation(page)).toMatchObject({ city: 'Paris', state: 'Île-de-France', country: 'France', area: '', ...paris });
    });
  });

  test.describe('with the position granted at Crown Heights', () => {
    test.use({ permissions: ['geolocation'], geolocation: crownHeights });

    test('stores the device\'s point (not the city centre) here and with the account, and the directory measures from it @phone', async ({ page, request }) => {
      await signUpAndLogIn(page, request, 'crown');
      await expect(page.getByText('Location updated successfully!')).toBeVisible({ timeout: firstGeocodeTimeout });

      const stored = await storedLocation(page);
      expect(stored).toMatchObject({ ...crownHeights, area: 'Brooklyn', state: 'New York', country: 'United States' });
      expect(stored?.formattedAddress).toContain('Brooklyn');
      await expect.poll(() => accountLocation(page, request)).toMatchObject({ ...crownHeights, area: 'Brooklyn' });

      // The directory, nearest first, measured from Crown Heights.
      await page.goto('/VendorList');
      const first = page.getByTestId('vendor-card').first();
      await expect(first).toBeVisible();
      await expect(page.getByRole('main').getByRole('status').first()).toContainText('of New York');
      const link = first.getByRole('link').first();
      const userId = ((await link.getAttribute('href')) ?? '').split('/').pop() ?? '';
      const vendor = (await (await request.get(`/api/vendor/public/${userId}/`)).json()) as {
        business_name: string;
        addresses: { latitude: number; longitude: number }[];
      };
      const nearestKm = Math.min(...vendor.addresses.map((address) => haversineKm(crownHeights, address)));
      const shown = shownKm((await first.textContent()) ?? '');
      expect(Math.abs(shown - nearestKm), `${vendor.business_name}: shown ${shown} km, haversine ${nearestKm.toFixed(3)} km`).toBeLessThanOrEqual(0.05);
      // From the city centre (the old behaviour) it would have been kilometres off.
      expect(Math.abs(haversineKm({ latitude: 40.71427, longitude: -74.00597 }, vendor.addresses[0] ?? crownHeights) - nearestKm)).toBeGreaterThan(1);
    });
  });

  test.describe('with the position refused', () => {
    // No permission granted: headless Chromium refuses the request at once, as a person clicking "Block" would.
    test.use({ permissions: [] });

    test('tells the refusal once a visit, offers "Set your area", and says nothing once an area is chosen', async ({ page, request }) => {
      await countNotices(page, denied);
      await signUpAndLogIn(page, request, 'refused');

      const toast = page.getByRole('alert').filter({ hasText: denied });
      await expect(toast).toBeVisible();
      const picker = page.getByTestId('user-header').getByTestId('location-picker');
      await expect(picker).toContainText('Set your area');
      await expect(picker).toContainText('Location access is off');
      expect(await storedLocation(page)).toBeNull();
      expect(await page.evaluate(() => localStorage.getItem('locationAccess'))).toBe('denied');

      // Reloads and other pages: the browser is not asked again, and nothing more is said.
      await page.reload();
      await expect(picker).toContainText('Set your area');
      await page.goto('/VendorList');
      const prompt = page.getByRole('region', { name: 'Set your area' });
      await expect(prompt).toContainText('Showing vendors near New York');
      await page.goto('/LocalActivities');
      await expect(picker).toContainText('Set your area');

      // The prompt where the page needs a location: choosing there settles it for every page.
      await page.goto('/VendorList');
      await prompt.getByRole('button', { name: 'Set your area', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Select Your Location' });
      // Use Current Location, asked for on purpose, says the refusal in the dialog (not as another toast).
      await dialog.getByRole('button', { name: 'Use Current Location' }).click();
      await expect(dialog.getByRole('alert')).toContainText(denied);
      await dialog.getByPlaceholder('Enter location (e.g., New York, USA)').fill('sao paulo');
      await dialog.getByRole('option', { name: 'São Paulo, São Paulo, Brazil' }).click({ timeout: firstGeocodeTimeout });
      await expect(page.getByText('Location updated successfully!')).toBeVisible();
      await expect(prompt).toHaveCount(0);
      await expect(picker).toContainText('São Paulo, São Paulo');
      await expect(page.getByRole('main').getByRole('status').first()).toContainText('of São Paulo');

      await page.reload();
      await expect(picker).toContainText('São Paulo, São Paulo');
      await page.goto('/LocalActivities');
      await expect(picker).toContainText('São Paulo, São Paulo');
      expect(await noticesShown(page)).toBe(1);
    });

    test('tells the refusal once across view switches of an approved vendor', async ({ page, isMobile }) => {
      test.skip(isMobile, 'the view toggle of the wide header');
      await countNotices(page, denied);
      await logIn(page, 'vendor@example.com');
      await expect(page).toHaveURL(/\/vendor\/dashboard$/);
      const toggle = page.getByRole('group', { name: 'View as' });
      await toggle.getByRole('button', { name: 'User' }).click();
      await expect(page).toHaveURL(/\/LocalActivities$/);
      const picker = page.getByTestId('user-header').getByTestId('location-picker');
      await expect(picker).toContainText('Set your area');
      await expect.poll(() => noticesShown(page)).toBe(1);
      for (const view of ['Vendor', 'User', 'Vendor', 'User']) {
        await toggle.getByRole('button', { name: view }).click();
        await expect(page).toHaveURL(view === 'User' ? /\/LocalActivities$/ : /\/vendor\/dashboard$/);
      }
      await page.reload();
      await expect(picker).toContainText('Set your area');
      expect(await noticesShown(page)).toBe(1);
    });

    test('a typed city chosen from the suggestions goes into the header and userLocation @phone', async ({ page, request, isMobile }) => {
      await signUpAndLogIn(page, request, 'typed');
      // Detection on mount is refused first; the person then types where they are.
      await expect(page.getByText(denied)).toBeVisible();
      const close = page.getByRole('alert').filter({ hasText: denied }).getByRole('button', { name: /close/i });
      await close.click();

      await (await locationPicker(page, isMobile)).click();
      const dialog = page.getByRole('dialog', { name: 'Select Your Location' });
      await expect(dialog.getByRole('button', { name: 'Use Current Location' })).toBeVisible();
      await expect(dialog.getByText('- OR -')).toBeVisible();
      const input = dialog.getByPlaceholder('Enter location (e.g., New York, USA)');
      // Nothing by that name: said in words, not an empty list.
      await input.fill('qwxzvbn');
      await expect(dialog.getByRole('status')).toHaveText(/No places match “qwxzvbn”/, { timeout: firstGeocodeTimeout });
      await input.fill('sao paulo');
      // Accent-tolerant: the biggest São Paulo comes first.
      const first = dialog.getByRole('option').first();
      await expect(first).toHaveText('São Paulo, São Paulo, Brazil', { timeout: firstGeocodeTimeout });
      await first.click();

      await expect(page.getByText('Location updated successfully!')).toBeVisible();
      await expect(dialog).toHaveCount(0);
      const stored = await storedLocation(page);
      expect(stored).toEqual({
        city: 'São Paulo',
        state: 'São Paulo',
        latitude: expect.closeTo(-23.55, 1),
        longitude: expect.closeTo(-46.63, 1),
        country: 'Brazil',
        area: '',
        formattedAddress: 'São Paulo, São Paulo, Brazil',
      });
      // On a phone the side menu it was opened from closes with the dialog; opened again, it shows the new place.
      if (isMobile) await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
      await expect(await locationPicker(page, isMobile)).toContainText('São Paulo, São Paulo');
    });
  });

  test('a location chosen in one browser follows the account to another where none is stored', async ({ page, request, browser }, testInfo) => {
    const person = newPerson('follow');
    await signUpByApi(request, person);
    await logIn(page, person.email, person.password);
    await expect(page).toHaveURL(/\/LocalActivities$/);
    await page.getByTestId('user-header').getByTestId('location-picker').click();
    const dialog = page.getByRole('dialog', { name: 'Select Your Location' });
    await dialog.getByPlaceholder('Enter location (e.g., New York, USA)').fill('sao paulo');
    await dialog.getByRole('option', { name: 'São Paulo, São Paulo, Brazil' }).click({ timeout: firstGeocodeTimeout });
    await expect(page.getByText('Location updated successfully!')).toBeVisible();
    const chosen = await storedLocation(page);
    await expect.poll(() => accountLocation(page, request)).toMatchObject({ city: 'São Paulo', latitude: chosen?.latitude, longitude: chosen?.longitude });

    // Another browser (nothing stored, the position refused): the account's location, without asking.
    const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL, permissions: [] });
    try {
      const second = await other.newPage();
      const errors: string[] = [];
      second.on('pageerror', (error) => errors.push(error.message));
      await countNotices(second, denied);
      await logIn(second, person.email, person.password);
      await expect(second).toHaveURL(/\/LocalActivities$/);
      await expect(second.getByTestId('user-header').getByTestId('location-picker')).toContainText('São Paulo, São Paulo');
      expect(await storedLocation(second)).toEqual(chosen);
      expect(await noticesShown(second)).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

test.describe('notifications', () => {
  test('the bell lights for a new account, a pushed one toasts, and reading them in the drawer clears the dot', async ({ page, request }) => {
    const person = newPerson('bell');
    await signUpByApi(request, person); // the server welcomes the new account with a notification
    await countOpenSockets(page);
    await logIn(page, person.email, person.password);
    await expect(page).toHaveURL(/\/LocalActivities$/);

    const header = page.getByTestId('user-header');
    const bell = header.getByRole('button', { name: /^Notifications/ });
    const dot = header.getByTestId('unread-dot').filter({ visible: true });
    await expect(bell).toHaveAccessibleName('Notifications (unread)');
    await expect(dot).toBeVisible();

    await bell.click();
    const drawer = page.getByRole('dialog', { name: 'Notifications' });
    const items = drawer.getByTestId('notification-item');
    await expect(items).toHaveCount(1);
    const welcome = items.first();
    await expect(welcome).toContainText(`Welcome to LocalLoop, ${person.username}!`);
    await expect(welcome).toContainText('Find activities, deals and services near you.');
    await expect(welcome).toContainText('Type: welcome');
    await expect(welcome.locator('time')).toHaveText(/ago$/);
    await expect(welcome).toHaveAttribute('data-unread', 'true');

    await welcome.click();
    await expect(welcome).not.toHaveAttribute('data-unread');
    await expect(dot).toHaveCount(0);
    await drawer.getByRole('button', { name: 'Close notifications' }).click();
    await expect(drawer).toHaveCount(0);
    // (The header is out of reach while the drawer is open.)
    await expect(bell).toHaveAccessibleName('Notifications');

    // A notification made on the server while the page is open arrives over the realtime socket.
    await expectOpenSockets(page);
    // (A phone number change notifies the account without ending its sessions, as a password change would.)
    const access = await page.evaluate(() => localStorage.getItem('access'));
    const newPhone = `+1888${String(Date.now()).slice(-7)}`;
    const since = new Date(Date.now() - 1000).toISOString();
    const asked = await request.post('/api/send-verification-otp/', {
      headers: { authorization: `Bearer ${access}` },
      data: { phone_number: newPhone, current_password: person.password },
    });
    expect(asked.status()).toBe(200);
    const changed = await request.post('/api/profile/verify-contact/', {
      headers: { authorization: `Bearer ${access}` },
      data: { channel: 'sms', otp: await codeFor(request, newPhone, since) },
    });
    expect(changed.status()).toBe(200);
    await expect(page.locator('.Toastify__toast-container--top-center').getByText('Your phone number was changed')).toBeVisible();
    await expect(dot).toBeVisible();

    await bell.click();
    await expect(items).toHaveCount(2);
    const security = items.first();
    await expect(security).toContainText('Your phone number was changed');
    await expect(security).toContainText('Type: security');
    await expect(security).toHaveAttribute('data-unread', 'true');
    await expect(items.nth(1)).not.toHaveAttribute('data-unread');
    // The unread one is highlighted: its background is not the read one's.
    const background = (item: typeof security) => item.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(await background(security)).not.toBe(await background(items.nth(1)));
    // It is about the account's security: it opens the settings, read, and the drawer closes.
    await security.click();
    await expect(page).toHaveURL(/\/Settings$/);
    await expect(drawer).toHaveCount(0);
    await expect(dot).toHaveCount(0);

    // The server kept it: after a reload nothing is unread.
    await page.reload();
    await expect(bell).toHaveAccessibleName('Notifications');
    await bell.click();
    await expect(items).toHaveCount(2);
    await expect(drawer.locator('[data-unread]')).toHaveCount(0);
  });

  test('the drawer lists the demo user’s notifications newest first beside the page @phone', async ({ page, isMobile }) => {
    await logIn(page, 'user@example.com');
    await expect(page).toHaveURL(/\/LocalActivities$/);
    const bell = page.getByTestId('user-header').getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName('Notifications (unread)');

    await bell.click();
    const drawer = page.getByRole('dialog', { name: 'Notifications' });
    await expect(drawer.getByRole('heading', { name: 'Notifications' })).toBeVisible();
    const items = drawer.getByTestId('notification-item');
    await expect(items).toHaveCount(3);
    await expect(items.nth(0)).toContainText('Sunrise yoga this Saturday');
    await expect(items.nth(0)).toContainText('Type: activity');
    await expect(items.nth(0).locator('time')).toHaveText(/minutes ago$/);
    await expect(items.nth(1)).toContainText('A new deal near you');
    await expect(items.nth(2)).toContainText('Welcome to LocalLoop, demo_user!');
    await expect(items.nth(2).locator('time')).toHaveText('a day ago');

    const drawerBox = await drawer.boundingBox();
    const viewport = page.viewportSize();
    if (isMobile) {
      expect(drawerBox?.width).toBe(viewport?.width);
    } else {
      // 24rem wide, and the main area moves aside by the same 96 units.
      expect(drawerBox?.width).toBe(384);
      await expect(page.locator('main')).toHaveCSS('margin-right', '384px');
    }
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(page.locator('main')).toHaveCSS('margin-right', '0px');
  });

  test('an account without notifications sees the empty text and no dot', async ({ page }) => {
    // The demo operator has none: nothing in this issue notifies an operator.
    await logIn(page, 'admin@example.com');
    await expect(page).toHaveURL(/\/LocalActivities$/);
    const header = page.getByTestId('user-header');
    const bell = header.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName('Notifications');
    await bell.click();
    await expect(page.getByRole('dialog', { name: 'Notifications' }).getByText('No notifications found.')).toBeVisible();
    await expect(header.getByTestId('unread-dot')).toHaveCount(0);
  });
});

test.describe('the notifications drawer', () => {
  test('keeps keyboard focus inside while open and gives it back to the bell on Escape and on close @phone', async ({ page, request }) => {
    await signUpAndLogIn(page, request, 'focus');
    const bell = page.getByRole('button', { name: /^Notifications/ }).filter({ visible: true });
    await bell.click();
    const drawer = page.getByRole('dialog', { name: 'Notifications' });
    await expect(drawer.getByTestId('notification-item')).toHaveCount(1);
    const inside = () => drawer.evaluate((element) => element.contains(document.activeElement));
    expect(await inside()).toBe(true);
    // Every stop of Tab and Shift+Tab, more than the drawer has, stays in it.
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      expect(await inside()).toBe(true);
    }
    for (let i = 0; i < 4; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await inside()).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(bell).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(drawer).toBeVisible();
    await drawer.getByRole('button', { name: 'Close notifications' }).click();
    await expect(drawer).toHaveCount(0);
    await expect(bell).toBeFocused();
  });

  test('marks all as read at once, on the server too, and the dot goes out', async ({ page, request }) => {
    const person = await signUpAndLogIn(page, request, 'markall');
    // A second unread one: a change of the phone number notifies the account (without ending its sessions).
    const access = await page.evaluate(() => localStorage.getItem('access'));
    const newPhone = `+1877${String(Date.now()).slice(-7)}`;
    const since = new Date(Date.now() - 1000).toISOString();
    const asked = await request.post('/api/send-verification-otp/', {
      headers: { authorization: `Bearer ${access}` },
      data: { phone_number: newPhone, current_password: person.password },
    });
    expect(asked.status()).toBe(200);
    const changed = await request.post('/api/profile/verify-contact/', {
      headers: { authorization: `Bearer ${access}` },
      data: { channel: 'sms', otp: await codeFor(request, newPhone, since) },
    });
    expect(changed.status()).toBe(200);

    const header = page.getByTestId('user-header');
    const bell = header.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName('Notifications (unread)');
    await bell.click();
    const drawer = page.getByRole('dialog', { name: 'Notifications' });
    await expect(drawer.locator('[data-unread]')).toHaveCount(2);
    await drawer.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(drawer.locator('[data-unread]')).toHaveCount(0);
    await expect(drawer.getByRole('button', { name: 'Mark all as read' })).toHaveCount(0);
    await expect(drawer.getByRole('button', { name: 'Close notifications' })).toBeFocused();
    await expect(header.getByTestId('unread-dot')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(bell).toHaveAccessibleName('Notifications');

    await page.reload();
    await expect(bell).toHaveAccessibleName('Notifications');
    await bell.click();
    await expect(drawer.getByTestId('notification-item')).toHaveCount(2);
    await expect(drawer.locator('[data-unread]')).toHaveCount(0);
  });

  test('a notification about a shop opens that shop\'s page', async ({ page }) => {
    await logIn(page, 'user@example.com');
    await expect(page).toHaveURL(/\/LocalActivities$/);
    await page.getByTestId('user-header').getByRole('button', { name: /^Notifications/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Notifications' });
    const deal = drawer.getByTestId('notification-item').filter({ hasText: 'A new deal near you' });
    await expect(deal).toHaveAttribute('href', /^\/vendor\//);
    await deal.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Hudson Corner Studio' })).toBeVisible();
    await expect(drawer).toHaveCount(0);
  });

  test('says when the list cannot be loaded, not "No notifications found." under a red dot, and loads it on Try again', async ({ page, request, consoleErrors }) => {
    const person = newPerson('offline');
    await signUpByApi(request, person);
    // The list cannot be read (the bell's own check for anything unread still can): a server in trouble.
    const list = /\/api\/notifications\/\?page=1&page_size=20$/;
    await page.route(list, (route) => route.fulfill({ status: 503, json: { error: 'The service is busy.', code: 'SERVICE_UNAVAILABLE' } }));
    await logIn(page, person.email, person.password);
    await expect(page).toHaveURL(/\/LocalActivities$/);
    const header = page.getByTestId('user-header');
    const bell = header.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName('Notifications (unread)');
    await bell.click();
    const drawer = page.getByRole('dialog', { name: 'Notifications' });
    const failure = drawer.getByRole('alert');
    await expect(failure).toContainText('Your notifications could not be loaded.');
    await expect(drawer.getByText('No notifications found.')).toHaveCount(0);

    await page.unroute(list);
    await failure.getByRole('button', { name: 'Try again' }).click();
    await expect(drawer.getByTestId('notification-item')).toHaveCount(1);
    await expect(drawer.getByRole('alert')).toHaveCount(0);
    // What this test provoked: the browser's note of each 503, and the app's log of the failed loads.
    const expected = /status of 503|Could not load notifications|Failed to load notifications/;
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !expected.test(error)));
  });
});
