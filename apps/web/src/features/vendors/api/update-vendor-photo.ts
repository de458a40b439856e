import { vendorPhotosEndpoints } from '@localloop/contract';
import type { VendorGallery } from '@localloop/contract';
import { call } from '../../../api/client.ts';

/** PATCH /vendor/me/photos/{id}/: a new caption (the photo's alternative text). */
export function updateVendorPhoto(id: string, caption: string): Promise<VendorGallery> {
  return call(vendorPhotosEndpoints.updateVendorPhoto, { params: { id }, body: { caption } });
}
