import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, MAX_VENDOR_PHOTOS, type UploadedImage } from '@localloop/contract';
import { media, notifications, users, vendorPhotos, vendorRevisions, vendors } from '../../db/schema.ts';
import { multipartBody } from '../../../test/inputs.ts';
import { createAccount, createTestApp, encoded, inject, login, raw, type TestContext } from '../../../test/helper.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A photo-like JPEG of the given size, each a different colour so no two are alike. */
let shade = 0;
const photo = (width = 1600, height = 1000) => {
  shade = (shade + 37) % 256;
  return sharp({ create: { width, height, channels: 3, background: { r: shade, g: 120, b: 200 - (shade % 100) } } }).jpeg().toBuffer();
};

/** Uploads images as `access` through /UploadImagesAPI/, as the web app does. */
async function uploadAs(access: string, count = 1): Promise<UploadedImage[]> {
  const files = await Promise.all(Array.from({ length: count }, async (_, i) => ({ name: 'images', fileName: `shop-${i}.jpg`, bytes: await photo() })));
  return (await inject(t.app, endpoints.uploadImages, { access, body: encoded(await multipartBody(files)) })).json().images;
}

/** A signed-in account with a vendor record (approved and listed, with an address, unless asked otherwise). */
async function vendorAccount(opts: { approved?: boolean } = {}) {
  const approved = opts.approved ?? true;
  const account = await createAccount(t.database, { vendor: approved ? { isApproved: true, kycStatus: 'approved' } : { isApproved: false, kycStatus: 'not_submitted' } });
  const access = (await login(t.app, account.email, account.password)).access;
  (await inject(t.app, endpoints.addVendorAddress, { access, body: { line1: '12 Water St', city: 'New York', country: 'United States', latitude: 40.703, longitude: -74.011 } })).json();
  return { ...account, access, vendorId: account.vendorId ?? '' };
}

const add = (access: string, images: { id: string }[], captions: string[] = []) =>
  inject(t.app, endpoints.addVendorPhotos, { access, body: { photos: images.map((image, i) => ({ image_id: image.id, caption: captions[i] ?? '' })) } });

const ids = (gallery: { photos: { id: string }[] }) => gallery.photos.map((p) => p.id);

