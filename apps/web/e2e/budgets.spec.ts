import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, openVendorPage, serveMapTiles, sharedSignedInState, test } from './fixtures.ts';

/**
 * The web app's budgets (issue 16), on the build every other spec uses:
 * - the JavaScript a visitor downloads for `/`, everything until the network is quiet, weighs at most 150 KB gzipped;
 * - no chunk of the build weighs over 80 KB gzipped;
 * - the QR decoder, the map and the chat load only on the pages that use them.
 * A size is the built file at gzip -9, as the build precompresses it (browsers that take brotli get less). Which chunk
 * holds what comes from the build's own record, dist/.vite/chunks.json (vite.config.ts, chunkModules).
 */

const dist = path.resolve(import.meta.dirname, '../dist');
const landingBudgetKb = 150;
const chunkBudgetKb = 80;

type Chunk = { file: string; modules: Record<string, number> };
const chunks = JSON.parse(readFileSync(path.join(dist, '.vite/chunks.json'), 'utf8')) as Chunk[];

const gzipKb = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;

/** What loads only where it is used, by the modules that make it. */
const features = {
  'the QR decoder': /^node_modules\/jsqr\//,
  'the map': /^node_modules\/leaflet\//,
  'the chat': /^apps\/web\/src\/features\/chat\/chat-page\.tsx$/,
  'the photo lightbox': /^apps\/web\/src\/components\/image-lightbox\.tsx$/,
} as const;
type Feature = keyof typeof features;

/** The build's chunks (as 'assets/….js') that hold a feature's modules. */
const chunksOf = (feature: Feature) => chunks.filter((c) => Object.keys(c.modules).some((m) => features[feature].test(m))).map((c) => c.file);

/** The largest modules of a chunk, for a message that says what to look at. */
const heaviest = (chunk: Chunk) =>
  Object.entries(chunk.modules)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([module, bytes]) => `${module} ${(bytes / 1024).toFixed(1)} KB`)
    .join(', ');

/** The app's scripts the page fetches from now on, as build files ('assets/….js'): entries, preloads and lazy chunks. */
function recordScripts(page: Page): Set<string> {
  const files = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === 'script' && url.pathname.startsWith('/assets/')) files.add(url.pathname.slice(1));
  });
  return files;
}

/** The features whose chunks are among the scripts. */
const featuresIn = (scripts: Set<string>) => (Object.keys(features) as Feature[]).filter((feature) => chunksOf(feature).some((file) => scripts.has(file)));

/** A page of a demo account, its scripts recorded from its first request. */
async function signedInPage(browser: Browser, baseURL: string, email: string) {
  const context = await browser.newContext({ baseURL, storageState: await sharedSignedInState(browser, baseURL, email) });
  await serveMapTiles(context);
  const page = await context.newPage();
  return { context, page, scripts: recordScripts(page) };
}

