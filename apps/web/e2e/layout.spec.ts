import type { APIRequestContext, Browser, BrowserContextOptions, Page } from '@playwright/test';
import { codeFor, countOpenSockets, DEMO_PASSWORD, expect, expectOpenSockets, logIn, newPerson, oncePerRun, openInApp, serveMapTiles, sharedSignedInState, signUpByApi, test as base } from './fixtures.ts';

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/** Who looks: a demo account, or nobody. The vendor also in its user view, with a place name that never fits. */
type Role = 'visitor' | 'user' | 'vendor' | 'vendor as user' | 'operator';

/**
 * A phone, a tablet, and each of Tailwind's wider breakpoints (lg 1024, xl 1280) and a wide screen past 2xl: the layout
 * changes only at those. 1366 (a common laptop) is the laptop project's own window, so every other spec looks at it.
 */
const widths = [320, 768, 1024, 1280, 1920] as const;
/** Where the signed-in header shows its full bar; below, the bell and the side menu's button. */
const fullBarFrom = 1280;

const accounts: Record<Exclude<Role, 'visitor'>, string> = {
  user: 'user@example.com',
  vendor: 'vendor@example.com',
  'vendor as user': 'vendor@example.com',
  operator: 'admin@example.com',
};

const longPlace = {
  city: 'Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch',
  state: 'Gwynedd County Council Area',
  latitude: 40.6782,
  longitude: -73.9442,
  country: 'United Kingdom',
  area: 'Prospect Lefferts Gardens and Crown Heights South',
  formattedAddress: 'Prospect Lefferts Gardens and Crown Heights South, Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch',
};


type Worker = {
  /** One login per account per run (sharedSignedInState), kept by the worker; each test starts from its saved session. */
  sessions: Map<string, Promise<StorageState>>;
  /**
   * The demo vendor's page (vendor@example.com's shop) with a 1,000-character unbroken comment and a long URL in another,
   * posted once per run (each of these is made once per run, oncePerRun): the vendor's notifications panel and
   * dashboard then show them too.
   */
  longCommentsVendor: { path: string };
  /** A vendor that saved its first KYC step with a business name, description and e-mail that fit no line. */
  longNamedVendor: { id: string };
  /**
   * A service and a provider of the demo shop whose names fit no line, with a month of times, booked once by the demo
   * user with a note that fits no line either (and made a favorite): every appointments page has them to show.
   */
  longNamedBooking: { serviceId: string; serviceName: string; providerId: string; appointmentId: string };
  /**
   * A deal of the demo shop at its primary address whose title, description and terms fit no line (each as long as the
   * contract allows), bought once by the demo user: Popular Deals, its page, My Orders (with its QR code), My Deals and
   * My Sales all show it. And a seeded deal of the demo shops, with its pictures.
   */
  longNamedDeal: { dealId: string; title: string; demoDealId: string };
  /**
   * The demo seed's activities near New York (apps/server/src/db/seed/activities.ts), by whom the demo user is to them:
   * one it hosts (approval, with Maya's request waiting), one it joined, one it has not asked to join (approval), and
   * an open one for a visitor.
   */
  demoActivities: { hosted: string; joined: string; joinedRoom: string; notJoined: string; open: string };
  /**
   * A support request of the demo user about the order of the long-titled deal, its message as long as the contract
   * allows with nowhere to break, left open (an answer would notify the demo user, whose notifications other specs count):
   * /ContactSupport and the operators' Support section show it.
   */
  longSupportRequest: { id: string };
};

