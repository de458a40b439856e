// Help & Support (issue 15): a person writes to support from /ContactSupport, an operator answers in /admin, and the
// answer, the follow-up and the closing travel between the two without a reload. New accounts throughout: other specs
// count the demo user's notifications.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { countOpenSockets, expect, expectOpenSockets, logIn, newPerson, signUpByApi, test } from './fixtures.ts';
import type { Person } from './fixtures.ts';

/** A realtime push has to cross the server and the socket: generous on a busy machine. */
const pushed = { timeout: 20_000 };

type OutboxMessage = { to: string; channel: string; subject: string | null; body: string; created_at: string };

async function accessOf(request: APIRequestContext, person: Pick<Person, 'email' | 'password'>): Promise<string> {
  const login = await request.post('/api/login/v2/', { data: { email: person.email, password: person.password } });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { access: string }).access;
}

/** A new person, signed up by the API, with the welcome notification read so that the bell starts dark. */
async function newAccount(request: APIRequestContext, label: string) {
  const person = newPerson(label);
  await signUpByApi(request, person);
  const access = await accessOf(request, person);
  const read = await request.patch('/api/notifications/mark-all-as-read/', { headers: { authorization: `Bearer ${access}` }, data: {} });
  expect(read.status()).toBe(200);
  return { person, access };
}

/** The mail the outbox holds for `to` whose subject matches, waited for (it is sent after the answer). */
async function mailTo(request: APIRequestContext, to: string, subject: RegExp): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
      const messages = (await response.json()) as OutboxMessage[];
      found = messages.find((m) => m.channel === 'email' && subject.test(m.subject ?? ''));
      return found !== undefined;
    })
    .toBe(true);
  if (!found) throw new Error(`no mail to ${to} matching ${subject}`);
  return found;
}

