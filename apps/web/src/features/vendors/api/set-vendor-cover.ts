import { vendorPhotosEndpoints } from '@localloop/contract';
import type { VendorGallery } from '@localloop/contract';
import { call } from '../../../api/client.ts';

/** POST /vendor/me/photos/{id}/cover/: the photo moves first. */
export function setVendorCover(id: string): Promise<VendorGallery> {
  return call(vendorPhotosEndpoints.setVendorCover, { params: { id } });
}
