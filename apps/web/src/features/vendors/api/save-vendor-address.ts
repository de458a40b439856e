import { vendorsEndpoints } from '@localloop/contract';
import type { AddressInput, VendorAddress } from '@localloop/contract';
import { call } from '../../../api/client.ts';

/** POST /vendor/me/addresses/ for a new address, PUT /vendor/me/addresses/{id}/ for a change. */
export function saveVendorAddress(body: AddressInput, id?: string): Promise<VendorAddress> {
  return id ? call(vendorsEndpoints.updateVendorAddress, { params: { id }, body }) : call(vendorsEndpoints.addVendorAddress, { body });
}
