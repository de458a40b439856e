import type { Page } from '@playwright/test';
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

test.describe('the location picker', () => {
  test.describe('with the position granted', () => {
    test.use({ permissions: ['geolocation'], geolocation: paris });

    test('detects the location on mount and shows the city @phone', async ({ page, isMobile }) => {
      await logIn(page, 'user@example.com');
      await expect(page).toHaveURL(/\/LocalActivities$/);

      await expect(page.getByText('Location updated successfully!')).toBeVisible({ timeout: firstGeocodeTimeout });
      const picker = await locationPicker(page, isMobile);
      // The gazetteer names no district here, so the title is the spec's fallback and the detail the city and state.
      await expect(picker).toContainText('Selected Location');
      await expect(picker).toContainText('Paris, Île-de-France');
      expect(await storedLocation(page)).toMatchObject({
        city: 'Paris',
        state: 'Île-de-France',
        country: 'France',
        area: '',
        latitude: expect.closeTo(paris.latitude, 1),
        longitude: expect.closeTo(paris.longitude, 1),
      });
    });
  });

  test.describe('with the position refused', () => {
    // No permission granted: headless Chromium refuses the request at once, as a person clicking "Block" would.
    test.use({ permissions: [] });

    test('shows the denied message on mount and again from Use Current Location', async ({ page }) => {
      const denied = 'Location access denied. Please enable location services.';
      await logIn(page, 'user@example.com');
      await expect(page).toHaveURL(/\/LocalActivities$/);

      // By role: the toasts sit beside #root, so a modal dialog (which makes #root inert) leaves them announced and closable.
      const toast = page.getByRole('alert').filter({ hasText: denied });
      await expect(toast).toBeVisible();
      const picker = page.getByTestId('user-header').getByTestId('location-picker');
      await expect(picker).toHaveText('Select Location');
      expect(await storedLocation(page)).toBeNull();
      await toast.getByRole('button', { name: /close/i }).click();
      await expect(toast).toHaveCount(0);

      await picker.click();
      const dialog = page.getByRole('dialog', { name: 'Select Your Location' });
      await expect(dialog.getByText('- OR -')).toBeVisible();
      await dialog.getByRole('button', { name: 'Use Current Location' }).click();
      await expect(toast).toBeVisible();
      await toast.getByRole('button', { name: /close/i }).click();
      await expect(toast).toHaveCount(0);
      await expect(dialog.getByText('Select Your Location')).toBeVisible();
      expect(await storedLocation(page)).toBeNull();
    });

    test('a typed city chosen from the suggestions goes into the header and userLocation @phone', async ({ page, isMobile }) => {
      await logIn(page, 'user@example.com');
      await expect(page).toHaveURL(/\/LocalActivities$/);
      // Detection on mount is refused first; the person then types where they are.
      await expect(page.getByText('Location access denied. Please enable location services.')).toBeVisible();

      await (await locationPicker(page, isMobile)).click();
      const dialog = page.getByRole('dialog', { name: 'Select Your Location' });
      await expect(dialog.getByRole('button', { name: 'Use Current Location' })).toBeVisible();
      await dialog.getByPlaceholder('Enter location (e.g., New York, USA)').fill('sao paulo');
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
    await expect(bell).toHaveAccessibleName('Notifications');
    await drawer.getByRole('button', { name: 'Close notifications' }).click();
    await expect(drawer).toHaveCount(0);

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
    await security.click();
    await expect(security).not.toHaveAttribute('data-unread');
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