const test = base.extend<{ page: Page }, Worker>({
  sessions: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs the destructuring, even empty
    async ({}, use) => {
      await use(new Map());
    },
    { scope: 'worker' },
  ],
  longCommentsVendor: [
    async ({ playwright }, use, workerInfo) => {
      const made = await oncePerRun(`layout longCommentsVendor ${workerInfo.project.use.baseURL ?? ''}`, async () => {
        const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
        const list = (await (await request.get('/api/vendor/lists/?q=Hudson%20Corner')).json()) as { results: { id: string; user_id: string; business_name: string }[] };
        const vendor = list.results.find((v) => v.business_name === 'Hudson Corner Studio');
        expect(vendor, 'the demo vendor Hudson Corner Studio').toBeDefined();
        const url = `https://example.com/${'a/very-long-path_segment-'.repeat(24)}?utm_source=${'x'.repeat(60)}`;
        for (const comment of ['x'.repeat(1000), `Booked through ${url} and it went well.`]) {
          await rateAsNewPerson(request, vendor?.id ?? '', comment);
        }
        await request.dispose();
        return { path: `/vendor/${vendor?.user_id ?? ''}` };
      });
      await use(made);
    },
    { scope: 'worker' },
  ],
  longNamedVendor: [
    async ({ playwright }, use, workerInfo) => {
      const made = await oncePerRun(`layout longNamedVendor ${workerInfo.project.use.baseURL ?? ''}`, async () => {
        const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
        const person = newPerson('longname');
        await signUpByApi(request, person);
        const access = await accessOf(request, person.email, person.password);
        const saved = await request.put('/api/vendor/me/basic-info/', {
          headers: { authorization: `Bearer ${access}` },
          data: {
            business_name: `Wolfeschlegelsteinhausenbergerdorff${'Bakery'.repeat(14)}`,
            category: 'Food & Drink',
            description: `https://example.com/${'menu-and-opening-hours/'.repeat(40)}`,
            contact_email: `${'orders.and.catering.enquiries'.repeat(4)}@${'bakery'.repeat(20)}.example.com`,
            contact_phone: person.phone,
          },
        });
        expect(saved.status()).toBe(200);
        const { id } = (await saved.json()) as { id: string };
        await request.dispose();
        return { id };
      });
      await use(made);
    },
    { scope: 'worker' },
  ],
  longNamedBooking: [
    async ({ playwright }, use, workerInfo) => {
      const made = await oncePerRun(`layout longNamedBooking ${workerInfo.project.use.baseURL ?? ''}`, async () => {
        const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
        const asVendor = { authorization: `Bearer ${await accessOf(request, accounts.vendor, DEMO_PASSWORD)}` };
        const asUser = { authorization: `Bearer ${await accessOf(request, accounts.user, DEMO_PASSWORD)}` };
        // Z: last in the shop's lists, so other tests that open "the first provider" still find a seeded one.
        const serviceName = `Zygomatic${'Craniosacral'.repeat(8)}${Date.now().toString(36)}`.slice(0, 120);
        const service = await request.post('/api/appointments/create-service/', {
          headers: asVendor,
          data: {
            name: serviceName,
            description: `https://example.com/${'treatment-notes/'.repeat(40)}`,
            category: 'Beauty & Wellness',
            duration_minutes: 30,
            price: { amount_cents: 99_999_999, currency: 'USD' },
          },
        });
        expect(service.status()).toBe(201);
        const { id: serviceId } = (await service.json()) as { id: string };
        const provider = await request.post('/api/appointments/create-provider/', {
          headers: asVendor,
          data: { name: `Zacharias${'Wolfeschlegelstein'.repeat(6)}`, bio: 'x'.repeat(1000), service_ids: [serviceId] },
        });
        expect(provider.status()).toBe(201);
        const { id: providerId } = (await provider.json()) as { id: string };
        // From yesterday (UTC) on: the server starts at the shop's today, wherever the shop is.
        const days = Array.from({ length: 15 }, (_, i) => new Date(Date.now() + (i - 1) * 86_400_000).toISOString().slice(0, 10));
        const made = await request.post(`/api/appointments/providers/${providerId}/generate-slots/`, {
          headers: asVendor,
          data: { service_id: serviceId, start_date: days[0], end_date: days.at(-1) },
        });
        expect(made.status()).toBe(200);
        let startsAt: string | undefined;
        // Two days ahead at least: no reminder (24 h and 1 h before) reaches the demo user, whose notifications other tests count.
        for (const day of days.slice(3)) {
          const free = await request.get(`/api/appointments/get-time-slots/?provider_id=${providerId}&service_id=${serviceId}&for_date=${day}`);
          startsAt = ((await free.json()) as { slots: { starts_at: string }[] }).slots[0]?.starts_at;
          if (startsAt) break;
        }
        expect(startsAt, 'a free time in the two weeks after the next two days').toBeDefined();
        const booked = await request.post('/api/appointments/book-appointment/', {
          headers: asUser,
          data: { service_id: serviceId, provider_id: providerId, starts_at: startsAt, notes: `Allergic-to-${'lavender-and-eucalyptus-oils-'.repeat(15)}` },
        });
        expect(booked.status()).toBe(201);
        const { id: appointmentId } = (await booked.json()) as { id: string };
        expect((await request.post(`/api/service/${serviceId}/favorite/`, { headers: asUser })).status()).toBe(200);
        await request.dispose();
        return { serviceId, serviceName, providerId, appointmentId };
      });
      await use(made);
    },
    { scope: 'worker' },
  ],
  longNamedDeal: [
    async ({ playwright }, use, workerInfo) => {
      const made = await oncePerRun(`layout longNamedDeal ${workerInfo.project.use.baseURL ?? ''}`, async () => {
        const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
        const asVendor = { authorization: `Bearer ${await accessOf(request, accounts.vendor, DEMO_PASSWORD)}` };
        const asUser = { authorization: `Bearer ${await accessOf(request, accounts.user, DEMO_PASSWORD)}` };
        const me = await request.get('/api/vendor/me/', { headers: asVendor });
        expect(me.status()).toBe(200);
        const { addresses } = (await me.json()) as { addresses: { id: string; is_primary: boolean }[] };
        const address = addresses.find((a) => a.is_primary);
        expect(address, 'the demo shop\'s primary address').toBeDefined();
        // The contract's longest: title 120, description 4,000, terms 2,000 characters, none with a place to break.
        const title = `Zz${Date.now().toString(36)}${'Supercalifragilisticexpialidocious'.repeat(4)}`.slice(0, 120);
        const now = Date.now();
        const created = await request.post('/api/deals/create/', {
          headers: asVendor,
          data: {
            title,
            description: `https://example.com/${'deal-details-and-small-print/'.repeat(140)}`.slice(0, 4000),
            category: 'Fitness & Sports',
            original_price: { amount_cents: 99_999_999, currency: 'USD' },
            deal_price: { amount_cents: 99_999_998, currency: 'USD' },
            quantity_available: 1_000_000,
            per_customer_limit: 20,
            starts_at: new Date(now - 60_000).toISOString(),
            ends_at: new Date(now + 14 * 86_400_000).toISOString(),
            address_id: address?.id ?? '',
            terms: `Not-valid-with-${'any-other-offer-or-voucher-'.repeat(80)}`.slice(0, 2000),
          },
        });
        expect(created.status(), await created.text()).toBe(201);
        const { id: dealId } = (await created.json()) as { id: string };
        const bought = await request.post('/api/buy-deal/dummy/', { headers: asUser, data: { deal_id: dealId, quantity: 1 } });
        expect(bought.status(), await bought.text()).toBe(201);
        // A seeded deal near New York, with its pictures.
        const list = (await (await request.get('/api/deals/lists/?lat=40.7128&lng=-74.006&radius_km=50&q=bagels')).json()) as { results: { id: string; title: string }[] };
        const demoDeal = list.results.find((d) => d.title === 'A dozen bagels for $9');
        expect(demoDeal, 'the demo deal A dozen bagels for $9').toBeDefined();
        await request.dispose();
        return { dealId, title, demoDealId: demoDeal?.id ?? '' };
      });
      await use(made);
    },
    { scope: 'worker' },
  ],
  demoActivities: [
    async ({ playwright }, use, workerInfo) => {
      const made = await oncePerRun(`layout demoActivities ${workerInfo.project.use.baseURL ?? ''}`, async () => {
        const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
        const list = await request.get('/api/activities/lists/?lat=40.7128&lng=-74.006&radius_km=50&page_size=50');
        expect(list.status(), await list.text()).toBe(200);
        const { results } = (await list.json()) as { results: { id: string; title: string }[] };
        const idOf = (title: string) => {
          const activity = results.find((a) => a.title === title);
          expect(activity, `the demo activity ${title}`).toBeDefined();
          return activity?.id ?? '';
        };
        // The group chat of the run the demo user joined: its room id is the user's to read.
        const joined = idOf('Morning run over the Brooklyn Bridge');
        const login = await request.post('/api/login/', { data: { email: 'user@example.com', password: 'demo-password-1' } });
        expect(login.status(), await login.text()).toBe(200);
        const { access } = (await login.json()) as { access: string };
        const rooms = await request.get(`/api/chat/get/chat-rooms/${joined}/`, { headers: { Authorization: `Bearer ${access}` } });
        expect(rooms.status(), await rooms.text()).toBe(200);
        const [group] = (await rooms.json()) as { id: string }[];
        await request.dispose();
        return {
          hosted: idOf('Board games in Washington Square'),
          joined,
          joinedRoom: group?.id ?? '',
          notJoined: idOf('Community garden clean-up'),
          open: idOf('Sketching at the Met'),
        };
      });
      await use(made);
    },
    { scope: 'worker' },
  ],
  longSupportRequest: [
    async ({ playwright, longNamedDeal }, use, workerInfo) => {
      const made = await oncePerRun(`layout longSupportRequest ${workerInfo.project.use.baseURL ?? ''}`, async () => {
        const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
        const asUser = { authorization: `Bearer ${await accessOf(request, accounts.user, DEMO_PASSWORD)}` };
        const references = (await (await request.get('/api/support/references/', { headers: asUser })).json()) as { results: { id: string; label: string }[] };
        const order = references.results.find((reference) => reference.label.includes(longNamedDeal.title));
        expect(order, 'the demo user\'s order of the long-titled deal').toBeDefined();
        const sent = await request.post('/api/support/requests/', {
          headers: asUser,
          data: { topic: 'payments', reference_id: order?.id, message: `Refund-of-${'https://example.com/receipts/'.repeat(200)}`.slice(0, 4000) },
        });
        expect(sent.status(), await sent.text()).toBe(201);
        const { id } = (await sent.json()) as { id: string };
        await request.dispose();
        return { id };
      });
      await use(made);
    },
    { scope: 'worker' },
  ],
});

