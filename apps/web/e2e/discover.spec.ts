import { expect, logIn, mapTiles, test } from './fixtures.ts';

/**
 * /Discover as a person uses it (issue 15): the demo user sees deals and activities near New York (no area chosen),
 * narrows them to a theme, switches to the map, whose tiles cannot load here (as offline or behind a firewall: the page
 * says so and keeps its pins and its list), goes back to the list and follows a card to its page. The map comes in its
 * own chunk, only once the map is asked for.
 */
test('a user sees deals and activities near New York, picks a category, switches to the map and back, and opens a card @phone', async ({ page, consoleErrors }) => {
  test.setTimeout(90_000);
  await page.route(mapTiles, (route) => route.abort('internetdisconnected'));
  const mapChunks: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/discover-map-[^/]*\.js$/.test(request.url())) mapChunks.push(request.url());
  });

  await logIn(page, 'user@example.com');
  await expect(page).toHaveURL(/\/LocalActivities$/);
  await page.goto('/Discover');
  await expect(page.getByRole('heading', { level: 1, name: 'Discover' })).toBeVisible();
  const deals = page.getByRole('region', { name: 'Deals' });
  const activities = page.getByRole('region', { name: 'Activities' });
  await expect(deals.getByTestId('deal-card').first()).toBeVisible({ timeout: 15_000 });
  await expect(activities.getByTestId('activity-card').first()).toBeVisible();
  await expect(deals).toContainText(/\d+ within 25 km/);
  await expect(page.getByRole('status').filter({ hasText: /deals, .* activities, .* services and .* vendors within 25 km of New York/ })).toBeVisible();
  expect(mapChunks, 'the list view does not load the map').toEqual([]);

  // A theme: every kind narrows to it, in the address too.
  const chips = page.getByRole('group', { name: 'Categories' });
  await chips.getByRole('button', { name: 'Fitness & Sports' }).click();
  await expect(page).toHaveURL(/\/Discover\?category=fitness-sports$/);
  await expect(chips.getByRole('button', { name: 'Fitness & Sports' })).toHaveAttribute('aria-pressed', 'true');
  await expect(activities.getByRole('link', { name: 'Morning run over the Brooklyn Bridge' })).toBeVisible();
  await expect(deals.getByRole('link', { name: 'Two studio classes for the price of one' })).toBeVisible();
  await expect(deals.getByRole('link', { name: 'A dozen bagels for $9' })).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /in Fitness & Sports within 25 km of New York/ })).toBeVisible();

  // The map: one map, a pin per thing, and the same things listed; no tiles, and the page says so.
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Map' }).click();
  await expect(page).toHaveURL(/\/Discover\?category=fitness-sports&view=map$/);
  const map = page.getByTestId('discover-map');
  await expect(map.locator('.leaflet-container')).toBeVisible({ timeout: 15_000 });
  await expect(map.getByTitle('Activity: Morning run over the Brooklyn Bridge')).toBeVisible();
  await expect(map.getByTitle('Deal: Two studio classes for the price of one')).toBeVisible();
  expect(await map.locator('.leaflet-marker-icon').count()).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId('map-tiles-unavailable')).toContainText('Map tiles are unavailable', { timeout: 20_000 });
  expect(mapChunks, 'the map comes in its own chunk, once asked for').toHaveLength(1);
  const list = page.getByTestId('discover-map-list');
  await expect(list.getByRole('link', { name: 'Morning run over the Brooklyn Bridge' })).toBeVisible();
  await list.getByRole('button', { name: 'Show Two studio classes for the price of one on the map' }).click();
  await expect(map.getByRole('link', { name: 'Open deal: Two studio classes for the price of one' })).toBeVisible();

  // Back to the list, and a card to its page.
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' }).click();
  await expect(page).toHaveURL(/\/Discover\?category=fitness-sports$/);
  await expect(map).toHaveCount(0);
  // The deal's own page has a map too: its tiles load again (the context serves them), so its refusals are not counted.
  await page.unroute(mapTiles);
  await deals.getByRole('link', { name: 'Two studio classes for the price of one' }).click();
  await expect(page).toHaveURL(/\/DealDetails\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Two studio classes for the price of one' })).toBeVisible();

  const width = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(width, 'nothing scrolls sideways').toBeLessThanOrEqual(0);
  // The browser reports each refused tile; those, and only those, are expected here.
  const unexpected = consoleErrors.filter((error) => !error.includes('net::ERR_INTERNET_DISCONNECTED'));
  consoleErrors.splice(0, consoleErrors.length, ...unexpected);
});
