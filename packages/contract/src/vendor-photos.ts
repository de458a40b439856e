import { z } from 'zod';
import { ResponsiveImage, Uuid } from './common.ts';
import { endpoint, type Endpoint } from './endpoint.ts';

// ---- A vendor's photos: the cover and the gallery ---------------------------------------------

/** At most this many photos a vendor; the first is the cover (docs/decisions/0015). */
export const MAX_VENDOR_PHOTOS = 8;
export const MAX_PHOTO_CAPTION = 150;

const Caption = z
  .string()
  .trim()
  .max(MAX_PHOTO_CAPTION, `Use at most ${MAX_PHOTO_CAPTION} characters.`)
  // One line: it is the image's alternative text and its caption.
  .transform((caption) => caption.replace(/\s+/g, ' '));

/**
 * One of a vendor's photos. `caption` describes it: it is the image's alternative text for people who cannot see it and
 * the caption under it in the gallery; empty when the vendor wrote none.
 */
export const VendorPhoto = z.object({
  id: z.string().uuid(),
  caption: z.string(),
  image: ResponsiveImage,
});
export type VendorPhoto = z.infer<typeof VendorPhoto>;

/** The vendor's photos in their order: the first is the cover. */
export const VendorGallery = z.object({
  photos: z.array(VendorPhoto),
  max_photos: z.number().int(),
});
export type VendorGallery = z.infer<typeof VendorGallery>;

export const AddVendorPhotosInput = z.object({
  /** Images the caller uploaded through /UploadImagesAPI/ (their `id`), added after the photos already there. */
  photos: z
    .array(z.object({ image_id: Uuid('Choose an image you uploaded.'), caption: Caption.default('') }))
    .min(1, 'Choose at least one photo.')
    .max(MAX_VENDOR_PHOTOS, `Add at most ${MAX_VENDOR_PHOTOS} photos.`)
    .refine((photos) => new Set(photos.map((p) => p.image_id)).size === photos.length, 'The same image is chosen twice.'),
});
export type AddVendorPhotosInput = z.input<typeof AddVendorPhotosInput>;

export const UpdateVendorPhotoInput = z.object({ caption: Caption });
export type UpdateVendorPhotoInput = z.input<typeof UpdateVendorPhotoInput>;

export const ReorderVendorPhotosInput = z.object({
  /** Every photo of the vendor, each once, in the new order; the first becomes the cover. */
  photo_ids: z
    .array(Uuid('Unknown photo.'))
    .min(1, 'List the photos in their new order.')
    .max(MAX_VENDOR_PHOTOS, `There are at most ${MAX_VENDOR_PHOTOS} photos.`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each photo may appear only once.'),
});
export type ReorderVendorPhotosInput = z.input<typeof ReorderVendorPhotosInput>;

export const VendorPhotoParams = z.object({ id: Uuid('Unknown photo.') });

/** An operator's take-down of a vendor's photo: the vendor (id) and the photo (photo_id). */
export const AdminVendorPhotoParams = z.object({ id: Uuid('Unknown vendor.'), photo_id: Uuid('Unknown photo.') });
export const TakeDownPhotoInput = z.object({
  reason: z.string().trim().min(5, 'Tell the vendor why, in at least 5 characters.').max(500, 'Use at most 500 characters.'),
});
export type TakeDownPhotoInput = z.input<typeof TakeDownPhotoInput>;

/** The endpoints of this domain; merged into the one table in endpoints.ts. */
export const vendorPhotosEndpoints = {
  myVendorPhotos: endpoint({
    method: 'GET',
    path: '/vendor/me/photos/',
    body: undefined,
    response: VendorGallery,
    auth: 'required',
    summary: 'The caller\'s vendor photos in their order (the first is the cover); 404 before /BasicInfo is saved',
  }),
  addVendorPhotos: endpoint({
    method: 'POST',
    path: '/vendor/me/photos/',
    body: AddVendorPhotosInput,
    response: VendorGallery,
    status: 201,
    auth: 'required',
    summary: `Add images the caller uploaded to its vendor photos, after the others (at most ${MAX_VENDOR_PHOTOS}; live at once, docs/decisions/0015)`,
  }),
  reorderVendorPhotos: endpoint({
    method: 'PUT',
    path: '/vendor/me/photos/order/',
    body: ReorderVendorPhotosInput,
    response: VendorGallery,
    auth: 'required',
    summary: 'Put the caller\'s vendor photos in a new order (every photo once; the first becomes the cover); 409 when the list is not the current photos',
  }),
  updateVendorPhoto: endpoint({
    method: 'PATCH',
    path: '/vendor/me/photos/{id}/',
    params: VendorPhotoParams,
    body: UpdateVendorPhotoInput,
    response: VendorGallery,
    auth: 'required',
    summary: 'Change the caption (the alternative text) of one of the caller\'s vendor photos',
  }),
  setVendorCover: endpoint({
    method: 'POST',
    path: '/vendor/me/photos/{id}/cover/',
    params: VendorPhotoParams,
    body: undefined,
    response: VendorGallery,
    auth: 'required',
    summary: 'Make one of the caller\'s vendor photos the cover: it moves first, the others keep their order',
  }),
  removeVendorPhoto: endpoint({
    method: 'DELETE',
    path: '/vendor/me/photos/{id}/',
    params: VendorPhotoParams,
    body: undefined,
    response: VendorGallery,
    auth: 'required',
    summary: 'Remove one of the caller\'s vendor photos (the uploaded image stays among the caller\'s uploads)',
  }),
  adminVendorPhotos: endpoint({
    method: 'GET',
    path: '/admin/vendors/{id}/photos/',
    params: z.object({ id: Uuid('Unknown vendor.') }),
    body: undefined,
    response: VendorGallery,
    auth: 'operator',
    summary: 'Operators: a vendor\'s photos in their order, whatever its status (photos are live without review: operators moderate afterwards)',
  }),
  takeDownVendorPhoto: endpoint({
    method: 'POST',
    path: '/admin/vendors/{id}/photos/{photo_id}/take-down/',
    params: AdminVendorPhotoParams,
    body: TakeDownPhotoInput,
    response: VendorGallery,
    auth: 'operator',
    summary: 'Operators: remove a vendor\'s photo that breaks the rules; the image itself is deleted (its URL stops working) and the vendor is told why',
  }),
} as const satisfies Record<string, Endpoint>;