// Each test walks many pages; a trace of all of them would cost more than the walk.
test.use({ trace: 'off' });

async function accessOf(request: APIRequestContext, email: string, password: string): Promise<string> {
  const login = await request.post('/api/login/v2/', { data: { email, password } });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { access: string }).access;
}

/** A new person, named with a word that fits no line, rates the vendor: the name shows beside the comment and in the vendor's notification. */
async function rateAsNewPerson(request: APIRequestContext, vendorId: string, comment: string) {
  const person = newPerson('wrap');
  await signUpByApi(request, person);
  const headers = { authorization: `Bearer ${await accessOf(request, person.email, person.password)}` };
  const named = await request.patch('/api/profile/', { headers, data: { first_name: `Bartholomew${'x'.repeat(49)}`, last_name: 'Q' } });
  expect(named.status()).toBe(200);
  const rated = await request.post('/api/rate/vendor/', { headers, data: { vendor_id: vendorId, rating: 4, comment } });
  expect(rated.status()).toBe(200);
}

async function sessionOf(browser: Browser, baseURL: string, sessions: Worker['sessions'], email: string): Promise<StorageState> {
  let session = sessions.get(email);
  if (!session) {
    session = sharedSignedInState(browser, baseURL, email);
    sessions.set(email, session);
  }
  return session;
}

