import type { ResponsiveImage as ResponsiveImageData } from '@localloop/contract';

// Plain functions and strings, no React: the boot script (src/boot) preloads a page's first picture with the same
// srcset and sizes as its <img>, so the browser picks the same file and the <img> finds it already downloaded.

/** How wide a listing card's picture is drawn (ListingCard). */
export const listingCardImageSizes = '(min-width: 1280px) 19rem, (min-width: 1024px) 31vw, (min-width: 640px) 46vw, 100vw';

/** How wide a details page's cover photo, the first of its gallery, is drawn (PhotoGallery). */
export const galleryCoverImageSizes = '(min-width: 1152px) 36rem, (min-width: 768px) 50vw, 85vw';

/** "a.webp 320w, b.webp 640w, image.jpg 1600w": every rendition and the full-size file, so the browser picks one. */
export function srcSetOf(image: ResponsiveImageData): string {
  const sources = [...image.variants.filter((v) => v.width < image.width), { url: image.url, width: image.width }];
  return sources
    .sort((a, b) => a.width - b.width)
    .map((source) => `${source.url} ${source.width}w`)
    .join(', ');
}

/**
 * The `src` for browsers that ignore srcset (and what tests read): the rendition nearest 640 px wide, a card's or a
 * phone's width, else the full-size file.
 */
export function defaultSrcOf(image: ResponsiveImageData): string {
  const fitting = image.variants.filter((v) => v.width >= 640).sort((a, b) => a.width - b.width)[0];
  return (fitting ?? image.variants.at(-1) ?? image).url;
}