/** Every toast the page shows from now on, by its text: one that came and went (5 s on screen) is counted too. */
async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { toasts: string[] }).toasts = seen;
    new MutationObserver((changes) => {
      for (const change of changes) {
        for (const node of change.addedNodes) {
          if (!(node instanceof HTMLElement)) continue;
          const added = node.matches('.Toastify__toast') ? [node] : [...node.querySelectorAll('.Toastify__toast')];
          for (const toast of added) seen.push(toast.textContent ?? '');
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** Waits until a toast saying `text` has been shown. */
async function expectToast(page: Page, text: string, options?: { timeout: number }) {
  await expect.poll(() => page.evaluate(() => [...(window as unknown as { toasts: string[] }).toasts]), options).toContainEqual(expect.stringContaining(text));
}

async function operatorPage(browser: Browser) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await recordToasts(page);
  await logIn(page, 'admin@example.com');
  await expect(page).not.toHaveURL(/\/login$/);
  return { context, page };
}

async function openSupportPage(page: Page) {
  await page.getByTestId('user-header').getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Help & Support' }).click();
  await expect(page).toHaveURL(/\/ContactSupport$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Help & Support' })).toBeVisible();
}

test.describe('Help & Support', () => {
  test('a person\'s request is acknowledged by e-mail, answered in /admin, followed up and closed, each side seeing the other\'s step without a reload', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const { person } = await newAccount(request, 'helpme');
    await countOpenSockets(page);
    await recordToasts(page);
    await logIn(page, person.email, person.password);
    await expect(page).toHaveURL(/\/LocalActivities$/);
    const bell = page.getByTestId('user-header').getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName('Notifications');

    await openSupportPage(page);
    const form = page.getByRole('region', { name: 'Send a request' });
    const topic = form.getByLabel('What is it about?');
    const message = form.getByLabel('Your message');

    // Sent empty: each field says what it needs, and the focus goes to the first.
    await form.getByRole('button', { name: 'Send request' }).click();
    await expect(form.getByText('Choose what your request is about.')).toBeVisible();
    await expect(form.getByText('Write your message.')).toBeVisible();
    await expect(topic).toHaveAttribute('aria-invalid', 'true');
    await expect(message).toHaveAttribute('aria-invalid', 'true');
    await expect(topic).toBeFocused();
    await expect(topic).toHaveAccessibleDescription('Choose what your request is about.');

    // A new account has no order or booking to point at: the optional field offers none, and says so.
    const reference = form.getByLabel('Order or booking (optional)');
    await expect(reference).toHaveAccessibleDescription('You have no orders or bookings yet.');
    await expect(reference.getByRole('option')).toHaveText(['None']);

    const text = `I changed my e-mail address yesterday and the new one does not get the codes. (${person.username})`;
    await topic.selectOption({ label: 'Account & login' });
    await message.fill(text);
    await expect(topic).not.toHaveAttribute('aria-invalid');
    await form.getByRole('button', { name: 'Send request' }).click();

    const sent = form.getByRole('status').filter({ hasText: /Request #\d+ sent\./ });
    await expect(sent).toBeVisible();
    await expect(sent).toBeFocused();
    await expect(sent).toContainText('We e-mailed you a copy, and we will answer within one working day.');
    const number = Number(/Request #(\d+) sent\./.exec((await sent.textContent()) ?? '')?.[1]);
    expect(number).toBeGreaterThan(0);
    // The form is ready for another request.
    await expect(message).toHaveValue('');

    const yours = page.getByRole('region', { name: 'Your requests' });
    const item = yours.getByRole('list', { name: 'Your support requests' }).getByRole('link', { name: new RegExp(`#${number} · Account & login`) });
    await expect(item).toContainText('Waiting for support');
    await expect(item).toContainText(text);

    // The acknowledgement: its subject and body name the request, and the body links back to it.
    const seeIt = sent.getByRole('link', { name: 'See it in your requests' });
    const requestId = new URL((await seeIt.getAttribute('href')) ?? '', 'http://localhost').searchParams.get('request') ?? '';
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const acknowledgement = await mailTo(request, person.email, new RegExp(`^We got your request #${number}: `));
    expect(acknowledgement.subject).toBe(`We got your request #${number}: Account & login`);
    expect(acknowledgement.body).toContain(`We got your request #${number} (Account & login)`);
    expect(acknowledgement.body).toContain(`/ContactSupport?request=${requestId}`);
    expect(acknowledgement.body).toContain(text);

    // The person opens the request and keeps the page open.
    await seeIt.click();
    await expect(page).toHaveURL(new RegExp(`/ContactSupport\\?request=${requestId}$`));
    const details = yours.getByRole('region', { name: `Request #${number}: Account & login` });
    const thread = details.getByRole('list', { name: `Conversation of request #${number}` });
    await expect(thread.getByRole('listitem')).toHaveCount(1);
    await expect(details).toContainText('Waiting for support');
    await expectOpenSockets(page);

    // The operator, in a browser of their own, finds the request by the person's e-mail and answers it.
    const operator = await operatorPage(browser);
    try {
      const admin = operator.page;
      await admin.goto('/admin');
      await admin.getByRole('navigation', { name: 'Operator sections' }).getByRole('link', { name: 'Support' }).click();
      await expect(admin).toHaveURL(/section=support/);
      await admin.getByLabel('Search support requests').fill(person.email);
      await expect(admin).toHaveURL(/[?&]q=/);
      const queue = admin.getByRole('list', { name: 'Support requests' });
      await expect(queue.getByRole('link')).toHaveCount(1);
      await queue.getByRole('link', { name: new RegExp(`#${number} · Account & login`) }).click();
      const review = admin.getByRole('article', { name: `Request #${number}: Account & login` });
      await expect(review).toContainText(person.email);
      await expect(review.getByRole('list', { name: `Conversation of request #${number}` })).toContainText(text);
      await expect(review).toContainText('Open');

      const answer = 'Thank you: we found the old address still set for codes and changed it. Please try logging in again.';
      await review.getByLabel('Your answer').fill(answer);
      await review.getByRole('button', { name: 'Send answer' }).click();
      await expectToast(admin, `Answer sent to ${person.username}.`);
      await expect(review.getByText('Answered', { exact: true })).toBeVisible();
      await expect(review.getByRole('list', { name: `Conversation of request #${number}` }).getByRole('listitem')).toHaveCount(2);
      // It left the open queue for the answered one.
      await expect(queue.getByRole('link', { name: new RegExp(`#${number} `) })).toHaveCount(0);
      await admin.getByRole('tablist', { name: 'Request status' }).getByRole('tab', { name: 'Answered' }).click();
      await expect(queue.getByRole('link', { name: new RegExp(`#${number} · Account & login`) })).toContainText('Answered');

      // Pushed to the person's open page: the answer in the thread, the status, and the bell.
      await expect(thread).toContainText(answer, pushed);
      await expect(thread.getByRole('listitem')).toHaveCount(2);
      await expect(thread.getByRole('listitem').last()).toContainText('from Support');
      await expect(details.getByText('Answered', { exact: true })).toBeVisible();
      await expect(item).toContainText('Answered');
      await expect(bell).toHaveAccessibleName('Notifications (unread)', pushed);
      await expectToast(page, `Support answered your request #${number}`);
      await expect(page).toHaveURL(new RegExp(`/ContactSupport\\?request=${requestId}$`));
      const answerMail = await mailTo(request, person.email, new RegExp(`^Re: your request #${number}: `));
      expect(answerMail.body).toContain(answer);

      // The person replies in the thread: the request waits for support again (replyAsPerson sets it open).
      const follow = 'It works now, thank you. One more thing: will my old address still get the newsletters?';
      await details.getByLabel('Add to your request').fill(follow);
      await details.getByRole('button', { name: 'Send reply' }).click();
      await expect(thread.getByRole('listitem')).toHaveCount(3);
      await expect(thread.getByRole('listitem').last()).toContainText(follow);
      await expect(details.getByText('Waiting for support', { exact: true })).toBeVisible();
      await expect(details.getByLabel('Add to your request')).toHaveValue('');

      // The operator finds it back in the open queue, with the follow-up, and closes it. Nothing is pushed to operators
      // (the console keeps what it loaded for half a minute): they see it on their next visit to the queue.
      await admin.reload();
      await admin.getByRole('tablist', { name: 'Request status' }).getByRole('tab', { name: 'Open' }).click();
      await expect(admin.getByLabel('Search support requests')).toHaveValue(person.email);
      const reopened = queue.getByRole('link', { name: new RegExp(`#${number} · Account & login`) });
      await expect(reopened).toContainText('Open');
      await reopened.click();
      await expect(review.getByRole('list', { name: `Conversation of request #${number}` })).toContainText(follow);
      await expect(review.getByText('Open', { exact: true })).toBeVisible();
      await review.getByRole('button', { name: 'Close request' }).click();
      await expectToast(admin, `Request #${number} closed.`);
      await expect(review.getByText('Closed', { exact: true })).toBeVisible();
      await expect(review.getByRole('button', { name: 'Reopen' })).toBeVisible();
    } finally {
      await operator.context.close();
    }

    // Pushed again: the person sees it closed, and can no longer add to it.
    await expect(details.getByText('Closed', { exact: true })).toBeVisible(pushed);
    await expect(details).toContainText('This request is closed. If you still need help, send a new request.');
    await expect(details.getByLabel('Add to your request')).toHaveCount(0);
    await expect(item).toContainText('Closed');
    await expectToast(page, `Your support request #${number} is closed`);
    await expect(page).toHaveURL(new RegExp(`/ContactSupport\\?request=${requestId}$`));
  });

  test('another account cannot open a person\'s request by its address, in the page or through the API', async ({ page, request, consoleErrors }) => {
    const owner = await newAccount(request, 'owner');
    const created = await request.post('/api/support/requests/', {
      headers: { authorization: `Bearer ${owner.access}` },
      data: { topic: 'payments', message: 'I was charged twice for the same order last Friday.' },
    });
    expect(created.status()).toBe(201);
    const { id, number } = (await created.json()) as { id: string; number: number };

    const stranger = await newAccount(request, 'stranger');
    const asked = await request.get(`/api/support/requests/${id}/`, { headers: { authorization: `Bearer ${stranger.access}` } });
    expect(asked.status()).toBe(404);
    expect(((await asked.json()) as { error: string }).error).toBe('That support request was not found.');
    const replied = await request.post(`/api/support/requests/${id}/replies/`, {
      headers: { authorization: `Bearer ${stranger.access}` },
      data: { message: 'Let me in.' },
    });
    expect(replied.status()).toBe(404);

    await logIn(page, stranger.person.email, stranger.person.password);
    await expect(page).toHaveURL(/\/LocalActivities$/);
    await page.goto(`/ContactSupport?request=${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Help & Support' })).toBeVisible();
    const yours = page.getByRole('region', { name: 'Your requests' });
    await expect(yours.getByRole('alert')).toContainText('That request was not found among yours.');
    await expect(yours).toContainText('You have not contacted support yet.');
    await expect(yours).not.toContainText('charged twice');
    await expect(page.getByText(`#${number}`)).toHaveCount(0);
    // The refused request, which Chromium logs as a failed resource, and nothing else.
    expect(consoleErrors.splice(0).filter((e) => !e.includes('the server responded with a status of 404'))).toEqual([]);
  });
});