/** The routes each role reaches from its header and menus today (the placeholders of later issues are all one page). */
function routesOf(
  role: Role,
  vendorPage: string,
  booking: Worker['longNamedBooking'],
  deal: Worker['longNamedDeal'],
  activities: Worker['demoActivities'],
  support: Worker['longSupportRequest'],
): string[] {
  switch (role) {
    case 'visitor':
      return [
        '/',
        '/Vendor',
        vendorPage,
        '/LocalActivities',
        `/ActivitiesDetails/${activities.open}`,
        '/PopularDeals',
        `/DealDetails/${deal.demoDealId}`,
        `/DealDetails/${deal.dealId}`,
        '/login',
        '/createAccount',
        '/appDownload',
        longPath,
      ];
    case 'user':
      return [
        '/LocalActivities',
        '/VendorList',
        vendorPage,
        '/Favorite',
        '/UserProfile',
        '/Settings',
        '/BasicInfo',
        '/services/browse',
        `/services/${booking.serviceId}`,
        '/services/favorite',
        `/customer/appointment/${booking.serviceId}`,
        `/appointment/confirmation/${booking.appointmentId}`,
        '/PopularDeals',
        `/DealDetails/${deal.dealId}`,
        '/mypurchasedeal',
        '/PostActivities',
        '/MyActivities',
        '/MyActivities/joined',
        `/ActivitiesDetails/${activities.notJoined}`,
        `/ActivitiesDetails/${activities.joined}`,
        `/ActivitiesDetails/${activities.hosted}`,
        `/ActivityRequests/${activities.hosted}`,
        `/chat/${activities.joined}/${activities.joinedRoom}`,
        '/appDownload',
        '/',
        '/Discover',
        '/MainMenu',
        '/Discover?view=map',
        '/ActivitiesFeatures',
        `/ContactSupport?request=${support.id}`,
        longPath,
        // Last: the reschedule dialog below opens on it.
        '/customer/bookings',
      ];
    case 'vendor as user':
      return ['/LocalActivities', vendorPage, '/UserProfile'];
    case 'vendor':
      return [
        '/vendor/dashboard',
        '/BasicInfo',
        '/VendorDocument',
        '/BankDetails',
        '/ServiceTime',
        '/AddAddress',
        '/Settings',
        '/vendor/services',
        '/vendor/providers',
        '/vendor/providers/add',
        `/vendor/providers/edit/${booking.providerId}`,
        '/appointments',
        '/vendor/deal/add',
        '/MyDeals',
        '/MyDeals/active',
        '/mySalesDeal',
        '/Discover?view=map',
        '/MainMenu',
        '/Discover',
        '/DealsFeatures',
        '/ContactSupport',
      ];
    case 'operator':
      return ['/admin', '/Settings', '/UserProfile', '/LocalActivities', `/admin?section=support&status=open&request=${support.id}`];
  }
}

