import type { ResponsiveImage as ResponsiveImageData } from '@localloop/contract';

/** A picture of a gallery: a vendor's photo, later a deal's or an activity's. */
export type GalleryPhoto = { id: string; caption: string; image: ResponsiveImageData };

/** What a photo is to someone who cannot see it: its caption, else its place in the gallery. */
export function photoLabel(photo: GalleryPhoto, index: number, count: number, title: string): string {
  return photo.caption || `Photo ${index + 1} of ${count} of ${title}`;
}
