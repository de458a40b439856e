import { adminEndpoints } from '@localloop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { adminVendorsKey } from './get-admin-vendors.ts';

/** One vendor with documents, masked bank details, hours, addresses and decision history. */
export function getAdminVendorQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...adminVendorsKey, 'detail', id],
    queryFn: ({ signal }) => call(adminEndpoints.adminVendor, { params: { id }, signal }),
  });
}

export function useAdminVendor(id: string) {
  return useQuery(getAdminVendorQueryOptions(id));
}