/** An address no route has, longer than any window is wide and with nowhere to break: Not Found shows it. */
const longPath = `/${'no-such-page-'.repeat(10)}/${'x'.repeat(240)}`;

/** The page shows its content, not a spinner, with exactly one h1. */
async function settle(page: Page, route: string) {
  // Asked at once, each waiting for its own answer; the h1s are counted once the page has loaded.
  await Promise.all([
    expect(page.locator('main h1').first(), `${route} shows its heading`).toBeVisible({ timeout: 15_000 }),
    expect(page.locator('main').getByRole('status').filter({ hasText: /loading/i })).toHaveCount(0, { timeout: 15_000 }),
  ]);
  await expect(page.locator('h1'), `${route} has exactly one h1`).toHaveCount(1);
}

async function expectNoSidewaysScroll(page: Page, what: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `${what} is ${scrollWidth} px wide in a ${innerWidth} px window`).toBeLessThanOrEqual(innerWidth);
}

/**
 * The header's controls are on screen: the bell and the profile menu (or the side menu's button on narrower windows).
 * Each is one visible button (a second would fail the locator's strictness) wholly inside the window.
 */
async function expectHeaderControlsOnScreen(page: Page, width: number, role: Role) {
  const inView = (name: RegExp) =>
    expect(page.locator('header').getByRole('button', { name }).filter({ visible: true }), `${name} is shown, inside the ${width} px window`).toBeInViewport({ ratio: 1 });
  // Each asked at once: they only read the page.
  const checks: Promise<void>[] = [];
  if (role === 'visitor') {
    if (width < 1024) checks.push(inView(/^Open menu$/));
  } else {
    checks.push(inView(/^Notifications/));
    if (width >= fullBarFrom) {
      checks.push(inView(/^Profile menu$/));
      if (role === 'vendor' || role === 'vendor as user') checks.push(expect(page.getByTestId('view-toggle').filter({ visible: true })).toBeInViewport({ ratio: 1 }));
    } else {
      checks.push(inView(/^Open menu$/));
    }
  }
  await Promise.all(checks);
}

/** The window at `width` px, once the page has laid itself out again (a frame after the resize and its media queries). */
async function resize(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * At every width: nothing scrolls sideways (once the page has laid itself out again: a frame after the resize and its
 * media queries, longer if it takes it) and the header's controls show.
 */
async function expectEveryWidthFits(page: Page, role: Role, what: string) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    // The width and the header's controls at once: both only read the page, and each waits for it to settle.
    const fits = expect
      .poll(
        () =>
          page.evaluate(
            () =>
              new Promise<number>((resolve) =>
                requestAnimationFrame(() => requestAnimationFrame(() => resolve(document.documentElement.scrollWidth - window.innerWidth))),
              ),
          ),
        { message: `${what} at ${width} px: how much wider the page is than the window` },
      )
      .toBeLessThanOrEqual(0);
    await Promise.all([fits, expectHeaderControlsOnScreen(page, width, role)]);
  }
}

