import { endpoints } from '@localloop/contract';
import type { VendorGallery } from '@localloop/contract';
import { call } from '../../../api/client.ts';

/** PATCH /vendor/me/photos/{id}/: a new caption (the photo's alternative text). */
export function updateVendorPhoto(id: string, caption: string): Promise<VendorGallery> {
  return call(endpoints.updateVendorPhoto, { params: { id }, body: { caption } });
}
