import type { ResponsiveImage } from '@localloop/contract';
import type { MediaVariant } from '../../db/schema.ts';

/** A stored image as a query reads it: its file's key, its size and its renditions. */
export type StoredImage = { key: string; width: number; height: number; variants: MediaVariant[] };

/** An image as every response shows it (the contract's ResponsiveImage): public URLs, renditions narrowest first. */
export function toResponsiveImage(image: StoredImage, mediaUrl: (key: string) => string): ResponsiveImage {
  return {
    url: mediaUrl(image.key),
    width: image.width,
    height: image.height,
    variants: [...image.variants]
      .sort((a, b) => a.width - b.width)
      .map((v) => ({ url: mediaUrl(v.key), width: v.width, height: v.height, content_type: v.contentType })),
  };
}

/** Every storage key of an image: the file, its thumbnail and its renditions (to remove them all). */
export const keysOfImage = (row: { storageKey: string; thumbnailKey: string; variants: MediaVariant[] }) => [
  row.storageKey,
  row.thumbnailKey,
  ...row.variants.map((v) => v.key),
];
