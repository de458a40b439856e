import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { ErrorCode, MAX_VENDOR_PHOTOS, type AddVendorPhotosInput, type VendorGallery } from '@localloop/contract';
import type { Db, Tx } from '../../db/client.ts';
import { media, vendorPhotos, vendors } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { notify } from '../notifications/index.ts';
import { keysOfImage, toResponsiveImage } from '../uploads/index.ts';
import { isOperator } from '../users/index.ts';

export type VendorPhotosDeps = {
  db: Db;
  clock: Clock;
  /** The public URL of a stored media file. */
  mediaUrl: (key: string) => string;
};

type Reader = Db | Tx;

const noVendorYet = () => new AppError(ErrorCode.notFound, 'There is no vendor profile for this account yet. Save your basic info first.');
const noSuchPhoto = () => AppError.notFound('That photo');

/**
 * The caller's vendor, locked for the rest of the transaction: changes of one vendor's photos queue up, so positions
 * are computed from what is there (two "add" at once cannot both take the last free place).
 */
async function lockOwnVendor(tx: Tx, userId: string): Promise<string> {
  const [vendor] = await tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.userId, userId)).for('update');
  if (!vendor) throw noVendorYet();
  return vendor.id;
}

/** The vendor's photos in their order, as responses show them. */
export async function loadGallery(db: Reader, vendorId: string, mediaUrl: (key: string) => string): Promise<VendorGallery> {
  const rows = await db
    .select({ id: vendorPhotos.id, caption: vendorPhotos.caption, key: media.storageKey, width: media.width, height: media.height, variants: media.variants })
    .from(vendorPhotos)
    .innerJoin(media, eq(media.id, vendorPhotos.mediaId))
    .where(eq(vendorPhotos.vendorId, vendorId))
    .orderBy(asc(vendorPhotos.position));
  return {
    photos: rows.map((r) => ({ id: r.id, caption: r.caption, image: toResponsiveImage(r, mediaUrl) })),
    max_photos: MAX_VENDOR_PHOTOS,
  };
}

async function photoIdsInOrder(tx: Tx, vendorId: string): Promise<string[]> {
  const rows = await tx.select({ id: vendorPhotos.id }).from(vendorPhotos).where(eq(vendorPhotos.vendorId, vendorId)).orderBy(asc(vendorPhotos.position));
  return rows.map((r) => r.id);
}

/** Writes positions 0, 1, 2… in the order given (the unique position is checked at commit, so any permutation passes). */
async function writeOrder(tx: Tx, vendorId: string, ids: string[], now: Date): Promise<void> {
  for (const [position, id] of ids.entries()) {
    await tx.update(vendorPhotos).set({ position, updatedAt: now }).where(and(eq(vendorPhotos.id, id), eq(vendorPhotos.vendorId, vendorId)));
  }
}

export async function myGallery(deps: VendorPhotosDeps, userId: string): Promise<VendorGallery> {
  const [vendor] = await deps.db.select({ id: vendors.id }).from(vendors).where(eq(vendors.userId, userId));
  if (!vendor) throw noVendorYet();
  return loadGallery(deps.db, vendor.id, deps.mediaUrl);
}

/**
 * Adds images the caller uploaded, after the photos already there, all or none: an image that is not the caller's
 * (someone else's, or none at all) answers 404 like any id the caller may not see; one already among the photos 409;
 * more than MAX_VENDOR_PHOTOS in all 409.
 */
