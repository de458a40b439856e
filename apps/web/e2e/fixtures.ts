import { test as base, expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo-password-1';

/** A 1×1 PNG: a document the server accepts (it decodes the bytes), and the map's every tile. */
export const onePixelPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

/** The map's tile server: out of reach here (and in CI, where its name does not even resolve). */
export const mapTiles = /^https:\/\/[a-z.]*tile\.openstreetmap\.org\//;

/** Answers every map tile with a pixel, so that a page with a map logs no failed request. */
export async function serveMapTiles(target: Page | BrowserContext) {
  await target.route(mapTiles, (route) => route.fulfill({ contentType: 'image/png', body: onePixelPng }));
}

type Fixtures = {
  /** Console errors and uncaught page errors; the test fails if any are left at the end. */
  consoleErrors: string[];
  /** Every page of the test's context gets its map tiles served; a test that wants them refused routes them on its page, which takes precedence. */
  servedMapTiles: void;
};

export const test = base.extend<Fixtures>({
  servedMapTiles: [
    async ({ context }, use) => {
      await serveMapTiles(context);
      await use();
    },
    { auto: true },
  ],
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(`console.error: ${m.text()}`);
      });
      page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
      await use(errors);
      expect(errors, 'the page logged errors').toEqual([]);
    },
    { auto: true },
  ],
});

/** Logs in through the login page, as a person would. */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** A new person per test and per run: e-mail, phone and username nobody has used. */
export function newPerson(label: string) {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const digits = `${Date.now()}`.slice(-6) + `${Math.floor(Math.random() * 1000)}`.padStart(3, '0');
  return {
    email: `${label}.${stamp}@example.com`,
    phone: `+19${digits}`,
    username: `${label}_${stamp}`,
    password: 'lantern-river-88',
  };
}
export type Person = ReturnType<typeof newPerson>;

type OutboxMessage = { to: string; code: string | null; created_at: string };

/** The newest code sent to `to` after `since` (ISO), read from the developer outbox API. */
export async function codeFor(request: APIRequestContext, to: string, since: string): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(async () => {
      const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
      const messages = (await response.json()) as OutboxMessage[];
      code = messages.find((m) => m.created_at >= since && m.code)?.code ?? null;
      return code;
    })
    .not.toBeNull();
  return code ?? '';
}

/**
 * Signs a person up through the API (register, code from the outbox, create), for tests about later steps.
 * Answers when the sign-up code was sent: the server sends one code per destination per minute, whatever it is for.
 */
export async function signUpByApi(request: APIRequestContext, person: Person): Promise<number> {
  const sentAt = Date.now();
  const since = new Date(sentAt - 1000).toISOString();
  const start = await request.post('/api/register/v3/', {
    data: { email: person.email, phone_number: person.phone, username: person.username, password: person.password },
  });
  expect(start.status()).toBe(200);
  const otp = await codeFor(request, person.email, since);
  const verified = await request.post('/api/verify/register/otp/v3/', { data: { email: person.email, otp } });
  const { verification_token } = (await verified.json()) as { verification_token: string };
  const created = await request.post('/api/create-user/', { data: { verification_token } });
  expect(created.status()).toBe(201);
  return sentAt;
}

/**
 * Counts the page's open WebSockets (install before the first navigation), so a test can wait for the
 * realtime channel to be connected before it makes the server push something.
 */
export async function countOpenSockets(page: Page) {
  await page.addInitScript(() => {
    const counter = window as unknown as { openSockets: number };
    counter.openSockets = 0;
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        this.addEventListener('open', () => (counter.openSockets += 1));
        this.addEventListener('close', () => (counter.openSockets -= 1));
      }
    };
  });
}

/** Waits until the page has `count` open WebSockets (see countOpenSockets). */
export async function expectOpenSockets(page: Page, count = 1) {
  await expect.poll(() => page.evaluate(() => (window as unknown as { openSockets: number }).openSockets)).toBe(count);
}

/**
 * Opens `route` as a link in the app would: React Router's own history entry (a fresh key, as its push makes) and a
 * popstate, no page load. Waits for the route change to land: once the page is shown the shell focuses its h1 (or the
 * page focuses a field itself; useRouteFocus), and nothing in main had the focus before. The focus may not stay
 * there: /appointment/confirmation's h1 while loading is replaced by another once loaded, and the focus drops to the
 * body.
 */
export async function openInApp(page: Page, route: string) {
  await page.evaluate((to) => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    const flags = window as unknown as { focusLanded: boolean };
    flags.focusLanded = false;
    const listener = (event: FocusEvent) => {
      if (!(event.target instanceof Node) || !document.querySelector('main')?.contains(event.target)) return;
      flags.focusLanded = true;
      document.removeEventListener('focusin', listener, true);
    };
    document.addEventListener('focusin', listener, true);
    const { idx } = (window.history.state ?? {}) as { idx?: number };
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: (idx ?? 0) + 1 }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, route);
  const landed = await page
    .waitForFunction((to) => `${location.pathname}${location.search}` === to && (window as unknown as { focusLanded: boolean }).focusLanded, route, { timeout: 15_000 })
    .then(() => true)
    .catch(() => false);
  if (!landed) {
    const state = await page.evaluate(() => ({
      at: `${location.pathname}${location.search}`,
      focused: `${document.activeElement?.tagName ?? ''} ${document.activeElement?.textContent?.slice(0, 60) ?? ''}`,
      h1: document.querySelector('main h1')?.textContent ?? null,
      overlays: [...document.querySelectorAll('[role="menu"], [role="dialog"]')].map((e) => e.outerHTML.slice(0, 200)),
    }));
    throw new Error(`${route} did not open in the app within 15 s: ${JSON.stringify(state)}`);
  }
}

export { expect };