// One test a role: the first page loads, each next one opens from it in the app as a link would (a page load per page
// cost half a second each and proved nothing more: the pages render the same). Each opens at one of the widths in
// turn (so every width is also a width pages first render at) and is then looked at in every width, as a window
// resized or a tablet turned.
for (const role of ['visitor', 'user', 'vendor', 'vendor as user', 'operator'] as const) {
  test(`${role}: at ${widths.join(', ')} px no page scrolls sideways, the header's controls stay on screen, each page has one h1`, async ({
    browser,
    sessions,
    longCommentsVendor,
    longNamedVendor,
    longNamedBooking,
    longNamedDeal,
    demoActivities,
    longSupportRequest,
  }, testInfo) => {
    test.setTimeout(180_000);
    const baseURL = testInfo.project.use.baseURL ?? '';
    const storageState = role === 'visitor' ? undefined : await sessionOf(browser, baseURL, sessions, accounts[role]);
    const context = await browser.newContext({ baseURL, viewport: { width: widths[0], height: 900 }, ...(storageState ? { storageState } : {}) });
    await serveMapTiles(context);
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
      });
      if (role === 'vendor as user') {
        await page.addInitScript((place) => {
          localStorage.setItem('userRole', 'user');
          localStorage.setItem('userLocation', JSON.stringify(place));
        }, longPlace);
      }
      const routes = routesOf(role, longCommentsVendor.path, longNamedBooking, longNamedDeal, demoActivities, longSupportRequest);
      // The activity pages in their real states, by who looks.
      const activityState = new Map<string, string | RegExp>([
        [`/ActivitiesDetails/${demoActivities.open}`, 'Log in to join'],
        [`/ActivitiesDetails/${demoActivities.notJoined}`, 'Request to join'],
        [`/ActivitiesDetails/${demoActivities.joined}`, 'You are going.'],
        [`/ActivitiesDetails/${demoActivities.hosted}`, 'You host this activity.'],
        // The group chat with the seeded conversation (the demo user's own message last).
        [`/chat/${demoActivities.joined}/${demoActivities.joinedRoom}`, 'I am in! First time running the bridge, so I will stay at the back.'],
      ]);
      const showLongDeal = new Set(['/PopularDeals', `/DealDetails/${longNamedDeal.dealId}`, '/mypurchasedeal', '/MyDeals', '/MyDeals/active', '/mySalesDeal']);
      for (const [index, route] of routes.entries()) {
        await resize(page, widths[index % widths.length] ?? widths[0]);
        if (index === 0) await page.goto(route);
        else await openInApp(page, route);
        await settle(page, route);
        if (showLongDeal.has(route)) await expect(page.locator('main').getByText(longNamedDeal.title).first(), `${route} shows the deal with the long title`).toBeVisible();
        const state = activityState.get(route);
        if (state) await expect(page.locator('main').getByText(state).first(), `${route} shows ${String(state)}`).toBeVisible();
        if (route === `/ActivityRequests/${demoActivities.hosted}`) await expect(page.getByRole('button', { name: /^Accept / }).first(), 'the host sees the request waiting').toBeVisible();
        if (route === '/') {
          await expect(page.getByRole('region', { name: /^Popular deals near / }).getByTestId('deal-card').first(), 'the landing page shows its deals').toBeVisible();
          await expect(page.getByRole('region', { name: /^Upcoming activities near / }).getByTestId('activity-card').first(), 'the landing page shows its activities').toBeVisible();
        }
        if (route === '/Discover') await expect(page.getByRole('region', { name: 'Deals' }).getByTestId('deal-card').first(), '/Discover shows its deals').toBeVisible();
        if (route === '/Discover?view=map') await expect(page.getByTestId('discover-map').locator('.leaflet-marker-icon').first(), '/Discover shows its map with pins').toBeVisible();
        if (route === longPath) await expect(page.locator('main').getByText(longPath.slice(1, 40), { exact: false }), 'Not Found shows the address').toBeVisible();
        if (route.includes(`request=${longSupportRequest.id}`)) {
          await expect(page.locator('main').getByText(longNamedDeal.title, { exact: false }).filter({ visible: true }).first(), `${route} shows the request about the long-titled order`).toBeVisible();
          await expect(page.locator('main').getByText(/^Refund-of-https/).first(), `${route} shows the request's message`).toBeVisible();
        }
        if (route.startsWith('/ContactSupport')) {
          // A message as long as the form takes, with nowhere to break.
          await page.getByRole('region', { name: 'Send a request' }).getByLabel('Your message').fill('x'.repeat(4000));
        }
        await expectEveryWidthFits(page, role, route);
      }
      if (role === 'operator') {
        // The review of one vendor: its facts, documents and the owner's e-mail.
        await page.goto('/admin?status=pending');
        await page.getByRole('list', { name: 'Vendors' }).getByRole('link').first().click();
        await expect(page.getByRole('group', { name: 'Decisions' })).toBeVisible();
        await expectEveryWidthFits(page, role, 'a vendor under review');
        // And a vendor whose name, description and e-mail fit no line, in the list and in its review.
        await page.goto(`/admin?status=not_submitted&vendor=${longNamedVendor.id}`);
        await expect(page.getByRole('heading', { name: /^Wolfeschlegelsteinhausenbergerdorff/ }).first()).toBeVisible();
        await expectEveryWidthFits(page, role, 'a vendor with a long name under review');
      }
      if (role === 'user') {
        // The booking's new-time dialog, opened on the last page (/customer/bookings).
        await page.getByRole('button', { name: `Reschedule ${longNamedBooking.serviceName}` }).click();
        const dialog = page.getByRole('dialog', { name: 'Change the time' });
        await expect(dialog.getByRole('group', { name: 'New time' })).toBeVisible();
        await expect(dialog.getByRole('status')).toHaveCount(0);
        for (const width of widths) {
          await resize(page, width);
          await expectNoSidewaysScroll(page, `the reschedule dialog at ${width} px`);
          const box = await dialog.boundingBox();
          expect(box && box.x >= 0 && box.x + box.width <= width, `the reschedule dialog is inside a ${width} px window`).toBe(true);
        }
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
      if (role === 'vendor') {
        // The QR scanner, opened at each width: from the bar's Scan button where the full bar shows, else the side menu's.
        // Headless Chromium has no camera, so the dialog shows its camera error and the field to paste a code: it must fit.
        const dialog = page.getByRole('dialog', { name: 'Scan a purchase' });
        for (const width of widths) {
          await resize(page, width);
          if (width >= fullBarFrom) {
            await page.locator('header').getByRole('button', { name: 'Scan', exact: true }).filter({ visible: true }).click();
          } else {
            await page.locator('header').getByRole('button', { name: 'Open menu' }).filter({ visible: true }).click();
            await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Scan', exact: true }).click();
          }
          await expect(dialog.getByTestId('scanner-status')).not.toHaveText(/Initializing/, { timeout: 10_000 });
          await expect(page.locator('[data-transition]')).toHaveCount(0);
          await expectNoSidewaysScroll(page, `the scanner dialog at ${width} px`);
          const box = await dialog.boundingBox();
          expect(box && box.x >= 0 && box.x + box.width <= width, `the scanner dialog is inside a ${width} px window`).toBe(true);
          // Its top right corner, too: a panel wider than the window would push it out.
          await expect(dialog.getByRole('button', { name: 'Close scanner' })).toBeInViewport({ ratio: 1 });
          await dialog.getByRole('button', { name: 'Close scanner' }).click();
          await expect(dialog).toBeHidden();
        }
      }
      if (role !== 'visitor') {
        await page.locator('header').getByRole('button', { name: /^Notifications/ }).filter({ visible: true }).click();
        const panel = page.getByRole('dialog', { name: 'Notifications' });
        await expect(panel).toBeVisible();
        await expect(panel.getByRole('status')).toHaveCount(0);
        for (const width of widths) {
          await resize(page, width);
          await expect(panel).toBeVisible();
          await expectNoSidewaysScroll(page, `the notifications panel at ${width} px`);
        }
      }
      expect(errors, 'the pages logged errors').toEqual([]);
    } finally {
      await context.close();
    }
  });
}

