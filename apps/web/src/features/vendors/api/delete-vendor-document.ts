import { vendorsEndpoints } from '@localloop/contract';
import { call } from '../../../api/client.ts';

/** DELETE /vendor/me/documents/{id}/ */
export function deleteVendorDocument(id: string): Promise<{ id: string }> {
  return call(vendorsEndpoints.deleteVendorDocument, { params: { id } });
}