export async function addPhotos(deps: VendorPhotosDeps, userId: string, input: z.output<typeof AddVendorPhotosInput>): Promise<VendorGallery> {
  return deps.db.transaction(async (tx) => {
    const vendorId = await lockOwnVendor(tx, userId);
    const wanted = input.photos.map((p) => p.image_id);
    const mine = new Set(
      (await tx.select({ id: media.id }).from(media).where(and(inArray(media.id, wanted), eq(media.ownerId, userId)))).map((r) => r.id),
    );
    const notMine = input.photos.flatMap((p, i) => (mine.has(p.image_id) ? [] : [i]));
    if (notMine.length > 0) {
      const message = 'Upload the photo first: this image is not among your uploads.';
      throw new AppError('IMAGE_NOT_FOUND', message, Object.fromEntries(notMine.map((i) => [`photos.${i}.image_id`, message])));
    }

    const current = await tx.select({ mediaId: vendorPhotos.mediaId }).from(vendorPhotos).where(eq(vendorPhotos.vendorId, vendorId));
    const attached = new Set(current.map((r) => r.mediaId));
    const twice = input.photos.flatMap((p, i) => (attached.has(p.image_id) ? [i] : []));
    if (twice.length > 0) {
      const message = 'This photo is already in your gallery.';
      throw new AppError('PHOTO_ALREADY_ADDED', message, Object.fromEntries(twice.map((i) => [`photos.${i}.image_id`, message])));
    }
    if (current.length + input.photos.length > MAX_VENDOR_PHOTOS) {
      const room = MAX_VENDOR_PHOTOS - current.length;
      const message =
        room === 0
          ? `You already have ${MAX_VENDOR_PHOTOS} photos, the most a shop may show. Remove one to add another.`
          : `A shop shows at most ${MAX_VENDOR_PHOTOS} photos: you have ${current.length}, so you can add ${room} more.`;
      throw new AppError('TOO_MANY_PHOTOS', message, { photos: message });
    }

    await tx.insert(vendorPhotos).values(input.photos.map((p, i) => ({ vendorId, mediaId: p.image_id, position: current.length + i, caption: p.caption })));
    return loadGallery(tx, vendorId, deps.mediaUrl);
  });
}

export async function updateCaption(deps: VendorPhotosDeps, userId: string, photoId: string, caption: string): Promise<VendorGallery> {
  return deps.db.transaction(async (tx) => {
    const vendorId = await lockOwnVendor(tx, userId);
    const updated = await tx
      .update(vendorPhotos)
      .set({ caption, updatedAt: deps.clock() })
      .where(and(eq(vendorPhotos.id, photoId), eq(vendorPhotos.vendorId, vendorId)))
      .returning({ id: vendorPhotos.id });
    if (updated.length === 0) throw noSuchPhoto();
    return loadGallery(tx, vendorId, deps.mediaUrl);
  });
}

/**
 * A new order: the list must be exactly the vendor's photos, each once. A list made from an older page (a photo added
 * or removed meanwhile, on another device) is refused with 409 rather than guessed at.
 */
export async function reorderPhotos(deps: VendorPhotosDeps, userId: string, photoIds: string[]): Promise<VendorGallery> {
  return deps.db.transaction(async (tx) => {
    const vendorId = await lockOwnVendor(tx, userId);
    const current = await photoIdsInOrder(tx, vendorId);
    const known = new Set(current);
    // An id that is not one of this vendor's photos (another's, or removed meanwhile): the 404 of naming it anywhere else.
    if (photoIds.some((id) => !known.has(id))) throw noSuchPhoto();
    if (photoIds.length !== current.length) {
      throw new AppError('PHOTOS_CHANGED', 'Your photos changed since this page was loaded. Reload it and try again.', {
        photo_ids: `List all ${current.length} of your photos, each once.`,
      });
    }
    await writeOrder(tx, vendorId, photoIds, deps.clock());
    return loadGallery(tx, vendorId, deps.mediaUrl);
  });
}

/** The photo becomes the cover: first, the others keeping their order after it. */
export async function setCover(deps: VendorPhotosDeps, userId: string, photoId: string): Promise<VendorGallery> {
  return deps.db.transaction(async (tx) => {
    const vendorId = await lockOwnVendor(tx, userId);
    const current = await photoIdsInOrder(tx, vendorId);
    if (!current.includes(photoId)) throw noSuchPhoto();
    await writeOrder(tx, vendorId, [photoId, ...current.filter((id) => id !== photoId)], deps.clock());
    return loadGallery(tx, vendorId, deps.mediaUrl);
  });
}

