import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { responsiveImageWidths, type UploadedImage } from '@localloop/contract';
import type { UploadLimits } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { media, type MediaVariant } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { decodeOptions, isOverPixelLimit, MAX_MEGAPIXELS, megapixelsOf, readImageHeader, type ImageFormat, type ImageHeader } from '../../lib/image-inspect.ts';
import { assertWithinQuota, lockQuota } from './quota.ts';
import type { Storage } from '../../lib/storage.ts';
import { createAccountGate, createWorkQueue, type WorkQueue } from '../../lib/work-queue.ts';

export type UploadDeps = {
  /** The database, or the transaction of a caller that stores images as part of its own work (the demo data). */
  db: Db | Tx;
  storage: Storage;
  limits: Pick<UploadLimits, 'dailyImages' | 'storageBytes'>;
  /** Where images are re-encoded, shared by every request of the app. */
  work: WorkQueue;
};

/** One file as it arrived: the name the person's device gave it and its bytes. */
export type IncomingFile = { filename: string; bytes: Buffer };

const MAX_SIDE = 2048;
const THUMB_SIDE = 400;
/** Upload requests one account may have in progress at once (in one process). */
const REQUESTS_PER_ACCOUNT = 2;

const formats = {
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  png: { contentType: 'image/png', extension: 'png' },
  webp: { contentType: 'image/webp', extension: 'webp' },
} as const;

type Rendition = { bytes: Buffer; width: number; height: number };

type Encoded = {
  format: ImageFormat;
  main: Rendition;
  thumbnail: Buffer;
  /** WebP at each of responsiveImageWidths narrower than the main image, narrowest first. */
  variants: Rendition[];
};

export const invalidImage = (message: string) => new AppError('IMAGE_INVALID', message, { images: message });

/** The image queue of one app (one per process in production): re-encoding `concurrency` images at a time. */
export function createImageWork(limits: Pick<UploadLimits, 'concurrency' | 'queueLimit'>): WorkQueue {
  return createWorkQueue({
    concurrency: limits.concurrency,
    queueLimit: limits.queueLimit,
    busyMessage: 'Many images are being processed right now. Please try again in a few seconds.',
    // A full queue of phone photos drains in about this long on two cores.
    retryAfterSeconds: 5,
  });
}

export type UploadGate = ReturnType<typeof createUploadGate>;
export const createUploadGate = () =>
  createAccountGate(REQUESTS_PER_ACCOUNT, 'Your earlier uploads are still being processed. Wait for them to finish, then try again.');

/**
 * The upload endpoint's whole job: refuses at once, before the body is read, when the account already has uploads in
 * progress, when the image queue is full, or when the account could not upload even one more image; then reads the
 * files and uploads them.
 */
export async function acceptUpload(deps: UploadDeps, gate: UploadGate, ownerId: string, readFiles: () => Promise<IncomingFile[]>) {
  const leave = gate.enter(ownerId);
  try {
    deps.work.assertRoom();
    await assertWithinQuota(deps.db, ownerId, { images: 1, bytes: 0 }, deps.limits);
    return await uploadImages(deps, ownerId, await readFiles());
  } finally {
    leave();
  }
}

function displayName(file: IncomingFile, index: number): string {
  const name = file.filename.replace(/\p{Cc}/gu, '').trim();
  if (!name) return `Image ${index + 1}`;
  return name.length > 80 ? `${name.slice(0, 77)}…` : name;
}

/**
 * Checks each file's real type and size from its header, re-encodes it without metadata, capped at 2048 px, with a
 * 400 px WebP thumbnail and WebP renditions at responsiveImageWidths (for srcset), then stores them all and records
 * them. All or nothing: one bad file refuses the whole upload, and a storage failure or a quota reached meanwhile
 * removes what was already written.
 */
