import { deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { codeFor, expect, logIn, newPerson, signUpByApi, test } from './fixtures.ts';

/** A real 96×96 PNG (a teal-to-amber gradient), so the server's sharp has something to re-encode. */
function gradientPng(size = 96): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    typed.copy(out, 4);
    out.writeUInt32BE(crc32(typed), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const row = y * (1 + size * 3);
    for (let x = 0; x < size; x++) {
      const t = (x + y) / (2 * size);
      rows.set([Math.round(15 + 230 * t), Math.round(118 + 40 * t), Math.round(110 - 80 * t)], row + 1 + x * 3);
    }
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

async function logOut(page: Page, isMobile: boolean) {
  if (isMobile) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Logout' }).click();
  } else {
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
  }
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, Logout' }).click();
  await expect(page.getByTestId('public-header')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

test.describe('accounts', () => {
  test('a new person signs up through the three pages with the code from the outbox, logs out, and logs in by phone @phone', async ({ page, context, isMobile }) => {
    const person = newPerson('signup');

    await page.goto('/');
    if (isMobile) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Sign Up' }).click();
    } else {
      await page.getByTestId('public-header').getByRole('link', { name: 'Sign Up' }).click();
    }
    await expect(page).toHaveURL(/\/createAccount$/);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Phone number').fill(person.phone);
    await page.getByLabel('Username').fill(person.username);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(/\/OtpVerifyPage\?email=/);
    await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Resend code in \d:\d\d/ })).toBeDisabled();

    // The hint opens the developer outbox in a new tab, filtered to this address; the code is read there.
    const outboxOpened = context.waitForEvent('page');
    await page.getByRole('link', { name: /developer outbox/ }).click();
    const outbox = await outboxOpened;
    await expect(outbox.getByRole('heading', { name: 'Developer outbox' })).toBeVisible();
    await expect(outbox.getByLabel('Show messages to')).toHaveValue(person.email);
    const copy = outbox.getByRole('button', { name: /^Copy code \d{6}$/ }).first();
    await expect(copy).toBeVisible();
    const code = ((await copy.getAttribute('aria-label')) ?? '').replace('Copy code ', '');
    await outbox.close();

    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();

    await expect(page).toHaveURL(/\/resgisterAccount$/);
    await expect(page.getByText(person.email)).toBeVisible();
    await expect(page.getByText(person.username)).toBeVisible();
    await page.getByRole('button', { name: 'Create my account' }).click();

    await expect(page).toHaveURL(/\/LocalActivities$/);
    await expect(page.getByTestId('user-header')).toBeVisible();
    expect(await page.evaluate(() => [localStorage.getItem('email'), localStorage.getItem('username')])).toEqual([person.email, person.username]);

    await logOut(page, isMobile);

    // Phone login: the number, then the code texted to it (read from the outbox API this time).
    const since = new Date(Date.now() - 1000).toISOString();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Log in with your phone number' }).click();
    await expect(page).toHaveURL(/\/PhoneOtp$/);
    await page.getByLabel('Phone number').fill(person.phone);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
    await expect(page.getByLabel('6-digit code')).toBeFocused();
    await page.getByLabel('6-digit code').fill(await codeFor(page.request, person.phone, since));
    await page.getByRole('button', { name: 'Log in' }).click();

    await expect(page).toHaveURL(/\/LocalActivities$/);
    await expect(page.getByTestId('user-header')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('phone_number'))).toBe(person.phone);
  });

  test('a person who forgot the password resets it with an e-mailed code and logs in with the new one', async ({ page, request }) => {
    const person = newPerson('reset');
    // The sign-up code went to the same address a moment ago: the minute between two codes is kept per kind of code,
    // so the reset code goes out at once.
    await signUpByApi(request, person);
    const newPassword = 'copper-kettle-77';

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/ForgotPassword$/);
    const since = new Date(Date.now() - 1000).toISOString();
    await page.getByLabel('Email').fill(person.email);
    await page.getByRole('button', { name: 'Send code' }).click();

    await expect(page).toHaveURL(/\/VerifyOtpForgotPassword\?email=/);
    await page.getByLabel('6-digit code').fill(await codeFor(request, person.email, since));
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(/\/ResetPassword$/);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();

    await expect(page.getByText('Your password has been changed. Log in with your new password.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await logIn(page, person.email, newPassword);
    await expect(page).toHaveURL(/\/LocalActivities$/);
    await expect(page.getByTestId('user-header')).toBeVisible();
  });

  test('a user uploads a profile photo and sees it in the header', async ({ page, request }) => {
    const person = newPerson('photo');
    await signUpByApi(request, person);
    await logIn(page, person.email, person.password);
    await expect(page).toHaveURL(/\/LocalActivities$/);

    const header = page.getByTestId('user-header');
    await expect(header.getByRole('button', { name: 'Profile menu' })).toContainText('P');
    await header.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'User Profile' }).click();
    await expect(page).toHaveURL(/\/UserProfile$/);

    await page.getByLabel('Upload a photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: gradientPng() });
    await expect(page.getByText('Your photo has been updated.')).toBeVisible();

    const avatar = header.getByTestId('header-avatar');
    await expect(avatar).toHaveAttribute('src', /\/media\//);
    // The thumbnail really loads (same origin, allowed by the CSP), not just an <img> with a URL.
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByTestId('profile-photo')).toHaveAttribute('src', /\/media\//);
  });
});
