import { z } from 'zod';
import { ImageVariant } from './common.ts';
import { endpoint, type Endpoint } from './endpoint.ts';

// ---- Uploads -------------------------------------------------------------------------------

export const UploadedImage = z.object({
  id: z.string().uuid(),
  url: z.string(),
  thumbnail_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  content_type: z.string(),
  bytes: z.number().int(),
  /** Smaller WebP renditions for `srcset`, narrowest first (see ResponsiveImage). */
  variants: z.array(ImageVariant),
});
export type UploadedImage = z.infer<typeof UploadedImage>;

export const UploadImagesResponse = z.object({ images: z.array(UploadedImage) });
export type UploadImagesResponse = z.infer<typeof UploadImagesResponse>;

/** Upload limits, shown to people before they pick a file. */
export const imageUploadLimits = { maxBytes: 5 * 1024 * 1024, maxFiles: 10, types: ['image/jpeg', 'image/png', 'image/webp'] } as const;

/** The endpoints of this domain; merged into the one table in endpoints.ts. */
export const uploadsEndpoints = {
  uploadImages: endpoint({
    method: 'POST',
    path: '/UploadImagesAPI/',
    body: undefined,
    response: UploadImagesResponse,
    status: 201,
    auth: 'required',
    summary: 'Upload one or more images (multipart, field "images"): JPEG, PNG or WebP, 5 MB each; re-encoded without metadata',
  }),
} as const satisfies Record<string, Endpoint>;
