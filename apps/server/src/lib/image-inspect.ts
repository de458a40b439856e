import sharp from 'sharp';

/**
 * What an untrusted image is, learnt from its first bytes and its header before a pixel is decoded: the checks that
 * keep a small file from costing gigabytes. Shared by image uploads and KYC documents.
 */
export type ImageFormat = 'jpeg' | 'png' | 'webp';

export const MAX_MEGAPIXELS = 40;
/** Three times a 12 MP phone photo and more than an A4 page scanned at 600 dpi (35 MP); what is larger is refused unread. */
export const MAX_INPUT_PIXELS = MAX_MEGAPIXELS * 1_000_000;

// libvips gives each image as many threads as there are cores unless told otherwise. Images already run side by side
// through a bounded queue, one per core, so one thread per image keeps the same throughput with fewer buffers alive
// (measured on 2 cores with 39 MP JPEGs and PNGs: the same wall time, 50-100 MB less peak RSS than 2 threads each).
sharp.concurrency(1);
// The operation cache pays off when the same image is processed twice; an upload never is, and it kept up to 50 MB.
sharp.cache(false);

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The format from the file's magic bytes, or null. Only these three reach sharp at all: every other format libvips
 * reads (SVG, TIFF, GIF, HEIF, AVIF, …) is refused here, so none of their parsers or bombs is ever exercised.
 */
export function sniffImageFormat(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(pngSignature)) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

export type ImageHeader = {
  format: ImageFormat;
  /** One frame's size: only the first frame of an animated image is ever decoded (see decodeOptions). */
  width: number;
  height: number;
  /** Frames of an animated WebP or APNG; 1 otherwise. */
  frames: number;
};

/** The header of a JPEG, PNG or WebP, read without decoding pixels; null when it is none of them or unreadable. */
export async function readImageHeader(bytes: Buffer): Promise<ImageHeader | null> {
  const format = sniffImageFormat(bytes);
  if (!format) return null;
  try {
    // No pixel limit here: this reads the header only, and the caller wants the size to say how far over it is.
    const metadata = await sharp(bytes, { failOn: 'warning', limitInputPixels: false }).metadata();
    if (metadata.format !== format || !metadata.width || !metadata.height) return null;
    return { format, width: metadata.width, height: metadata.pageHeight ?? metadata.height, frames: metadata.pages ?? 1 };
  } catch {
    return null;
  }
}

/** Megapixels of one frame, rounded for people ("it has 100 megapixels"). */
export function megapixelsOf(header: ImageHeader): number {
  return Math.round((header.width * header.height) / 100_000) / 10;
}

export const isOverPixelLimit = (header: ImageHeader) => header.width * header.height > MAX_INPUT_PIXELS;

/**
 * sharp's input options for decoding an image whose header passed: the first frame only (an animated image costs one
 * frame, not frames × pixels), the pixel cap enforced again by libvips itself, a damaged file refused rather than
 * patched grey, and libvips' own guards against oversized PNG text and ICC chunks left on (`unlimited: false`).
 */
export const decodeOptions = {
  failOn: 'warning',
  limitInputPixels: MAX_INPUT_PIXELS,
  pages: 1,
  unlimited: false,
} as const;
