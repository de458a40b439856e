import { UploadImagesResponse, uploadsEndpoints } from '@localloop/contract';
import { ApiError, badResponseCode, request } from './client.ts';

/**
 * Uploads images as multipart (field "images") to /UploadImagesAPI/, with the same bearer token and
 * 401 refresh-and-retry as every JSON call. Answers the stored images' public URLs.
 */
export async function uploadImages(files: readonly File[], signal?: AbortSignal): Promise<UploadImagesResponse> {
  const form = new FormData();
  for (const file of files) form.append('images', file, file.name);
  const data = await request(uploadsEndpoints.uploadImages.path, { method: uploadsEndpoints.uploadImages.method, body: form, signal });
  const parsed = UploadImagesResponse.safeParse(data);
  if (!parsed.success) {
    throw new ApiError(0, badResponseCode, 'LocalLoop sent an answer we could not read. Please try again.');
  }
  return parsed.data;
}