/**
 * Removes the photo from the vendor's photos; the ones after it move up (removing the cover makes the next one the
 * cover). The uploaded image stays the caller's, counted in its storage allowance like any upload.
 */
export async function removePhoto(deps: VendorPhotosDeps, userId: string, photoId: string): Promise<VendorGallery> {
  return deps.db.transaction(async (tx) => {
    const vendorId = await lockOwnVendor(tx, userId);
    const removed = await tx
      .delete(vendorPhotos)
      .where(and(eq(vendorPhotos.id, photoId), eq(vendorPhotos.vendorId, vendorId)))
      .returning({ id: vendorPhotos.id });
    if (removed.length === 0) throw noSuchPhoto();
    await writeOrder(tx, vendorId, await photoIdsInOrder(tx, vendorId), deps.clock());
    return loadGallery(tx, vendorId, deps.mediaUrl);
  });
}

// ---- Operators: moderation after the fact (docs/decisions/0015) ---------------------------------------------------

async function requireOperator(db: Reader, userId: string): Promise<void> {
  if (!(await isOperator(db, userId))) throw AppError.forbidden('Only marketplace operators can do this.');
}

/** Any vendor's photos, for an operator (listed or not). */
export async function galleryForOperator(deps: VendorPhotosDeps, operatorId: string, vendorId: string): Promise<VendorGallery> {
  await requireOperator(deps.db, operatorId);
  const [vendor] = await deps.db.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, vendorId));
  if (!vendor) throw AppError.notFound('That vendor');
  return loadGallery(deps.db, vendorId, deps.mediaUrl);
}

/**
 * Takes a photo down: the image itself is deleted (the photo goes with it, and the logo or profile picture if the same
 * image was one), the photos after it move up, and the vendor is told why, in one transaction. Answers the storage keys
 * to remove once it has committed: the image's public URL must stop working, not just drop off the page.
 */
export async function takeDownPhoto(
  deps: VendorPhotosDeps,
  input: { operatorId: string; vendorId: string; photoId: string; reason: string },
): Promise<{ gallery: VendorGallery; removedKeys: string[] }> {
  return deps.db.transaction(async (tx) => {
    await requireOperator(tx, input.operatorId);
    const [vendor] = await tx
      .select({ id: vendors.id, userId: vendors.userId, businessName: vendors.businessName })
      .from(vendors)
      .where(eq(vendors.id, input.vendorId))
      .for('update');
    if (!vendor) throw AppError.notFound('That vendor');
    const [photo] = await tx
      .select({ mediaId: vendorPhotos.mediaId, caption: vendorPhotos.caption })
      .from(vendorPhotos)
      .where(and(eq(vendorPhotos.id, input.photoId), eq(vendorPhotos.vendorId, vendor.id)));
    if (!photo) throw noSuchPhoto();
    const removed = await tx
      .delete(media)
      .where(eq(media.id, photo.mediaId))
      .returning({ storageKey: media.storageKey, thumbnailKey: media.thumbnailKey, variants: media.variants });
    await writeOrder(tx, vendor.id, await photoIdsInOrder(tx, vendor.id), deps.clock());
    const which = photo.caption ? `The photo "${photo.caption}"` : 'A photo';
    await notify(tx, vendor.userId, {
      type: 'vendor_photo_removed',
      title: 'A photo was removed from your shop',
      body: `${which} of ${vendor.businessName} was removed by the marketplace team. Reason: ${input.reason}`,
      data: { vendor_id: vendor.id },
    });
    return { gallery: await loadGallery(tx, vendor.id, deps.mediaUrl), removedKeys: removed.flatMap(keysOfImage) };
  });
}
