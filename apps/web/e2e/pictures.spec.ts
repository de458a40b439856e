import type { Locator } from '@playwright/test';
import { expect, logIn, openVendorPage, serveMapTiles, test } from './fixtures.ts';

/** Scrolls the picture into view (it may be lazy) and waits until the browser has decoded it. */
async function expectLoaded(img: Locator) {
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0)), { timeout: 15_000 }).toBeGreaterThan(0);
}

/** The URL the browser chose from the srcset. */
const chosenSource = (img: Locator) => img.evaluate((el: HTMLImageElement) => el.currentSrc);

test.describe('pictures', () => {
  test('directory cards lead with the vendor\'s cover: real images chosen from a srcset, lazy, in boxes that keep their shape @phone', async ({ page }) => {
    await page.goto('/vendor');
    const cards = page.getByTestId('vendor-card');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThanOrEqual(12);

    // Demo vendors near the default point (other specs may add vendors of their own, without pictures).
    for (const name of ['Hudson Corner Studio', 'Brooklyn Heights Dental Care', 'Hudson Loft Events', 'Golden Crust Bakery']) {
      const card = cards.filter({ has: page.getByRole('link', { name, exact: true }) });
      const cover = card.locator('img').first();
      await expect(cover).toHaveAttribute('srcset', /\.w320\.webp 320w, .*\.w640\.webp 640w, .*\.jpg 1280w$/);
      await expect(cover).toHaveAttribute('sizes', /100vw/);
      await expect(cover).toHaveAttribute('loading', 'lazy');
      await expectLoaded(cover);
      // The browser took a rendition sized for the card, not the full-size file.
      expect(await chosenSource(cover)).toMatch(/\.w(320|640)\.webp$|\.jpg$/);
      // 16:10 before and after loading: the page does not jump as pictures arrive.
      const box = await cover.locator('..').boundingBox();
      expect((box?.width ?? 0) / (box?.height ?? 1)).toBeCloseTo(1.6, 1);
      // The logo on the cover's corner loads too.
      await expectLoaded(card.locator('img').nth(1));
    }
    // Nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  test('the vendor page leads with its photos, which open in a lightbox the keyboard drives @phone', async ({ page }) => {
    await openVendorPage(page, 'Golden Crust Bakery');
    const gallery = page.getByRole('region', { name: 'Photos of Golden Crust Bakery' });
    const cover = gallery.locator('img').first();
    await expect(cover).toHaveAttribute('loading', 'eager');
    await expect(cover).toHaveAttribute('srcset', /\.w640\.webp 640w/);
    await expectLoaded(cover);
    await expectLoaded(page.locator('article header img').first());

    const showAll = gallery.getByRole('button', { name: 'Show all 3 photos' });
    await showAll.click();
    const lightbox = page.getByRole('dialog', { name: 'Photos of Golden Crust Bakery' });
    await expect(lightbox.getByRole('button', { name: 'Close photos' })).toBeVisible();
    await expect(lightbox.getByText('1 / 3')).toBeVisible();
    await expectLoaded(lightbox.getByRole('img', { name: /^Still life of / }));

    await page.keyboard.press('ArrowRight');
    await expect(lightbox.getByText('2 / 3')).toBeVisible();
    await expect(lightbox.locator('figcaption')).toContainText('Photo 2 of 3: Drawing of the Golden Crust Bakery shop front, with a striped awning');
    await expectLoaded(lightbox.getByRole('img', { name: 'Drawing of the Golden Crust Bakery shop front, with a striped awning' }));
    await page.keyboard.press('End');
    await expect(lightbox.getByText('3 / 3')).toBeVisible();
    await expect(lightbox.getByRole('button', { name: 'Next photo' })).toBeDisabled();

    await page.keyboard.press('Escape');
    await expect(lightbox).toBeHidden();
    await expect(showAll).toBeFocused();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  test('a vendor adds a captioned photo on its profile, customers see it on its page, and the vendor removes it again', async ({ page, browser }) => {
    test.setTimeout(90_000);
    // A demo vendor no other spec changes: its photos are this test's to add to and remove from.
    await logIn(page, 'vendor11@example.com');
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto('/BasicInfo');
    const photos = page.getByRole('region', { name: 'Photos' });
    await expect(photos.getByTestId('photo-count')).toHaveText('3 of 8');

    // A real JPEG, drawn by the browser: the server decodes every upload.
    const jpeg = await page.evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 1200;
      canvas.height = 800;
      const g = canvas.getContext('2d');
      if (!g) throw new Error('no canvas');
      const gradient = g.createLinearGradient(0, 0, 1200, 800);
      gradient.addColorStop(0, '#0f766e');
      gradient.addColorStop(1, '#f59e0b');
      g.fillStyle = gradient;
      g.fillRect(0, 0, 1200, 800);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
      return Array.from(new Uint8Array(await (blob ?? new Blob()).arrayBuffer()));
    });
    await photos.getByLabel(/Add more photos/).setInputFiles({ name: 'meeting-room.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(jpeg) });
    await expect(page.getByText('1 photo added.').first()).toBeVisible({ timeout: 20_000 });
    await expect(photos.getByTestId('photo-count')).toHaveText('4 of 8');
    const caption = photos.getByLabel('Caption of photo 4');
    await caption.fill('Our meeting room');
    await caption.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Caption of photo 4 saved.' })).toBeAttached();
    await expectLoaded(photos.getByRole('img', { name: 'Our meeting room' }));

    // A visitor sees it at once: photos are not held for review.
    const visitorContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      const visitor = await visitorContext.newPage();
      await serveMapTiles(visitorContext);
      await openVendorPage(visitor, 'Flatiron Tax & Accounting');
      const gallery = visitor.getByRole('region', { name: 'Photos of Flatiron Tax & Accounting' });
      await gallery.getByRole('button', { name: 'Show all 4 photos' }).click();
      const lightbox = visitor.getByRole('dialog', { name: 'Photos of Flatiron Tax & Accounting' });
      await expect(lightbox.getByRole('button', { name: 'Close photos' })).toBeVisible();
      await visitor.keyboard.press('End');
      await expect(lightbox.locator('figcaption')).toContainText('Our meeting room');
      const added = lightbox.getByRole('img', { name: 'Our meeting room' });
      await expect(added).toHaveAttribute('srcset', /\.w320\.webp 320w, .*\.w640\.webp 640w, .*\.jpg 1200w$/);
      await expectLoaded(added);
    } finally {
      await visitorContext.close();
    }

    await photos.getByRole('button', { name: 'Remove photo 4' }).click();
    await page.getByRole('dialog', { name: 'Remove this photo?' }).getByRole('button', { name: 'Remove photo' }).click();
    await expect(photos.getByTestId('photo-count')).toHaveText('3 of 8');
  });
});
