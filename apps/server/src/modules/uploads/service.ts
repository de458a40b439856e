import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { UploadedImage } from '@localloop/contract';
import type { Db } from '../../db/client.ts';
import { media } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { Storage } from './storage.ts';

export type UploadDeps = { db: Db; storage: Storage };

/** One file as it arrived: the name the person's device gave it and its bytes. */
export type IncomingFile = { filename: string; bytes: Buffer };

const MAX_SIDE = 2048;
const THUMB_SIDE = 400;
// A small file can still decode into an enormous bitmap; 100 megapixels is above any phone camera in use.
const MAX_INPUT_PIXELS = 100_000_000;

const formats = {
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  png: { contentType: 'image/png', extension: 'png' },
  webp: { contentType: 'image/webp', extension: 'webp' },
} as const;
type Format = keyof typeof formats;

type Encoded = {
  format: Format;
  main: { bytes: Buffer; width: number; height: number };
  thumbnail: Buffer;
};

export const invalidImage = (message: string) => new AppError(400, 'IMAGE_INVALID', message, { images: message });

function displayName(file: IncomingFile, index: number): string {
  const name = file.filename.replace(/\p{Cc}/gu, '').trim();
  if (!name) return `Image ${index + 1}`;
  return name.length > 80 ? `${name.slice(0, 77)}…` : name;
}

/**
 * Checks each file's real type from its bytes, re-encodes it without metadata, capped at 2048 px,
 * with a 400 px WebP thumbnail, then stores them all and records them. All or nothing: one bad file
 * refuses the whole upload, and a storage failure removes what was already written.
 */
export async function uploadImages(deps: UploadDeps, ownerId: string, files: IncomingFile[]): Promise<UploadedImage[]> {
  if (files.length === 0) throw new AppError(400, 'NO_IMAGES', 'Choose at least one image to upload.', { images: 'Choose at least one image to upload.' });

  const encoded: Encoded[] = [];
  for (const [index, file] of files.entries()) encoded.push(await encodeImage(file, displayName(file, index)));

  const prepared = encoded.map((image) => {
    const id = randomUUID();
    const { contentType, extension } = formats[image.format];
    return { id, image, contentType, key: `images/${id}.${extension}`, thumbnailKey: `images/${id}.thumb.webp` };
  });

  const stored: string[] = [];
  const removeStored = () => Promise.allSettled(stored.map((key) => deps.storage.delete(key)));
  try {
    for (const p of prepared) {
      await deps.storage.put(p.key, p.image.main.bytes, p.contentType);
      stored.push(p.key);
      await deps.storage.put(p.thumbnailKey, p.image.thumbnail, 'image/webp');
      stored.push(p.thumbnailKey);
    }
    await deps.db.transaction(async (tx) => {
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
  }));
}

async function encodeImage(file: IncomingFile, name: string): Promise<Encoded> {
  const notAnImage = () => invalidImage(`${name} is not a JPEG, PNG or WebP image.`);
  // failOn 'warning' (sharp's default, stated here on purpose): a truncated or damaged file is refused, not patched grey.
  const options = { failOn: 'warning', limitInputPixels: MAX_INPUT_PIXELS } as const;

  let format: string | undefined;
  let pixels = 0;
  try {
    const metadata = await sharp(file.bytes, options).metadata();
    format = metadata.format;
    pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  } catch {
    throw notAnImage();
  }
  if (format !== 'jpeg' && format !== 'png' && format !== 'webp') throw notAnImage();
  if (pixels > MAX_INPUT_PIXELS) throw invalidImage(`${name} has too many pixels; images of up to 100 megapixels are accepted.`);

  try {
    // rotate() applies the EXIF orientation; sharp writes no metadata (EXIF, GPS, XMP, ICC) unless asked to.
    const pipeline = sharp(file.bytes, options)
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const encoder =
      format === 'jpeg'
        ? pipeline.jpeg({ quality: 82, mozjpeg: true })
        : format === 'png'
          ? pipeline.png({ compressionLevel: 9 })
          : pipeline.webp({ quality: 80 });
    const { data, info } = await encoder.toBuffer({ resolveWithObject: true });
    const thumbnail = await sharp(data)
      .resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    return { format, main: { bytes: data, width: info.width, height: info.height }, thumbnail };
  } catch {
    throw notAnImage();
  }
}
