import { vendorsEndpoints } from '@localloop/contract';
import type { BasicInfoInput, VendorProfile } from '@localloop/contract';
import { call } from '../../../api/client.ts';

/** PUT /vendor/me/basic-info/: the first save creates the vendor record (KYC started). */
export function saveBasicInfo(body: BasicInfoInput): Promise<VendorProfile> {
  return call(vendorsEndpoints.saveBasicInfo, { body });
}
