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
  return { context, page, email: person.email, password: person.password };
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

test('a customer moves a booking to another free time and sees the new time', async ({ browser }, testInfo) => {
  test.setTimeout(90_000);
  const customer = await newCustomer(browser, testInfo.project.use.baseURL ?? '');
  try {
    const c = customer.page;
    // Booked through the API (the journey above books through the pages): the demo shop's manicure, its first free time.
    const found = (await (await c.request.get('/api/appointments/get-all-services/?q=Express%20manicure&radius_km=50')).json()) as { results: { id: string; name: string }[] };
    const serviceId = found.results.find((s) => s.name === 'Express manicure')?.id ?? '';
    const service = (await (await c.request.get(`/api/appointments/get-service/${serviceId}/`)).json()) as { providers: { id: string }[]; vendor: { time_zone: string } };
    const providerId = service.providers[0]?.id ?? '';
    let free: string[] = [];
    for (let i = 0; i < 8 && free.length === 0; i += 1) {
      const day = new Date(Date.now() + i * 86_400_000).toISOString().slice(0, 10);
      const answer = (await (await c.request.get(`/api/appointments/get-time-slots/?provider_id=${providerId}&service_id=${serviceId}&for_date=${day}`)).json()) as { slots: { starts_at: string }[] };
      free = answer.slots.map((slot) => slot.starts_at);
    }
    const access = ((await (await c.request.post('/api/login/v2/', { data: { email: customer.email, password: customer.password } })).json()) as { access: string }).access;
    // Another test may take the same time at the same moment (409): the next one then.
    let status = 0;
    for (const startsAt of free.slice(0, 5)) {
      status = (await c.request.post('/api/appointments/book-appointment/', { headers: { authorization: `Bearer ${access}` }, data: { service_id: serviceId, provider_id: providerId, starts_at: startsAt } })).status();
      if (status !== 409) break;
    }
    expect(status).toBe(201);

    await c.goto('/customer/bookings');
    await c.getByRole('button', { name: 'Reschedule Express manicure' }).click();
    const dialog = c.getByRole('dialog', { name: 'Change the time' });
    // Another day with a free time than the booked one (which the dialog opens on, its free times shown). Chips are
    // clicked as a person taps them, once the dialog has finished coming in.
    const chips = dialog.getByRole('group', { name: 'New day' }).locator('label');
    const times = dialog.getByRole('group', { name: 'New time' }).locator('label');
    await expect(dialog.getByText('Loading free times…')).toHaveCount(0);
    for (let i = 0; i < 8; i += 1) {
      if (await chips.nth(i).getByRole('radio').isChecked()) continue;
      await chips.nth(i).click();
      await expect(dialog.getByText('Loading free times…')).toHaveCount(0);
      if ((await times.count()) > 0) break;
    }
    const chosen = times.last();
    const newStart = await chosen.getByRole('radio').getAttribute('value');
    const time = ((await chosen.textContent()) ?? '').trim();
    await chosen.click();
    await dialog.getByRole('button', { name: 'Move booking' }).click();

    await expect(c.getByText(/^Your booking is moved to .+\. The shop has been told\.$/)).toBeVisible();
    await expect(dialog).toBeHidden();
    const day = new Intl.DateTimeFormat('en-GB', { timeZone: service.vendor.time_zone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(newStart ?? ''));
    await expect(c.getByRole('listitem').filter({ hasText: 'Express manicure' })).toContainText(`${day}, ${time}–`);
  } finally {
    await customer.context.close();
  }
});
