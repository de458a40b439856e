import type { Page } from '@playwright/test';
import { countOpenSockets, expect, expectOpenSockets, logIn, newPerson, onePixelPng, signUpByApi, test } from './fixtures.ts';

async function openProfileMenuItem(page: Page, name: string | RegExp) {
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name }).click();
}

async function goToStep(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Vendor sign-up steps' }).getByRole('link', { name: new RegExp(name) }).click();
}

test.describe('becoming a vendor', () => {
  test('a user fills every KYC page, the operator approves on /admin, and the new vendor switches views and is listed near New York', async ({ page, browser, request }) => {
    test.setTimeout(150_000);
    const person = newPerson('kyc');
    const business = `Riverside Test Bakery ${person.username.slice(-5)}`;
    await signUpByApi(request, person);
    await countOpenSockets(page);
    await logIn(page, person.email, person.password);
    await expect(page).toHaveURL(/\/LocalActivities$/);

    // Become a vendor → /BasicInfo, the first KYC step.
    await openProfileMenuItem(page, /Become a vendor/);
    await expect(page).toHaveURL(/\/BasicInfo$/);
    await page.getByLabel('Business name').fill(business);
    await page.getByLabel('Category').selectOption('Food & Drink');
    await page.getByLabel('Description').fill('Sourdough, rye and pastries baked every morning by the river.');
    await expect(page.getByLabel('Contact e-mail')).toHaveValue(person.email);
    await expect(page.getByLabel('Contact phone')).toHaveValue(person.phone);
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page.getByText('Basic info saved.')).toBeVisible();

    // Documents: an identity document, checked by its bytes on the server.
    await expect(page).toHaveURL(/\/VendorDocument$/);
    await page.getByLabel('What is it?').selectOption('identity');
    await page.locator('input[type="file"]').setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: onePixelPng });
    await page.getByRole('button', { name: 'Upload document' }).click();
    await expect(page.getByText('Identity document uploaded.')).toBeVisible();
    await expect(page.getByText('passport.png')).toBeVisible();

    // Bank details: an IBAN, shown masked once saved.
    await goToStep(page, 'Bank details');
    await expect(page).toHaveURL(/\/BankDetails$/);
    await page.getByLabel('Account holder').fill('Riverside Bakery LLC');
    await page.getByLabel('Bank name').fill('Deutsche Test Bank');
    await page.getByRole('radio', { name: 'IBAN account' }).check({ force: true });
    await page.getByRole('textbox', { name: 'IBAN' }).fill('DE89 3704 0044 0532 0130 00');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page.getByText('Bank details saved.')).toBeVisible();

    // Opening hours: Monday 09:00–17:00 (the first range a day gets when it opens).
    await expect(page).toHaveURL(/\/ServiceTime$/);
    const monday = page.getByRole('switch', { name: 'Open on Monday' });
    if (!(await monday.isChecked())) await monday.check({ force: true });
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page.getByText('Opening hours saved.')).toBeVisible();

    // Address: found with the location picker's geocoder, near New York.
    await expect(page).toHaveURL(/\/AddAddress$/);
    await page.getByLabel('Find the place').fill('new york');
    await page.getByRole('option').first().click({ timeout: 20_000 });
    await expect(page.getByLabel('City')).toHaveValue(/New York/);
    await page.getByLabel('Street and number').fill('12 Water Street');
    await page.getByRole('button', { name: 'Add address' }).click();
    await expect(page.getByText('Address added.')).toBeVisible();

    await page.getByRole('button', { name: 'Submit for review' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Application submitted' })).toBeVisible();

    // The operator approves it on /admin, while this page stays open with its realtime socket.
    await expectOpenSockets(page);
    const operatorContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const operator = await operatorContext.newPage();
    await logIn(operator, 'admin@example.com');
    await expect(operator).not.toHaveURL(/\/login$/);
    await operator.goto('/admin');
    await operator.getByRole('list', { name: 'Vendors' }).getByRole('link', { name: new RegExp(business) }).click();
    await operator.getByRole('group', { name: 'Decisions' }).getByRole('button', { name: 'Approve' }).click();
    const confirm = operator.getByRole('dialog', { name: `Approve ${business}?` });
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await expect(operator.getByText(`${business} is approved. The owner has been notified.`)).toBeVisible();
    await operatorContext.close();

    // The approval is pushed: without a reload the account is a vendor (spec: approved → vendor), with the toggle and Create Deal.
    const toggle = page.getByRole('group', { name: 'View as' });
    await expect(toggle.getByRole('button', { name: 'Vendor' })).toHaveAttribute('aria-pressed', 'true', { timeout: 15_000 });
    await page.getByRole('button', { name: 'Deals' }).click();
    await expect(page.getByRole('menuitem', { name: 'Create Deal' })).toBeVisible();
    await page.keyboard.press('Escape');
    await toggle.getByRole('button', { name: 'User' }).click();
    await expect(page.getByText('Switched to user view')).toBeVisible();
    await expect(page).toHaveURL(/\/LocalActivities$/);
    await page.getByRole('group', { name: 'View as' }).getByRole('button', { name: 'Vendor' }).click();
    await expect(page.getByText('Switched to vendor view')).toBeVisible();
    await expect(page).toHaveURL(/\/vendor\/dashboard$/);
    await page.getByRole('group', { name: 'View as' }).getByRole('button', { name: 'User' }).click();
    await expect(page).toHaveURL(/\/LocalActivities$/);

    // And the shop is listed near New York.
    await page.goto('/Vendor');
    await page.getByRole('searchbox').first().fill(business);
    await expect(page.getByRole('heading', { name: business })).toBeVisible({ timeout: 15_000 });
  });

  test('an approved vendor\'s new name waits for review: not public while pending, read-only meanwhile, and gone when the operator rejects it', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const liveName = 'Hudson Loft Events';
    const newName = 'Hudson Loft Events & Rooftop Weddings on the Waterfront';
    /** The directory answers under the live name only (its search is typo-tolerant, so neighbours may come too). */
    const expectListedAsLive = async () => {
      const response = await page.request.get(`/api/vendor/lists/?q=${encodeURIComponent('Hudson Loft')}&radius_km=100`);
      const names = ((await response.json()) as { results: { business_name: string }[] }).results.map((card) => card.business_name);
      expect(names).toContain(liveName);
      expect(names).not.toContain(newName);
    };
    await countOpenSockets(page);
    await logIn(page, 'vendor12@example.com');
    await expect(page).not.toHaveURL(/\/login$/);

    await page.goto('/BasicInfo');
    await expect(page.getByLabel('Business name')).toHaveValue(liveName);
    await page.getByLabel('Business name').fill(newName);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Changes saved. They go live once you send them for review and they are approved.')).toBeVisible();
    const notice = page.getByRole('region', { name: 'Your changes are not live until reviewed' });
    await expect(notice.getByRole('listitem')).toHaveText(['Business name']);
    await expectListedAsLive();

    // The demo shop has no payout account and no identity document yet: every step must be complete to send changes.
    // A payout account, too, waits for review once the shop is approved.
    await page.goto('/BankDetails');
    await page.getByLabel('Account holder').fill('Hudson Loft Events LLC');
    await page.getByLabel('Bank name').fill('Deutsche Test Bank');
    await page.getByRole('radio', { name: 'IBAN account' }).check({ force: true });
    await page.getByRole('textbox', { name: 'IBAN' }).fill('DE89 3704 0044 0532 0130 00');
    await page.getByRole('button', { name: 'Save bank details' }).click();
    await expect(page.getByText('Bank details saved. A changed account is used for payouts once the marketplace team approves it.')).toBeVisible();
    await expect(notice.getByRole('listitem')).toHaveText(['Business name', 'Bank details']);
    await page.goto('/VendorDocument');
    await page.getByLabel('What is it?').selectOption('identity');
    await page.locator('input[type="file"]').setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: onePixelPng });
    await page.getByRole('button', { name: 'Upload document' }).click();
    await expect(page.getByText('Identity document uploaded.')).toBeVisible();
    const panel = page.getByRole('region', { name: 'Send your changes for review' });
    await expect(panel.getByRole('list', { name: 'Changes to be reviewed' }).getByRole('listitem')).toHaveText(['Business name', 'Bank details']);
    await panel.getByRole('button', { name: 'Send changes for review' }).click();
    const sent = page.getByRole('region', { name: 'Your changes were sent for review' });
    await expect(sent).toContainText('Your shop stays live with its approved details meanwhile.');
    await sent.getByRole('button', { name: 'Back to your vendor profile' }).click();
    await expect(page.getByRole('region', { name: 'Changes waiting for approval' })).toBeVisible();
    await page.goto('/BasicInfo');
    await expect(page.getByLabel('Business name')).toBeDisabled();
    await expectListedAsLive();

    await expectOpenSockets(page);
    const operatorContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const operator = await operatorContext.newPage();
    await logIn(operator, 'admin@example.com');
    await expect(operator).not.toHaveURL(/\/login$/);
    await operator.goto('/admin');
    await operator.getByRole('list', { name: 'Vendors' }).getByRole('link', { name: new RegExp(liveName) }).click();
    const proposed = operator.getByRole('region', { name: 'Proposed changes' });
    await expect(proposed).toContainText(newName);
    await expect(proposed).toContainText('IBAN •••• 3000');
    await operator.getByRole('group', { name: 'Decisions' }).getByRole('button', { name: 'Reject' }).click();
    const reject = operator.getByRole('dialog', { name: `Reject ${liveName}?` });
    await reject.getByLabel('Reason for the vendor').fill('Please keep the registered business name.');
    // The changes touch the basic info and the bank details: those steps come ticked.
    await expect(reject.getByRole('checkbox', { name: 'Basic info' })).toBeChecked();
    await expect(reject.getByRole('checkbox', { name: 'Bank details' })).toBeChecked();
    await reject.getByRole('button', { name: 'Reject' }).click();
    await expect(operator.getByText(`The changes to ${liveName} are discarded. The owner has been told why.`)).toBeVisible();
    await operatorContext.close();

    // The rejection is pushed: without a reload the page shows it (the toast says it too, hence main), and the form is
    // the live shop's again, editable.
    await expect(page.getByRole('main').getByRole('alert').filter({ hasText: 'Your changes were not approved' })).toContainText('Please keep the registered business name.');
    await expect(page.getByLabel('Business name')).toHaveValue(liveName);
    await expect(page.getByLabel('Business name')).toBeEnabled();
    await expectListedAsLive();
  });

  test('a user without a phone number is told to complete the profile first @phone', async ({ page, isMobile }) => {
    // As for an account that signed up with Google: an e-mail but no phone number. The real profile, its phone number
    // left out, on every fetch: the signed-in header fetches it after the first paint and stores what it says (a test
    // that removed the stored number after the first answer raced the app's own write of it, and lost once in CI).
    await page.route('**/api/profile/', async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...((await response.json()) as object), phone_number: null } });
    });
    await logIn(page, 'user@example.com');
    await expect(page).toHaveURL(/\/LocalActivities$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('phone_number')), { message: 'the stored phone number, once the profile has landed' }).toBeNull();
    if (isMobile) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: /Become a vendor/ }).click();
    } else {
      await openProfileMenuItem(page, /Become a vendor/);
    }
    await expect(page.getByText('Please update your user profile first, and then complete KYC.')).toBeVisible();
    await expect(page).toHaveURL(/\/LocalActivities$/);
  });
});