/** Opens a route and waits until it has shown its heading and fetched everything it fetches by itself. */
async function openQuietly(page: Page, route: string) {
  await page.goto(route);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test.describe('the web budgets', () => {
  test('each feature that loads only where used is in the build, and no chunk weighs over 80 KB gzipped', () => {
    for (const feature of Object.keys(features) as Feature[]) expect(chunksOf(feature), `a chunk holds ${feature}`).not.toEqual([]);
    const over = chunks
      .map((chunk) => ({ chunk, kb: gzipKb(chunk.file) }))
      .filter(({ kb }) => kb > chunkBudgetKb)
      .map(({ chunk, kb }) => `${chunk.file}: ${kb.toFixed(1)} KB (${heaviest(chunk)})`);
    expect(over, `chunks over ${chunkBudgetKb} KB gzipped`).toEqual([]);
  });

  test("a visitor's / downloads at most 150 KB of JavaScript gzipped, without the QR decoder, the map or the chat", async ({ page }) => {
    const scripts = recordScripts(page);
    await page.goto('/', { waitUntil: 'networkidle' });
    // The live sections near the visitor have asked for their cards and shown them: the page is whole.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: /A dozen bagels/ }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const sizes = [...scripts].map((file) => ({ file, kb: gzipKb(file) })).sort((a, b) => b.kb - a.kb);
    const total = sizes.reduce((sum, s) => sum + s.kb, 0);
    const list = sizes.map((s) => `${s.file} ${s.kb.toFixed(1)} KB`).join('\n');
    expect(total, `the JavaScript of / in KB gzipped, ${sizes.length} files:\n${list}`).toBeLessThanOrEqual(landingBudgetKb);
    expect(featuresIn(scripts), 'what / loaded of the features that load only where used').toEqual([]);
  });

  test('the map loads with the map view, not with the lists', async ({ browser, baseURL }) => {
    const { context, page, scripts } = await signedInPage(browser, baseURL ?? '', 'user@example.com');
    // A list of deals, then /Discover as a list (the page with the map view, the one most likely to load it early).
    for (const route of ['/PopularDeals', '/Discover']) await openQuietly(page, route);
    expect(featuresIn(scripts), 'what the lists loaded of the features that load only where used').toEqual([]);
    await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Map' }).click();
    await expect.poll(() => featuresIn(scripts), { message: 'the map view loads the map' }).toEqual(['the map']);
    await context.close();
  });

  test('the chat loads in a chat room, not with the activity it belongs to', async ({ browser, baseURL, request }) => {
    // The group chat of the run the demo user joined.
    const login = await request.post('/api/login/', { data: { email: 'user@example.com', password: DEMO_PASSWORD } });
    const { access } = (await login.json()) as { access: string };
    const list = (await (await request.get('/api/activities/lists/?lat=40.7128&lng=-74.006&radius_km=50&page_size=50')).json()) as { results: { id: string; title: string }[] };
    const run = list.results.find((a) => a.title === 'Morning run over the Brooklyn Bridge');
    expect(run, 'the demo run').toBeDefined();
    const [room] = (await (await request.get(`/api/chat/get/chat-rooms/${run?.id ?? ''}/`, { headers: { authorization: `Bearer ${access}` } })).json()) as { id: string }[];
    const { context, page, scripts } = await signedInPage(browser, baseURL ?? '', 'user@example.com');
    await openQuietly(page, `/ActivitiesDetails/${run?.id ?? ''}`);
    expect(featuresIn(scripts), 'what the activity loaded of the features that load only where used').toEqual([]);
    await page.goto(`/chat/${run?.id ?? ''}/${room?.id ?? ''}`);
    await expect.poll(() => featuresIn(scripts), { message: 'a chat room loads the chat' }).toEqual(['the chat']);
    await context.close();
  });

  test('the photo lightbox (and its dialog library) loads when a photo is about to be opened, not with the page of photos', async ({ page }) => {
    const scripts = recordScripts(page);
    const name = 'Golden Crust Bakery';
    await openVendorPage(page, name);
    await page.waitForLoadState('networkidle');
    const gallery = page.getByRole('region', { name: `Photos of ${name}` });
    await expect(gallery).toBeVisible();
    // (A vendor's page shows where the shop is, so the map is there; the lightbox must not be.)
    expect(featuresIn(scripts), 'what the page of photos loaded of the features that load only where used').not.toContain('the photo lightbox');
    // A pointer over a photo starts the download; the click opens it.
    await gallery.getByRole('button', { name: /^Open photo 1 of / }).hover();
    await expect.poll(() => featuresIn(scripts), { message: 'a pointer over a photo loads the lightbox' }).toContain('the photo lightbox');
    await gallery.getByRole('button', { name: /^Open photo 1 of / }).click();
    await expect(page.getByRole('dialog', { name: `Photos of ${name}` }).getByRole('button', { name: 'Close photos' })).toBeVisible();
  });

  test("the QR decoder loads when a shop opens the scanner, not with the shop's pages", async ({ browser, baseURL }) => {
    test.slow();
    const { context, page, scripts } = await signedInPage(browser, baseURL ?? '', 'vendor@example.com');
    for (const route of ['/vendor/dashboard', '/MyDeals', '/mySalesDeal']) await openQuietly(page, route);
    expect(featuresIn(scripts), "what the shop's pages loaded of the features that load only where used").toEqual([]);
    await page.locator('header').getByRole('button', { name: 'Scan' }).click();
    await expect.poll(() => featuresIn(scripts), { message: 'the scanner loads the QR decoder' }).toEqual(['the QR decoder']);
    await context.close();
  });
});
