import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../client.ts';
import { demoSeed, users, vendorPhotos, vendors } from '../schema.ts';
import type { Storage } from '../../lib/storage.ts';
import { createImageWork, uploadImages } from '../../modules/uploads/index.ts';
import { demoAccounts } from './accounts.ts';
import { artworkFor } from './artwork.ts';
import { claimSeedKeys } from './keys.ts';
import { demoVendors } from './vendors.ts';

/** The demo vendors that get pictures: the twelve of vendors.ts and the two of accounts.ts. */
const pictureEmails = [...demoVendors.map((v) => v.email), ...demoAccounts.filter((a) => a.vendor).map((a) => a.email)];
const pictureKey = (email: string) => `vendor-pictures:${email}`;

/** Enough for the seed's few images whatever an account already holds; what people upload keeps the configured quota. */
const seedLimits = { dailyImages: 1000, storageBytes: 1024 * 1024 * 1024 };

export type PicturesOptions = {
  storage: Storage;
  /** Images encoded side by side (the uploads' own setting: one per core). */
  concurrency: number;
};

/**
 * The demo vendors' logo and photos, drawn at seed time (artwork.ts) and stored like any upload, through the same
 * pipeline, storage and renditions. Each vendor once (a seed key), and only into what is empty: a vendor that chose a
 * logo or photos keeps them, a deleted account gets none. Returns how many vendors got pictures.
 *
 * The drawing happens before the transaction, which then only records: a second server starting at the same time
 * waits on the seed keys and finds them taken (its drawings are then thrown away).
 */
export async function seedPictures(db: Db, options: PicturesOptions): Promise<number> {
  const keys = pictureEmails.map(pictureKey);
  const taken = new Set((await db.select({ key: demoSeed.key }).from(demoSeed).where(inArray(demoSeed.key, keys))).map((r) => r.key));
  const todo = pictureEmails.filter((email) => !taken.has(pictureKey(email)));
  if (todo.length === 0) return 0;

  const candidates = await db
    .select({ id: vendors.id, userId: vendors.userId, email: users.email, businessName: vendors.businessName, category: vendors.category })
    .from(vendors)
    .innerJoin(users, eq(users.id, vendors.userId))
    .where(and(inArray(users.email, todo), eq(users.isActive, true), isNull(users.deletedAt)));

  const work = createImageWork({ concurrency: options.concurrency, queueLimit: candidates.length * 4 });
  const drawn = await Promise.all(
    candidates.map(async (vendor) => {
      const art = artworkFor(vendor);
      // Rendered to a high-quality JPEG (the upload pipeline keeps an image's format): the files a vendor would send.
      const files = await work.runAll(
        [art.logo, ...art.photos.map((p) => p.svg)].map((svg, i) => async () => ({
          filename: i === 0 ? 'logo.jpg' : `photo-${i}.jpg`,
          bytes: await sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer(),
        })),
      );
      return { vendor, files, captions: art.photos.map((p) => p.caption) };
    }),
  );

  return db.transaction(async (tx) => {
    const claimed = await claimSeedKeys(tx, todo.map(pictureKey));
    let pictured = 0;
    for (const { vendor, files, captions } of drawn) {
      if (!vendor.email || !claimed.has(pictureKey(vendor.email))) continue;
      const [current] = await tx.select({ logoId: vendors.logoId }).from(vendors).where(eq(vendors.id, vendor.id)).for('update');
      const [photos] = await tx.select({ n: count() }).from(vendorPhotos).where(eq(vendorPhotos.vendorId, vendor.id));
      const wantsLogo = current?.logoId === null;
      const wantsPhotos = (photos?.n ?? 0) === 0;
      if (!wantsLogo && !wantsPhotos) continue;
      const chosen = [...(wantsLogo ? files.slice(0, 1) : []), ...(wantsPhotos ? files.slice(1) : [])];
      const images = await uploadImages({ db: tx, storage: options.storage, limits: seedLimits, work }, vendor.userId, chosen);
      const logo = wantsLogo ? images[0] : undefined;
      const gallery = wantsLogo ? images.slice(1) : images;
      if (logo) await tx.update(vendors).set({ logoId: logo.id }).where(eq(vendors.id, vendor.id));
      if (gallery.length > 0) {
        await tx.insert(vendorPhotos).values(gallery.map((image, position) => ({ vendorId: vendor.id, mediaId: image.id, position, caption: captions[position] ?? '' })));
      }
      pictured += 1;
    }
    return pictured;
  });
}
