import { expect, logIn, test } from './fixtures.ts';

test.describe('a visitor', () => {
  test('sees the public header and the footer on the landing page @phone', async ({ page, isMobile }) => {
    await page.goto('/');
    const header = page.getByTestId('public-header');
    await expect(header).toBeVisible();
    if (isMobile) {
      await header.getByRole('button', { name: /menu/i }).click();
      const menu = page.getByRole('dialog');
      for (const name of ['Browse Activities', 'Explore Deals', 'Find Vendors', 'Sign Up', 'Login']) {
        await expect(menu.getByRole('link', { name })).toBeVisible();
      }
      await page.keyboard.press('Escape');
    } else {
      await expect(header.getByRole('link', { name: 'Browse Activities' })).toHaveAttribute('href', '/LocalActivities');
      await expect(header.getByRole('link', { name: 'Explore Deals' })).toHaveAttribute('href', '/PopularDeals');
      await expect(header.getByRole('link', { name: 'Find Vendors' })).toHaveAttribute('href', '/vendor');
      await expect(header.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/createAccount');
      await expect(header.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    }
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('© 2025');
    for (const name of ['Browse Activities', 'Explore Deals', 'Find Vendors', 'Join as Vendor', 'Help Center', 'Privacy Policy']) {
      await expect(footer.getByRole('link', { name })).toBeVisible();
    }
  });

  test('sees LocalLoop\'s bar before the scripts have run, and the header takes its place without a jump @phone', async ({ browser, page, baseURL }) => {
    // The HTML alone (scripts off): the bar with the mark, at the header's height, hidden from assistive technology,
    // and a word on why nothing else comes.
    const bare = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: page.viewportSize() });
    try {
      const first = await bare.newPage();
      await first.goto('/PopularDeals');
      const bar = first.getByTestId('header-placeholder');
      await expect(bar).toBeVisible();
      await expect(bar).toHaveText('LocalLoop');
      await expect(bar).toHaveAttribute('aria-hidden', 'true');
      // (Playwright's text queries skip <noscript>, shown or not: its paragraph by CSS.)
      await expect(first.locator('noscript p')).toBeVisible();
      await expect(first.locator('noscript p')).toContainText('LocalLoop needs JavaScript to show deals, activities and vendors near you.');
      const placeholderBox = await bar.boundingBox();
      // The app: the real header, where the bar was and as tall, and the bar gone.
      await page.goto('/PopularDeals');
      const header = page.getByTestId('public-header');
      await expect(header).toBeVisible();
      await expect(page.getByTestId('header-placeholder')).toHaveCount(0);
      expect(await header.boundingBox()).toEqual(placeholderBox);
    } finally {
      await bare.close();
    }
  });

  test('is sent to /login from /vendor/dashboard', async ({ page }) => {
    await page.goto('/vendor/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  });

  test('can open a deep link and the header links whatever their letter case', async ({ page }) => {
    await page.goto('/DealDetails/abc');
    await expect(page.getByTestId('public-header')).toBeVisible();
    await page.getByTestId('public-header').getByRole('link', { name: 'Find Vendors' }).click();
    await expect(page).toHaveURL(/\/vendor$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('gets the login toast from a protected footer link', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Vendor Dashboard' }).click();
    await expect(page.getByText('Please log in to perform this action.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('sees a wrong password refused in the form', async ({ page, consoleErrors }) => {
    await logIn(page, 'user@example.com', 'not-the-password');
    await expect(page.getByRole('alert').filter({ hasText: 'The e-mail or password is incorrect.' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    // Chromium logs the refused login's 401 itself; that one is expected, nothing else is.
    expect(consoleErrors.splice(0)).toEqual([expect.stringContaining('status of 401')]);
  });
});

test.describe('signed in', () => {
  test('a user lands on /LocalActivities with the user header @phone', async ({ page }) => {
    await logIn(page, 'user@example.com');
    await expect(page).toHaveURL(/\/LocalActivities$/);
    await expect(page.getByTestId('user-header')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('email'))).toBe('user@example.com');
  });

  test('a vendor lands on /vendor/dashboard with the vendor header', async ({ page }) => {
    await logIn(page, 'vendor@example.com');
    await expect(page).toHaveURL(/\/vendor\/dashboard$/);
    const header = page.getByTestId('vendor-header');
    await expect(header).toBeVisible();
    await expect(header.getByText('Deals')).toBeVisible();
  });

  test('/login redirects a signed-in user home', async ({ page }) => {
    await logIn(page, 'user@example.com');
    await expect(page).toHaveURL(/\/LocalActivities$/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/LocalActivities$/);
  });

  test('logging out asks first, then clears the session and lands on / with the public header', async ({ page }) => {
    await logIn(page, 'user@example.com');
    await expect(page.getByTestId('user-header')).toBeVisible();
    await page.getByTestId('user-header').getByRole('button', { name: /profile|account/i }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();

    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Confirm Logout')).toBeVisible();
    await expect(dialog.getByText('Are you sure you want to log out?')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Yes, Logout' }).click();

    await expect(page.getByText('Logged out successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('public-header')).toBeVisible();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
  });
});

test('a page that fails shows the error fallback, and Try Again recovers', async ({ page, consoleErrors }) => {
  await page.route(/\/assets\/login-page-[^/]*\.js$/, (route) => route.abort());
  await page.goto('/login');
  await expect(page.getByText('Oops! Something went wrong.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload Page' })).toBeVisible();

  await page.unroute(/\/assets\/login-page-[^/]*\.js$/);
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  consoleErrors.length = 0; // the aborted chunk is logged on purpose
});
