import { vendorsEndpoints } from '@localloop/contract';
import type { VendorProfile } from '@localloop/contract';
import { call } from '../../../api/client.ts';

/** POST /vendor/me/submit/: kyc_status becomes pending (an approved vendor's shop stays live meanwhile). */
export function submitKyc(): Promise<VendorProfile> {
  return call(vendorsEndpoints.submitKyc);
}
