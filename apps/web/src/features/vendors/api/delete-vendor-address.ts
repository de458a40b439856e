import { vendorsEndpoints } from '@localloop/contract';
import { call } from '../../../api/client.ts';

/** DELETE /vendor/me/addresses/{id}/ */
export function deleteVendorAddress(id: string): Promise<{ id: string }> {
  return call(vendorsEndpoints.deleteVendorAddress, { params: { id } });
}
