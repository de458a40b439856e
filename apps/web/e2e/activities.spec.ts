import type { Page } from '@playwright/test';
import { expect, logIn, newPerson, serveMapTiles, signUpByApi, test } from './fixtures.ts';

/**
 * An activity from one end to the other, with two people at once (issue 14): a host posts an approval-only activity
 * near New York on /PostActivities (a new account standing in for the demo user, whose notifications and activities
 * other specs count); a second account finds it in /LocalActivities and asks to join; the host
 * accepts in /ActivityRequests; both open the group chat and see each other's messages arrive without a reload, who
 * is typing, and "Seen by"; a dropped connection catches up; the host removes the participant, whose open chat is cut
 * off at once.
 */

/** Errors the page logs, for pages the test opens itself (the `page` fixture's are checked by fixtures.ts). */
function recordErrors(target: Page, into: string[]) {
  target.on('pageerror', (error) => into.push(`page error: ${error.message}`));
  target.on('console', (message) => {
    if (message.type() === 'error') into.push(`console.error: ${message.text()}`);
  });
}

/** A datetime-local value `days` from now at `hour`:00, the browser's local time. */
function localDateTime(days: number, hour: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(hour)}:00`;
}

test('a host posts an approval-only activity, a second person finds it and asks, the host accepts, they chat in real time, and a removed participant is cut off', async ({ page, browser, request }, testInfo) => {
  test.setTimeout(150_000);
  const errors: string[] = [];
  const baseURL = testInfo.project.use.baseURL ?? '';
  const title = `Sunrise paddle ${Date.now().toString(36)}`;
  const hostPerson = newPerson('activityhost');
  const guestPerson = newPerson('activityguest');
  await signUpByApi(request, hostPerson);
  await signUpByApi(request, guestPerson);

  // The host posts it, approval needed, at their area (New York when none is chosen).
  await logIn(page, hostPerson.email, hostPerson.password);
  await expect(page).toHaveURL(/\/LocalActivities$/);
  await page.goto('/PostActivities');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Stand-up paddle boards on the river at first light; boards and vests provided.');
  await page.getByLabel('Category').selectOption('Sports & Fitness');
  await page.getByLabel('Starts').fill(localDateTime(2, 7));
  await page.getByLabel('Ends').fill(localDateTime(2, 9));
  await expect(page.getByText(/^On the map at .*New York/)).toBeVisible();
  await page.getByLabel('Address or meeting point').fill('Pier 26, Hudson River Park, New York');
  await page.getByLabel('Capacity').fill('6');
  await page.getByRole('radio', { name: /Approval needed/ }).check();
  await page.getByRole('button', { name: 'Create activity' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const activityUrl = page.url();

  // A second person, in their own browser context, finds it among the activities near New York and asks to join.
  const guestContext = await browser.newContext({ baseURL });
  await serveMapTiles(guestContext);
  const guest = await guestContext.newPage();
  recordErrors(guest, errors);
  await logIn(guest, guestPerson.email, guestPerson.password);
  await expect(guest).toHaveURL(/\/LocalActivities$/);
  await guest.getByRole('link', { name: title }).first().click();
  await expect(guest.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await guest.getByRole('button', { name: 'Request to join' }).click();
  await expect(guest.getByText('Your request is waiting for the host.')).toBeVisible();

  // The host's open page learns of the request without a reload (the notification's push refetches the activity);
  // the host accepts in /ActivityRequests.
  await expect(page.getByRole('link', { name: /^Requests and participants/ })).toContainText('1');
  await page.getByRole('link', { name: /^Requests and participants/ }).click();
  await expect(page).toHaveURL(/\/ActivityRequests\//);
  await page.getByRole('button', { name: /^Accept / }).click();
  await expect(page.getByText(/ is going\.$/)).toBeVisible();
  // The guest's open page too.
  await expect(guest.getByText('You are going.')).toBeVisible();
  await guest.getByRole('link', { name: 'Chat', exact: true }).click();
  await expect(guest.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(guest.getByText('No messages yet. Say hello!')).toBeVisible();

  // The host opens the same room from the activity's page.
  await page.goto(activityUrl);
  await page.getByRole('link', { name: 'Chat', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('2 members')).toBeVisible();

  // The guest writes; the host sees who is typing, then the message, without a reload.
  const guestBox = guest.getByRole('textbox', { name: 'Message' });
  await guestBox.pressSequentially('Morning! Is there parking', { delay: 20 });
  await expect(page.getByText(/is typing…$/)).toBeVisible();
  await guestBox.pressSequentially(' near the dock?');
  await guestBox.press('Enter');
  const hostLog = page.getByRole('log', { name: 'Messages' });
  await expect(hostLog.getByText('Morning! Is there parking near the dock?')).toBeVisible();
  await expect(page.getByText(/is typing…$/)).toBeHidden();

  // The host answers, with markup that must stay text; the guest sees it, and the host sees it was read.
  await page.getByRole('textbox', { name: 'Message' }).fill('Yes, free before 8. <img src=x onerror="document.title=\'owned\'">');
  await page.getByRole('button', { name: 'Send' }).click();
  const guestLog = guest.getByRole('log', { name: 'Messages' });
  await expect(guestLog.getByText('Yes, free before 8. <img src=x onerror="document.title=\'owned\'">')).toBeVisible();
  await expect(page.getByText(/^Seen by /)).toBeVisible();
  expect(await guest.title()).not.toBe('owned');
  expect(await guestLog.locator('img[src="x"]').count()).toBe(0);

  // The socket drops and comes back: what was said meanwhile arrives once.
  await guestContext.setOffline(true);
  await page.getByRole('textbox', { name: 'Message' }).fill('Bring a towel.');
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(hostLog.getByText('Bring a towel.')).toBeVisible();
  await expect(guestLog.getByText('Bring a towel.')).toHaveCount(0);
  await guestContext.setOffline(false);
  await expect(guestLog.getByText('Bring a towel.')).toHaveCount(1, { timeout: 45_000 });

  expect(errors, 'the guest\'s page logged errors').toEqual([]);

  // The host removes the guest: the guest's open chat is closed at once (on the next message of the room).
  await page.goto(activityUrl.replace('/ActivitiesDetails/', '/ActivityRequests/'));
  await expect(page.getByRole('list', { name: 'Participants' })).toBeVisible();
  await page.getByRole('list', { name: 'Participants' }).getByRole('button', { name: /^Remove / }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(/is removed and has been told/)).toBeVisible();
  await page.goBack();
  await page.getByRole('textbox', { name: 'Message' }).fill('See you all tomorrow.');
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(guest.getByRole('alert').filter({ hasText: 'You are no longer in this chat' })).toBeVisible();
  await expect(guest.getByRole('textbox', { name: 'Message' })).toBeDisabled();
  await expect(guestLog.getByText('See you all tomorrow.')).toHaveCount(0);

  await guestContext.close();
  // Only the refused rooms call (404: the chat is not theirs any more), which Chromium logs as a failed resource.
  expect(errors.filter((e) => !e.includes('the server responded with a status of 404')), 'the guest\'s page logged errors').toEqual([]);
});