describe('a vendor\'s photos: /vendor/me/photos/', () => {
  it('adds uploaded images in order with their captions and renditions; the first is the cover on the card and the public page', async () => {
    const shop = await vendorAccount();
    expect((await inject(t.app, endpoints.myVendorPhotos, { access: shop.access })).json()).toEqual({ photos: [], max_photos: MAX_VENDOR_PHOTOS });

    const images = await uploadAs(shop.access, 3);
    const res = await add(shop.access, images, ['  The counter   at dawn ', 'Sourdough loaves']);
    expect(res.statusCode).toBe(201);
    const gallery = res.json();
    expect(gallery.max_photos).toBe(8);
    expect(gallery.photos.map((p) => [p.caption, p.image.url])).toEqual([
      ['The counter at dawn', images[0]?.url],
      ['Sourdough loaves', images[1]?.url],
      ['', images[2]?.url],
    ]);
    const [cover] = gallery.photos;
    expect(cover?.image).toEqual({ url: images[0]?.url, width: 1600, height: 1000, variants: images[0]?.variants });
    expect(cover?.image.variants.map((v) => [v.width, v.height, v.content_type])).toEqual([
      [320, 200, 'image/webp'],
      [640, 400, 'image/webp'],
      [1280, 800, 'image/webp'],
    ]);

    const page = (await inject(t.app, endpoints.vendorPublic, { params: { user_id: shop.user.id } })).json();
    expect(page.photos).toEqual(gallery.photos);
    expect(page.cover_image).toEqual(cover?.image);

    const list = (await inject(t.app, endpoints.vendorList, { query: { lat: 40.703, lng: -74.011, radius_km: 1, page_size: 50 } })).json();
    expect(list.results.find((card) => card.id === shop.vendorId)?.cover_image).toEqual(cover?.image);
  });

  it('puts photos in a new order, makes one the cover and removes one, the others moving up', async () => {
    const shop = await vendorAccount();
    const [a, b, c, d] = ids((await add(shop.access, await uploadAs(shop.access, 4))).json());

    const reordered = await inject(t.app, endpoints.reorderVendorPhotos, { access: shop.access, body: { photo_ids: [c ?? '', a ?? '', d ?? '', b ?? ''] } });
    expect(ids(reordered.json())).toEqual([c, a, d, b]);

    const covered = await inject(t.app, endpoints.setVendorCover, { access: shop.access, params: { id: d ?? '' } });
    expect(ids(covered.json())).toEqual([d, c, a, b]);

    // Removing the cover makes the next photo the cover; positions stay 0, 1, 2.
    const removed = await inject(t.app, endpoints.removeVendorPhoto, { access: shop.access, params: { id: d ?? '' } });
    expect(ids(removed.json())).toEqual([c, a, b]);
    const rows = await t.database.db.select().from(vendorPhotos).where(eq(vendorPhotos.vendorId, shop.vendorId)).orderBy(vendorPhotos.position);
    expect(rows.map((r) => [r.id, r.position])).toEqual([
      [c, 0],
      [a, 1],
      [b, 2],
    ]);
    const card = (await inject(t.app, endpoints.vendorPublic, { params: { user_id: shop.user.id } })).json();
    expect(card.cover_image?.url).toBe(removed.json().photos[0]?.image.url);
  });

  it('changes a caption, one line and trimmed', async () => {
    const shop = await vendorAccount();
    const [first] = ids((await add(shop.access, await uploadAs(shop.access))).json());
    const res = await inject(t.app, endpoints.updateVendorPhoto, { access: shop.access, params: { id: first ?? '' }, body: { caption: ' Our shop\nfront on Water Street ' } });
    expect(res.json().photos[0]?.caption).toBe('Our shop front on Water Street');
  });

  it('shows an approved vendor\'s photo changes at once, with no review and no pending changes', async () => {
    const shop = await vendorAccount();
    await add(shop.access, await uploadAs(shop.access));
    expect(await t.database.db.select().from(vendorRevisions).where(eq(vendorRevisions.vendorId, shop.vendorId))).toEqual([]);
    const me = (await inject(t.app, endpoints.myVendor, { access: shop.access })).json();
    expect(me).toMatchObject({ is_approved: true, kyc_status: 'approved', pending_changes: null });
    expect((await inject(t.app, endpoints.vendorPublic, { params: { user_id: shop.user.id } })).json().photos).toHaveLength(1);
  });

  it('lets a vendor that is not approved yet prepare its photos, which stay off the public pages until it is listed', async () => {
    const shop = await vendorAccount({ approved: false });
    const res = await add(shop.access, await uploadAs(shop.access, 2));
    expect(res.statusCode).toBe(201);
    expect((await inject(t.app, endpoints.vendorPublic, { params: { user_id: shop.user.id } })).statusCode).toBe(404);
    // The owner previews its own page, photos included.
    expect((await inject(t.app, endpoints.vendorPublic, { params: { user_id: shop.user.id }, access: shop.access })).json().photos).toHaveLength(2);
  });

  describe('refuses', () => {
    it('an image the caller did not upload, with 404 naming the field, adding none of the others', async () => {
      const shop = await vendorAccount();
      const other = await vendorAccount();
      const [theirs] = await uploadAs(other.access);
      const [mine] = await uploadAs(shop.access);
      const res = await add(shop.access, [mine ?? { id: '' }, theirs ?? { id: '' }]);
      expect(res.statusCode).toBe(404);
      expect(res.error()).toMatchObject({ code: 'IMAGE_NOT_FOUND', fields: { 'photos.1.image_id': 'Upload the photo first: this image is not among your uploads.' } });
      const unknown = await add(shop.access, [{ id: '00000000-0000-4000-8000-000000000000' }]);
      expect(unknown.statusCode).toBe(404);
      expect(await t.database.db.select().from(vendorPhotos).where(eq(vendorPhotos.vendorId, shop.vendorId))).toEqual([]);
    });

    it('an image already among the photos, with 409', async () => {
      const shop = await vendorAccount();
      const images = await uploadAs(shop.access);
      await add(shop.access, images);
      const res = await add(shop.access, images);
      expect(res.statusCode).toBe(409);
      expect(res.error()).toMatchObject({ code: 'PHOTO_ALREADY_ADDED', fields: { 'photos.0.image_id': 'This photo is already in your gallery.' } });
    });

    it('more than eight photos in all, with 409 saying how many more fit', async () => {
      const shop = await vendorAccount();
      const images = await uploadAs(shop.access, 9);
      expect((await add(shop.access, images.slice(0, 6))).statusCode).toBe(201);
      const over = await add(shop.access, images.slice(6, 9));
      expect(over.statusCode).toBe(409);
      expect(over.error()).toMatchObject({ code: 'TOO_MANY_PHOTOS', error: 'A shop shows at most 8 photos: you have 6, so you can add 2 more.' });
      expect((await add(shop.access, images.slice(6, 8))).statusCode).toBe(201);
      const full = await add(shop.access, images.slice(8));
      expect(full.error().error).toBe('You already have 8 photos, the most a shop may show. Remove one to add another.');
    });

    it('two additions at once that together pass eight: one is taken, the other refused', async () => {
      const shop = await vendorAccount();
      const images = await uploadAs(shop.access, 10);
      const answers = await Promise.all([add(shop.access, images.slice(0, 5)), add(shop.access, images.slice(5, 10))]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      expect(await t.database.db.select().from(vendorPhotos).where(eq(vendorPhotos.vendorId, shop.vendorId))).toHaveLength(5);
    });

    it('a ninth photo or a second photo at one place even from SQL: the database holds the limit', async () => {
      const shop = await vendorAccount();
      const images = await uploadAs(shop.access, 2);
      await add(shop.access, images.slice(0, 1));
      const [second] = images.slice(1);
      await expect(t.database.db.insert(vendorPhotos).values({ vendorId: shop.vendorId, mediaId: second?.id ?? '', position: 8 })).rejects.toThrow();
      await expect(t.database.db.insert(vendorPhotos).values({ vendorId: shop.vendorId, mediaId: second?.id ?? '', position: 0 })).rejects.toThrow();
    });

    it('an order that is not the current photos: 409 when one is missing, 404 when one is not the vendor\'s', async () => {
      const shop = await vendorAccount();
      const other = await vendorAccount();
      const [a, b] = ids((await add(shop.access, await uploadAs(shop.access, 2))).json());
      const [theirs] = ids((await add(other.access, await uploadAs(other.access))).json());

      const missing = await inject(t.app, endpoints.reorderVendorPhotos, { access: shop.access, body: { photo_ids: [b ?? ''] } });
      expect(missing.statusCode).toBe(409);
      expect(missing.error()).toMatchObject({ code: 'PHOTOS_CHANGED', fields: { photo_ids: 'List all 2 of your photos, each once.' } });
      const foreign = await inject(t.app, endpoints.reorderVendorPhotos, { access: shop.access, body: { photo_ids: [b ?? '', a ?? '', theirs ?? ''] } });
      expect(foreign.statusCode).toBe(404);
      const twice = await inject(t.app, endpoints.reorderVendorPhotos, { access: shop.access, body: { photo_ids: [a ?? '', a ?? ''] } });
      expect(twice.statusCode).toBe(400);
      expect(twice.error().fields).toEqual({ photo_ids: 'Each photo may appear only once.' });
      expect(ids((await inject(t.app, endpoints.myVendorPhotos, { access: shop.access })).json())).toEqual([a, b]);
    });

    it('another vendor\'s photo by id, everywhere, with 404, leaving it as it was', async () => {
      const shop = await vendorAccount();
      const intruder = await vendorAccount();
      const [photoId] = ids((await add(shop.access, await uploadAs(shop.access), ['Mine'])).json());
      const id = photoId ?? '';
      const answers = [
        await inject(t.app, endpoints.updateVendorPhoto, { access: intruder.access, params: { id }, body: { caption: 'Taken' } }),
        await inject(t.app, endpoints.setVendorCover, { access: intruder.access, params: { id } }),
        await inject(t.app, endpoints.removeVendorPhoto, { access: intruder.access, params: { id } }),
        await inject(t.app, endpoints.reorderVendorPhotos, { access: intruder.access, body: { photo_ids: [id] } }),
      ];
      expect(answers.map((a) => [a.statusCode, a.error().code])).toEqual(Array.from({ length: 4 }, () => [404, 'NOT_FOUND']));
      expect((await inject(t.app, endpoints.myVendorPhotos, { access: shop.access })).json().photos.map((p) => p.caption)).toEqual(['Mine']);
    });

    it('an account without a vendor record, with 404 asking for the basic info first', async () => {
      const person = await createAccount(t.database);
      const access = (await login(t.app, person.email, person.password)).access;
      const images = await uploadAs(access);
      for (const res of [await inject(t.app, endpoints.myVendorPhotos, { access }), await add(access, images)]) {
        expect(res.statusCode).toBe(404);
        expect(res.error().error).toBe('There is no vendor profile for this account yet. Save your basic info first.');
      }
    });

    it('a caller who is not logged in, with 401', async () => {
      expect((await inject(t.app, endpoints.myVendorPhotos)).statusCode).toBe(401);
      expect((await inject(t.app, endpoints.addVendorPhotos, { body: { photos: [{ image_id: '00000000-0000-4000-8000-000000000000' }] } })).statusCode).toBe(401);
    });

    it('bad input with 400 and a message per field', async () => {
      const shop = await vendorAccount();
      const [image] = await uploadAs(shop.access);
      const cases: [unknown, Record<string, string>][] = [
        [{ photos: [] }, { photos: 'Choose at least one photo.' }],
        [{ photos: [{ image_id: 'not-a-uuid' }] }, { 'photos.0.image_id': 'Choose an image you uploaded.' }],
        [{ photos: [{ image_id: image?.id, caption: 'x'.repeat(151) }] }, { 'photos.0.caption': 'Use at most 150 characters.' }],
        [{ photos: [{ image_id: image?.id }, { image_id: image?.id }] }, { photos: 'The same image is chosen twice.' }],
        [{ photos: Array.from({ length: 9 }, () => ({ image_id: crypto.randomUUID() })) }, { photos: 'Add at most 8 photos.' }],
      ];
      for (const [body, fields] of cases) {
        const res = await inject(t.app, endpoints.addVendorPhotos, { access: shop.access, body: raw(body) });
        expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(res.error().fields).toMatchObject(fields);
      }
      const badId = await inject(t.app, endpoints.removeVendorPhoto, { access: shop.access, params: { id: 'nope' } });
      expect(badId.statusCode).toBe(400);
    });
  });

  it('goes with the account: deleting it removes the photos, the images and every rendition file', async () => {
    const shop = await vendorAccount();
    const [image] = await uploadAs(shop.access);
    await add(shop.access, [image ?? { id: '' }]);
    const files = [image?.url ?? '', image?.thumbnail_url ?? '', ...(image?.variants ?? []).map((v) => v.url)];
    for (const url of files) expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    const gone = await inject(t.app, endpoints.deleteAccount, { access: shop.access, body: { password: shop.password, confirm: true } });
    expect(gone.statusCode).toBe(200);
    expect(await t.database.db.select().from(vendorPhotos).where(eq(vendorPhotos.vendorId, shop.vendorId))).toEqual([]);
    for (const url of files) expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
  });
});

describe('an operator taking a photo down: /admin/vendors/{id}/photos/', () => {
  async function operatorAccess() {
    const account = await createAccount(t.database);
    await t.database.db.update(users).set({ isOperator: true }).where(eq(users.id, account.user.id));
    return (await login(t.app, account.email, account.password)).access;
  }

  it('removes the photo and the image behind it everywhere, moves the others up, and tells the vendor why', async () => {
    const shop = await vendorAccount();
    const images = await uploadAs(shop.access, 2);
    const [first, second] = images;
    const [cover, other] = ids((await add(shop.access, images, ['Our window display'])).json());
    // The same image is also the shop's logo: it goes too.
    await t.database.db.update(vendors).set({ logoId: first?.id ?? null }).where(eq(vendors.id, shop.vendorId));
    const access = await operatorAccess();

    const seen = (await inject(t.app, endpoints.adminVendorPhotos, { access, params: { id: shop.vendorId } })).json();
    expect(ids(seen)).toEqual([cover, other]);
    const res = await inject(t.app, endpoints.takeDownVendorPhoto, {
      access,
      params: { id: shop.vendorId, photo_id: cover ?? '' },
      body: { reason: 'It shows a person who did not agree to be photographed.' },
    });
    expect(ids(res.json())).toEqual([other]);

    expect(await t.database.db.select().from(media).where(eq(media.id, first?.id ?? ''))).toEqual([]);
    const [shopRow] = await t.database.db.select().from(vendors).where(eq(vendors.id, shop.vendorId));
    expect(shopRow?.logoId).toBeNull();
    for (const url of [first?.url ?? '', first?.thumbnail_url ?? '', ...(first?.variants ?? []).map((v) => v.url)]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: second?.url ?? '' })).statusCode).toBe(200);
    const page = (await inject(t.app, endpoints.vendorPublic, { params: { user_id: shop.user.id } })).json();
    expect(page.cover_image?.url).toBe(second?.url);

    const [note] = await t.database.db.select().from(notifications).where(eq(notifications.userId, shop.user.id));
    expect(note).toMatchObject({
      notificationType: 'vendor_photo_removed',
      title: 'A photo was removed from your shop',
      body: `The photo "Our window display" of ${shopRow?.businessName} was removed by the marketplace team. Reason: It shows a person who did not agree to be photographed.`,
    });
  });

  it('is for operators only, asks for a reason, and answers 404 for a photo of another vendor', async () => {
    const shop = await vendorAccount();
    const other = await vendorAccount();
    const [photoId] = ids((await add(shop.access, await uploadAs(shop.access))).json());
    const body = { reason: 'Not allowed here.' };
    const params = { id: shop.vendorId, photo_id: photoId ?? '' };

    expect((await inject(t.app, endpoints.takeDownVendorPhoto, { access: other.access, params, body })).statusCode).toBe(403);
    expect((await inject(t.app, endpoints.adminVendorPhotos, { access: shop.access, params: { id: shop.vendorId } })).statusCode).toBe(403);
    const access = await operatorAccess();
    const noReason = await inject(t.app, endpoints.takeDownVendorPhoto, { access, params, body: { reason: ' no ' } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.error().fields).toEqual({ reason: 'Tell the vendor why, in at least 5 characters.' });
    const wrongShop = await inject(t.app, endpoints.takeDownVendorPhoto, { access, params: { id: other.vendorId, photo_id: photoId ?? '' }, body });
    expect(wrongShop.statusCode).toBe(404);
    expect((await inject(t.app, endpoints.adminVendorPhotos, { access, params: { id: crypto.randomUUID() } })).statusCode).toBe(404);
    expect(ids((await inject(t.app, endpoints.myVendorPhotos, { access: shop.access })).json())).toEqual([photoId]);
  });
});