export async function uploadImages(deps: UploadDeps, ownerId: string, files: IncomingFile[]): Promise<UploadedImage[]> {
  if (files.length === 0) throw new AppError('NO_IMAGES', 'Choose at least one image to upload.', { images: 'Choose at least one image to upload.' });
  // Before any work: an account over its quota costs one query.
  await assertWithinQuota(deps.db, ownerId, { images: files.length, bytes: 0 }, deps.limits);

  const checked: { file: IncomingFile; header: ImageHeader; name: string }[] = [];
  for (const [index, file] of files.entries()) {
    const name = displayName(file, index);
    checked.push({ file, header: await checkHeader(file, name), name });
  }

  // The first failure stops the images of this request that have not started yet.
  let failed = false;
  const encoded = await deps.work.runAll(
    checked.map(({ file, header, name }) => async () => {
      if (failed) throw invalidImage(`${name} was not processed.`);
      try {
        return await encodeImage(file, header, name);
      } catch (err) {
        failed = true;
        throw err;
      }
    }),
  );

  const prepared = encoded.map((image) => {
    const id = randomUUID();
    const { contentType, extension } = formats[image.format];
    const variants = image.variants.map((v) => ({
      rendition: v,
      row: { key: `images/${id}.w${v.width}.webp`, width: v.width, height: v.height, contentType: 'image/webp', bytes: v.bytes.length } satisfies MediaVariant,
    }));
    return { id, image, contentType, key: `images/${id}.${extension}`, thumbnailKey: `images/${id}.thumb.webp`, variants };
  });

  const stored: string[] = [];
  const removeStored = () => Promise.allSettled(stored.map((key) => deps.storage.delete(key)));
  try {
    for (const p of prepared) {
      await deps.storage.put(p.key, p.image.main.bytes, p.contentType);
      stored.push(p.key);
      await deps.storage.put(p.thumbnailKey, p.image.thumbnail, 'image/webp');
      stored.push(p.thumbnailKey);
      for (const v of p.variants) {
        await deps.storage.put(v.row.key, v.rendition.bytes, v.row.contentType);
        stored.push(v.row.key);
      }
    }
    await deps.db.transaction(async (tx) => {
      // Checked again where the rows are written: parallel uploads of one account (on any server) cannot all slip in.
      await lockQuota(tx, ownerId);
      const bytes = prepared.reduce((total, p) => total + p.image.main.bytes.length, 0);
      await assertWithinQuota(tx, ownerId, { images: prepared.length, bytes }, deps.limits);
      await tx.insert(media).values(
        prepared.map((p) => ({
          id: p.id,
          ownerId,
          storageKey: p.key,
          thumbnailKey: p.thumbnailKey,
          contentType: p.contentType,
          width: p.image.main.width,
          height: p.image.main.height,
          bytes: p.image.main.bytes.length,
          variants: p.variants.map((v) => v.row),
        })),
      );
    });
  } catch (err) {
    await removeStored();
    throw err;
  }

  return prepared.map((p) => ({
    id: p.id,
    url: deps.storage.url(p.key),
    thumbnail_url: deps.storage.url(p.thumbnailKey),
    width: p.image.main.width,
    height: p.image.main.height,
    content_type: p.contentType,
    bytes: p.image.main.bytes.length,
    variants: p.variants.map(({ row }) => ({ url: deps.storage.url(row.key), width: row.width, height: row.height, content_type: row.contentType })),
  }));
}

/** The cheap checks, on the header alone: a real JPEG, PNG or WebP, and not more pixels than may be decoded. */
async function checkHeader(file: IncomingFile, name: string): Promise<ImageHeader> {
  const header = await readImageHeader(file.bytes);
  if (!header) throw invalidImage(`${name} is not a JPEG, PNG or WebP image.`);
  if (isOverPixelLimit(header)) {
    const message = `${name} is too large: at most ${MAX_MEGAPIXELS} megapixels (it has ${megapixelsOf(header)}).`;
    throw new AppError('IMAGE_TOO_MANY_PIXELS', message, { images: message });
  }
  return header;
}

async function encodeImage(file: IncomingFile, header: ImageHeader, name: string): Promise<Encoded> {
  const { format } = header;
  try {
    // rotate() applies the EXIF orientation; sharp writes no metadata (EXIF, GPS, XMP, ICC) unless asked to.
    const pipeline = sharp(file.bytes, decodeOptions)
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const encoder =
      format === 'jpeg'
        ? pipeline.jpeg({ quality: 82, mozjpeg: true })
        : format === 'png'
          ? pipeline.png({ compressionLevel: 9 })
          : pipeline.webp({ quality: 80 });
    const { data, info } = await encoder.toBuffer({ resolveWithObject: true });
    // The thumbnail and the renditions are made from the re-encoded image: already upright, capped and without metadata.
    const thumbnail = await sharp(data)
      .resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    const variants: Rendition[] = [];
    for (const width of responsiveImageWidths.filter((w) => w < info.width)) {
      // Effort 2 of 6: half the CPU of the default 4 for files a few per cent larger (measured on a 1600 px photo: the
      // three renditions took 55 ms instead of 117), and each upload makes three.
      const variant = await sharp(data).resize({ width }).webp({ quality: 78, effort: 2 }).toBuffer({ resolveWithObject: true });
      variants.push({ bytes: variant.data, width: variant.info.width, height: variant.info.height });
    }
    return { format, main: { bytes: data, width: info.width, height: info.height }, thumbnail, variants };
  } catch {
    throw invalidImage(`${name} is not a JPEG, PNG or WebP image.`);
  }
}