/** Records every toast as it appears (install before the first navigation). */
async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const seen = new WeakSet<Element>();
    const shown: string[] = [];
    (window as unknown as { toastsShown: string[] }).toastsShown = shown;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('.Toastify__toast')) {
        if (seen.has(toast)) continue;
        seen.add(toast);
        shown.push(toast.textContent ?? '');
      }
    }).observe(document, { childList: true, subtree: true });
  });
}
const toastsShown = (page: Page) => page.evaluate(() => [...(window as unknown as { toastsShown: string[] }).toastsShown]);

/** Where the window is scrolled to and what has the focus (its tag and text). */
const windowState = (page: Page) =>
  page.evaluate(() => ({ scrollY: Math.round(window.scrollY), focused: `${document.activeElement?.tagName ?? ''} ${document.activeElement?.textContent ?? ''}`.trim() }));

test.describe('a route change', () => {
  test('opens the new page at its top with the focus on its h1; Back returns to the old place', async ({ page, longCommentsVendor }) => {
    await page.goto(longCommentsVendor.path);
    await expect(page.getByRole('heading', { level: 1, name: 'Hudson Corner Studio' })).toBeVisible();
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    const before = await windowState(page);
    expect(before.scrollY).toBeGreaterThan(500);

    await page.getByRole('contentinfo').getByRole('link', { name: 'Find Vendors' }).click();
    await expect(page).toHaveURL(/\/Vendor$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    expect((await windowState(page)).scrollY).toBe(0);

    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Hudson Corner Studio' })).toBeFocused();
    await expect.poll(async () => (await windowState(page)).scrollY).toBeGreaterThan(before.scrollY - 50);
  });

  test('leaves the window where it is when only the query string changes (a directory filter)', async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 700 });
    await page.goto('/Vendor');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /within \d+ km/ })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 180));
    await page.getByLabel('Sort by').selectOption('rating');
    await expect(page).toHaveURL(/sort=rating/);
    expect((await windowState(page)).scrollY).toBe(180);
    await expect(page.getByRole('heading', { level: 1 })).not.toBeFocused();
  });

  test('after Save and continue on a KYC step, the next step opens at its top with the focus on its heading', async ({ page, request }) => {
    const person = newPerson('steps');
    await signUpByApi(request, person);
    await page.setViewportSize({ width: 412, height: 700 });
    await logIn(page, person.email, person.password);
    await expect(page).toHaveURL(/\/LocalActivities$/);
    await page.goto('/BasicInfo');
    await page.getByLabel('Business name').fill(`Scroll Test Cafe ${person.username.slice(-4)}`);
    await page.getByLabel('Category').selectOption('Food & Drink');
    await page.getByLabel('Description').fill('Coffee and cake.');
    await page.getByRole('button', { name: 'Save and continue' }).scrollIntoViewIfNeeded();
    expect((await windowState(page)).scrollY).toBeGreaterThan(200);
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page).toHaveURL(/\/VendorDocument$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    expect((await windowState(page)).scrollY).toBe(0);
  });

  test('to the sign-up code step puts the focus in the code field', async ({ page }) => {
    const person = newPerson('focus');
    await page.goto('/createAccount');
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Phone number').fill(person.phone);
    await page.getByLabel('Username').fill(person.username);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/OtpVerifyPage/);
    await expect(page.getByLabel('6-digit code')).toBeFocused();
  });
});

