import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './browser.ts';
import { expect, logIn, newPerson, serveMapTiles, signUpByApi, test } from './fixtures.ts';
import { writeCameraVideo } from './qr-video.ts';

/**
 * A deal from one end to the other, as people do it (issue 13): the demo vendor creates a deal; a new customer finds it
 * among the deals near New York, buys it and opens its QR code in My Orders; the vendor points a (fake) camera at that
 * very code — a screenshot of what the customer's page drew, played as Chromium's camera — and the purchase is
 * redeemed; the customer sees it fulfilled and rates the deal.
 */

/** Errors the page logs, for pages the test opens itself (the `page` fixture's are checked by fixtures.ts). */
function recordErrors(target: Page, into: string[]) {
  target.on('pageerror', (error) => into.push(`page error: ${error.message}`));
  target.on('console', (message) => {
    if (message.type() === 'error') into.push(`console.error: ${message.text()}`);
  });
}

test('a vendor creates a deal, a customer buys it and shows its QR code, the vendor scans it, the customer rates it', async ({ page, browser, request }, testInfo) => {
  const errors: string[] = [];
  test.setTimeout(120_000);
  const baseURL = testInfo.project.use.baseURL ?? '';
  const title = `Harbour lunch for two ${Date.now().toString(36)}`;

  // The vendor: Create Deal, at its primary address, on sale from now for a week.
  await logIn(page, 'vendor@example.com');
  await expect(page).toHaveURL(/\/vendor\/dashboard$/);
  await page.goto('/vendor/deal/add');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Two set lunches with a drink each, by the water.');
  await page.getByLabel('Category').selectOption('Food & Drink');
  await page.getByLabel('Original price').fill('60');
  await page.getByLabel('Deal price').fill('39');
  await page.getByLabel('Quantity available').fill('5');
  await page.getByRole('button', { name: 'Create deal' }).click();
  await expect(page).toHaveURL(/\/MyDeals$/);
  await expect(page.getByRole('link', { name: title }).first()).toBeVisible();

  // A new customer (no place chosen: the deals near New York) finds it, buys it and sees its code.
  const customer = newPerson('dealbuyer');
  await signUpByApi(request, customer);
  const buyerContext = await browser.newContext({ baseURL });
  await serveMapTiles(buyerContext);
  const buyer = await buyerContext.newPage();
  recordErrors(buyer, errors);
  await logIn(buyer, customer.email, customer.password);
  await expect(buyer).toHaveURL(/\/LocalActivities$/);
  await buyer.goto('/PopularDeals');
  await buyer.getByLabel('Search deals').fill(title);
  await buyer.getByRole('link', { name: title }).click();
  await expect(buyer.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(buyer.getByText(/Test payment/).first()).toBeVisible();
  await buyer.getByRole('button', { name: 'Buy now' }).click();
  await expect(buyer).toHaveURL(/\/mypurchasedeal$/);
  const code = buyer.getByRole('img', { name: `QR code for ${title}` });
  await expect(code).toBeVisible();

  // The vendor's phone: a camera that sees the customer's screen.
  const folder = mkdtempSync(path.join(tmpdir(), 'localloop-camera-'));
  const video = path.join(folder, 'qr.y4m');
  await writeCameraVideo(video, await code.screenshot());
  const phone = await chromium.launch({
    executablePath: chromiumPath,
    args: [...chromiumArgs, '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`, '--use-fake-ui-for-media-stream'],
  });
  try {
    const scannerContext = await phone.newContext({ baseURL, permissions: ['camera'], viewport: { width: 1366, height: 800 } });
    await serveMapTiles(scannerContext);
    const scanner = await scannerContext.newPage();
    recordErrors(scanner, errors);
    await logIn(scanner, 'vendor@example.com');
    await expect(scanner).toHaveURL(/\/vendor\/dashboard$/);
    await scanner.locator('header').getByRole('button', { name: 'Scan' }).click();
    const dialog = scanner.getByRole('dialog', { name: 'Scan a purchase' });
    // The dialog element itself has no size (its panel is fixed): its title shows it open.
    await expect(dialog.getByText('Scan a purchase')).toBeVisible();
    // The server's message, "Redeemed: 1 × <title> for <name>." (or the spec's fallback text), toasted.
    await expect(scanner.getByRole('alert').filter({ hasText: new RegExp(`^Redeemed: 1 × ${title}|^QR scan successfully!$`) })).toBeVisible({ timeout: 20_000 });
    await dialog.getByRole('button', { name: 'Close scanner' }).click();
    await expect(dialog).toHaveCount(0);
  } finally {
    await phone.close();
    rmSync(folder, { recursive: true, force: true });
  }

  // The customer's order is fulfilled, its code gone; they rate the deal.
  await buyer.reload();
  const order = buyer.getByRole('listitem').filter({ hasText: title });
  await expect(order.getByText('Fulfilled')).toBeVisible();
  await expect(order.getByRole('img', { name: `QR code for ${title}` })).toHaveCount(0);
  const rate = order.getByRole('form', { name: `Rate ${title}` });
  await rate.locator('label').filter({ hasText: '4 stars' }).click();
  await expect(rate.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await rate.getByLabel(/Comment/).fill('Lovely view, generous portions.');
  await rate.getByRole('button', { name: 'Submit rating' }).click();
  await expect(order.getByRole('button', { name: `Edit your rating of ${title}` })).toBeVisible();
  await buyerContext.close();
  expect(errors, 'the customer\'s and the scanning vendor\'s pages logged errors').toEqual([]);
});
