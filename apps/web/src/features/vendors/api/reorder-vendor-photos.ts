import { vendorPhotosEndpoints } from '@localloop/contract';
import type { VendorGallery } from '@localloop/contract';
import { call } from '../../../api/client.ts';

/** PUT /vendor/me/photos/order/: every photo once, in the new order. */
export function reorderVendorPhotos(photoIds: string[]): Promise<VendorGallery> {
  return call(vendorPhotosEndpoints.reorderVendorPhotos, { body: { photo_ids: photoIds } });
}