test.describe('one action, one toast', () => {
  test('changing the e-mail address shows exactly one toast, and its notification waits in the bell', async ({ page, request }) => {
    const person = newPerson('onetoast');
    await signUpByApi(request, person);
    await recordToasts(page);
    await countOpenSockets(page);
    // A chosen place: the header has nothing to detect, so no location notice joins in.
    await page.addInitScript((place) => localStorage.setItem('userLocation', JSON.stringify(place)), longPlace);
    await logIn(page, person.email, person.password);
    await expect(page).toHaveURL(/\/LocalActivities$/);
    await expectOpenSockets(page);
    await page.goto('/UserProfile');
    await expectOpenSockets(page);

    await page.getByRole('button', { name: 'Change email' }).click();
    const newEmail = `moved.${person.email}`;
    await page.getByLabel('New e-mail address').fill(newEmail);
    await page.getByLabel('Current password', { exact: true }).fill(person.password);
    const since = new Date(Date.now() - 1000).toISOString();
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByLabel('6-digit code')).toBeFocused();
    const code = await codeFor(request, newEmail, since);
    const before = (await toastsShown(page)).length;
    // The push about the change makes the page refetch its notifications, after deciding whether to toast it.
    const pushed = page.waitForRequest((r) => r.method() === 'GET' && new URL(r.url()).pathname === '/api/notifications/');
    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Confirm email' }).click();

    await expect(page.getByText('Your e-mail address has been changed.')).toBeVisible();
    await pushed;
    await expect(page.locator('header').getByTestId('unread-dot').filter({ visible: true })).toBeVisible();
    expect((await toastsShown(page)).slice(before)).toEqual(['Your e-mail address has been changed.']);
  });

  test('saving the profile details shows one toast', async ({ page, request }) => {
    const person = newPerson('details');
    await signUpByApi(request, person);
    await recordToasts(page);
    await page.addInitScript((place) => localStorage.setItem('userLocation', JSON.stringify(place)), longPlace);
    await logIn(page, person.email, person.password);
    await expect(page).toHaveURL(/\/LocalActivities$/);
    await page.goto('/UserProfile');
    await page.getByLabel('First name').fill('Robin');
    const before = (await toastsShown(page)).length;
    await page.getByRole('button', { name: /^Save/ }).click();
    await expect(page.getByText('Your details have been saved.')).toBeVisible();
    // The save's own answer and the profile's refetch after it are in: nothing else is on its way.
    await page.waitForLoadState('networkidle');
    expect((await toastsShown(page)).slice(before)).toEqual(['Your details have been saved.']);
  });
});

test.describe('settings', () => {
  test('Log out of all devices asks first, with Cancel focused, and logs out once confirmed', async ({ page, request }) => {
    const person = newPerson('everywhere');
    await signUpByApi(request, person);
    await recordToasts(page);
    await page.addInitScript((place) => localStorage.setItem('userLocation', JSON.stringify(place)), longPlace);
    await logIn(page, person.email, person.password);
    await expect(page).toHaveURL(/\/LocalActivities$/);
    await page.goto('/Settings');
    await page.getByRole('button', { name: 'Log out of all devices' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log out of all devices?' });
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/Settings$/);

    await page.getByRole('button', { name: 'Log out of all devices' }).click();
    await dialog.getByRole('button', { name: 'Yes, log out everywhere' }).click();
    await expect(page.getByText('You have been logged out of all devices.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('public-header')).toBeVisible();
  });
});
