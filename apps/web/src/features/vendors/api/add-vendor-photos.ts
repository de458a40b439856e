import { vendorPhotosEndpoints } from '@localloop/contract';
import type { AddVendorPhotosInput, VendorGallery } from '@localloop/contract';
import { call } from '../../../api/client.ts';

/** POST /vendor/me/photos/: images uploaded through /UploadImagesAPI/, added after the others. */
export function addVendorPhotos(body: AddVendorPhotosInput): Promise<VendorGallery> {
  return call(vendorPhotosEndpoints.addVendorPhotos, { body });
}
