import { expect, test } from './fixtures.ts';

// What a visitor's first page costs (issue 10): its scripts arrive compressed, within the budget, and without the
// libraries only other pages, dialogs and signed-in people need. That those still work once loaded later is the other
// specs' business (the signed-in header, notifications, menus, logout dialog).
const budget = 150 * 1024;
// Strings that survive minification, one per library that must stay off the landing page.
const markers = { zod: '$ZodType', 'the contract (ibantools)': 'bban_regexp', 'Headless UI': 'data-headlessui-state' };

test('the landing page loads at most 150 KB of compressed JavaScript, and not zod, the contract or Headless UI', async ({ page }) => {
  const scripts: { url: string; encoding: string | undefined; bytes: number; body: string }[] = [];
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const response = await request.response();
        if (!response) return;
        const sizes = await request.sizes();
        scripts.push({ url: request.url(), encoding: response.headers()['content-encoding'], bytes: sizes.responseBodySize, body: (await response.body()).toString() });
      })(),
    );
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);

  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts.filter((s) => s.body.length >= 1024)) {
    expect(script.encoding, `${script.url} is sent compressed`).toMatch(/^(br|gzip)$/);
  }
  const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
  expect(total, `JavaScript on the wire for /: ${scripts.map((s) => `${new URL(s.url).pathname} ${s.bytes}`).join(', ')}`).toBeLessThanOrEqual(budget);
  for (const [library, marker] of Object.entries(markers)) {
    expect(scripts.filter((s) => s.body.includes(marker)).map((s) => s.url), `${library} is not loaded`).toEqual([]);
  }
});

