import { expect, test } from './fixtures.ts';

// Issue 15's proof for the front door: a visitor lands on /, sees what is near New York (no location chosen), searches
// across the marketplace with a typo, and reaches a deal's page by the keyboard.
test('a visitor sees deals and activities near New York on /, searches with a typo (bagls) and opens a deal from the results', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Discover what is happening');

  const deals = page.getByRole('region', { name: 'Popular deals near New York' });
  await expect(deals.getByTestId('deal-card').first()).toBeVisible();
  await expect(deals.getByRole('link', { name: 'A dozen bagels for $9' })).toBeVisible();
  await expect(deals.getByRole('link', { name: 'See all deals' })).toHaveAttribute('href', '/PopularDeals?sort=popularity');

  const activities = page.getByRole('region', { name: 'Upcoming activities near New York' });
  await expect(activities.getByTestId('activity-card').first()).toBeVisible();
  await expect(activities.getByRole('link', { name: 'Board games in Washington Square' })).toBeVisible();

  const top = page.getByRole('region', { name: 'Top rated near New York' });
  await expect(top.getByRole('link').first()).toBeVisible();

  // The hero's box: a plain field until it is wanted, then the full search, with what was typed kept.
  const hero = page.locator('main');
  await hero.getByRole('searchbox', { name: 'Search deals, activities, services and vendors near you' }).click();
  const box = hero.getByRole('combobox', { name: 'Search deals, activities, services and vendors near you' });
  await expect(box).toBeFocused();
  await box.pressSequentially('bagls');
  const results = page.getByRole('listbox', { name: 'Results for bagls' });
  const dealHit = results.getByRole('group', { name: 'Deals' }).getByRole('option', { name: /A dozen bagels for \$9/ });
  await expect(dealHit).toBeVisible();
  // Down through the results until the deal is the active one, then Enter opens it.
  for (let step = 0; step < 10 && (await dealHit.getAttribute('data-focus')) === null; step += 1) await box.press('ArrowDown');
  await expect(dealHit).toHaveAttribute('data-focus', '');
  await box.press('Enter');

  await expect(page).toHaveURL(/\/DealDetails\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'A dozen bagels for $9' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in to buy' })).toBeVisible();
});

test('the header searches too on a laptop, and the first page loads the full search only when it is wanted', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/PopularDeals');
  await expect(page.getByRole('heading', { level: 1, name: 'Popular Deals' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((path) => path.includes('marketplace-search'))).toEqual([]);

  const header = page.getByTestId('public-header');
  await header.getByRole('searchbox', { name: 'Search LocalLoop' }).focus();
  const box = header.getByRole('combobox', { name: 'Search LocalLoop' });
  await expect(box).toBeFocused();
  await box.pressSequentially('golden crust');
  await page.getByRole('listbox').getByRole('option', { name: /^Golden Crust Bakery/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Golden Crust Bakery' })).toBeVisible();
});
