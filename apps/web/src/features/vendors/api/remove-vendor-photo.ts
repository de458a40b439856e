import { vendorPhotosEndpoints } from '@localloop/contract';
import type { VendorGallery } from '@localloop/contract';
import { call } from '../../../api/client.ts';

/** DELETE /vendor/me/photos/{id}/ */
export function removeVendorPhoto(id: string): Promise<VendorGallery> {
  return call(vendorPhotosEndpoints.removeVendorPhoto, { params: { id } });
}
