import { test as base, expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

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

/**
 * The test run this worker belongs to: the runner process that forked it (its pid and its start time, so that a pid
 * used again by a later run is another run). Null where /proc cannot tell.
 */
function runId(): string | null {
  try {
    // Field 22 of /proc/<pid>/stat, the start time; the fields after the command name (which may hold spaces).
    const stat = readFileSync(`/proc/${process.ppid}/stat`, 'utf8');
    const startedAt = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return startedAt ? `${process.ppid}-${startedAt}` : null;
  } catch {
    return null;
  }
}

/**
 * Makes something once per test run and hands it to every worker of every project (a worker-scoped fixture is made
 * once per worker: on two workers and two projects, four times). The first worker to ask makes it and writes its JSON
 * answer to a file of the run; the others wait for that file. A failure is written too, so the others fail at once
 * with its message rather than wait. Where the run cannot be told (no /proc), each caller makes its own.
 */
export async function oncePerRun<T>(key: string, make: () => Promise<T>, timeout = 120_000): Promise<T> {
  const run = runId();
  if (!run) return make();
  const dir = path.join(tmpdir(), 'localloop-e2e-once', run);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${createHash('sha256').update(key).digest('hex').slice(0, 24)}`);
  let claimed = false;
  try {
    writeFileSync(`${file}.lock`, String(process.pid), { flag: 'wx' });
    claimed = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if (claimed) {
    try {
      const made = await make();
      writeFileSync(`${file}.tmp`, JSON.stringify(made));
      renameSync(`${file}.tmp`, `${file}.json`);
      return made;
    } catch (error) {
      writeFileSync(`${file}.error`, error instanceof Error ? error.message : String(error));
      throw error;
    }
  }
  const until = Date.now() + timeout;
  while (Date.now() < until) {
    if (existsSync(`${file}.json`)) return JSON.parse(readFileSync(`${file}.json`, 'utf8')) as T;
    if (existsSync(`${file}.error`)) throw new Error(`${key} failed in another worker: ${readFileSync(`${file}.error`, 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${key} was not made by another worker within ${timeout / 1000} s`);
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * A demo account's signed-in browser state (its localStorage), logged in through the login page. The user view's header
 * detects the location once (no position is granted, so it is refused and that is remembered): saved after that, a test
 * starting from it shows "Set your area" and no toast.
 */
export async function signedInState(browser: Browser, baseURL: string, email: string): Promise<StorageState> {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await logIn(page, email);
    await expect(page).not.toHaveURL(/\/login$/);
    await settleSignedInState(page);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/** Waits for what a first signed-in page stores: its header shown and, in the user view, the location's answer. */
export async function settleSignedInState(page: Page) {
  await expect(page.getByTestId('user-header').or(page.getByTestId('vendor-header'))).toBeVisible();
  if (await page.getByTestId('user-header').isVisible()) {
    await expect.poll(() => page.evaluate(() => localStorage.getItem('locationAccess') ?? localStorage.getItem('userLocation'))).not.toBeNull();
  }
}

/** A demo account's signed-in state, made once per test run (see oncePerRun) and shared by every spec and worker. */
export const sharedSignedInState = (browser: Browser, baseURL: string, email: string) =>
  oncePerRun(`signed in ${baseURL} ${email}`, () => signedInState(browser, baseURL, email));

/** Opens a demo vendor's page by its business name, as a visitor finds it, and waits for its heading. */
export async function openVendorPage(page: Page, name: string) {
  const list = (await (await page.request.get(`/api/vendor/lists/?q=${encodeURIComponent(name)}`)).json()) as { results: { user_id: string; business_name: string }[] };
  const vendor = list.results.find((v) => v.business_name === name);
  expect(vendor, name).toBeDefined();
  await page.goto(`/vendor/${vendor?.user_id ?? ''}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}
