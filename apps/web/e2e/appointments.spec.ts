import type { Browser } from '@playwright/test';
import { expect, logIn, newPerson, signUpByApi, test } from './fixtures.ts';

// Issue 12's journey: a shop adds a service and a provider and makes their times; a customer finds the service near New
// York, saves it, books a time and sees the booking; the shop confirms it and the customer is told.

test.use({ geolocation: { latitude: 40.7128, longitude: -74.006 }, permissions: ['geolocation'] });

const newYork = { city: 'New York', state: 'New York', country: 'United States', area: 'Lower Manhattan', formattedAddress: 'Lower Manhattan, New York, United States', latitude: 40.7128, longitude: -74.006 };

/** A new customer in another browser, in Lower Manhattan (not the demo user, whose area other tests change). */
async function newCustomer(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, geolocation: { latitude: newYork.latitude, longitude: newYork.longitude }, permissions: ['geolocation'] });
  const page = await context.newPage();
  const person = newPerson('booker');
  await signUpByApi(page.request, person);
  await page.addInitScript((place) => {
    if (!localStorage.getItem('userLocation')) localStorage.setItem('userLocation', JSON.stringify(place));
  }, newYork);
  await logIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/LocalActivities$/);
  return { context, page };
}

test('a shop offers a service with a provider and times; a customer books it; the shop confirms and the customer is told', async ({ page, browser }, testInfo) => {
  test.setTimeout(150_000);
  const baseURL = testInfo.project.use.baseURL ?? '';
  const serviceName = `Beard sculpt ${Date.now().toString(36)}`;

  // The shop: a service, a provider who performs it, and a month of times.
  await logIn(page, 'vendor@example.com');
  await expect(page).toHaveURL(/\/vendor\/dashboard$/);
  await page.goto('/vendor/services');
  await page.getByRole('button', { name: 'Add service' }).first().click();
  const serviceDialog = page.getByRole('dialog', { name: 'Add a service' });
  await serviceDialog.getByLabel('Name').fill(serviceName);
  await serviceDialog.getByLabel('Length').selectOption('30');
  await serviceDialog.getByLabel('Price').fill('28');
  await serviceDialog.getByRole('button', { name: 'Add service' }).click();
  await expect(page.getByRole('heading', { name: serviceName })).toBeVisible();

  await page.goto('/vendor/providers/add');
  await page.getByLabel('Name').fill('Rafael Stone');
  await page.getByRole('checkbox', { name: serviceName }).check();
  await page.getByRole('button', { name: 'Add provider' }).click();
  await expect(page).toHaveURL(/\/vendor\/providers\/edit\/[0-9a-f-]{36}$/);
  const slots = page.getByRole('region', { name: 'Bookable times' });
  await slots.getByLabel('Service').selectOption({ label: serviceName });
  await slots.getByRole('button', { name: 'Make bookable times' }).click();
  await expect(slots.getByRole('status')).toContainText(/\d+ new times? for/);

  // The customer, in another browser: finds it near New York, saves it, books a time.
  const customer = await newCustomer(browser, baseURL);
  try {
    const c = customer.page;
    await c.goto(`/services/browse?q=${encodeURIComponent(serviceName)}`);
    const card = c.getByTestId('service-card').filter({ hasText: serviceName });
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: `Add ${serviceName} to favorites` }).click();
    await expect(card.getByRole('button', { name: `Remove ${serviceName} from favorites` })).toBeVisible();
    await card.getByRole('link', { name: serviceName }).click();
    await expect(c.getByRole('heading', { level: 1, name: serviceName })).toBeVisible();
    await c.getByRole('link', { name: /Book now/ }).click();
    await expect(c.getByRole('heading', { level: 1, name: 'Book an Appointment' })).toBeVisible();
    // The first day with a free time (the shop may be closed on some days).
    const days = c.getByRole('group', { name: '2. Day' }).getByRole('radio');
    const times = c.getByRole('group', { name: '3. Time' }).getByRole('radio');
    for (let i = 1; i < 8; i += 1) {
      await days.nth(i).check({ force: true });
      await expect(c.getByText('Loading free times…')).toHaveCount(0);
      if ((await times.count()) > 0) break;
    }
    const first = times.first();
    const time = (await first.evaluate((input) => input.parentElement?.textContent ?? '')).trim();
    await first.check({ force: true });
    await c.getByRole('button', { name: 'Book appointment' }).click();
    await expect(c.getByRole('heading', { level: 1, name: 'You are booked' })).toBeVisible();
    await expect(c.getByText(time)).toBeVisible();

    await c.getByRole('link', { name: 'See my bookings' }).click();
    await expect(c.getByRole('heading', { name: serviceName })).toBeVisible();
    await expect(c.getByRole('listitem').filter({ hasText: serviceName }).getByText('Pending')).toBeVisible();

    // The shop confirms it on its appointments page.
    await page.goto('/appointments');
    await page.getByRole('button', { name: 'All days' }).click();
    const row = page.getByRole('listitem').filter({ hasText: serviceName });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: new RegExp(`^Confirm ${serviceName}`) }).click();
    await expect(row.getByText('Confirmed')).toBeVisible();

    // The customer is told.
    await c.reload();
    await expect(c.getByRole('listitem').filter({ hasText: serviceName }).getByText('Confirmed')).toBeVisible();
    await c.getByRole('button', { name: /^Notifications/ }).click();
    await expect(c.getByText('Booking confirmed').first()).toBeVisible();
  } finally {
    await customer.context.close();
  }
});
