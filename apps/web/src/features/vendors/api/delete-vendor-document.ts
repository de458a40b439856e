import { endpoints } from '@localloop/contract';
import { call } from '../../../api/client.ts';

/** DELETE /vendor/me/documents/{id}/ */
export function deleteVendorDocument(id: string): Promise<{ id: string }> {
  return call(endpoints.deleteVendorDocument, { params: { id } });
}
