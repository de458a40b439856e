import { vendorPhotosEndpoints } from '@localloop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { adminVendorsKey } from './get-admin-vendors.ts';

/** A vendor's photos as customers see them (live without review: operators look afterwards). */
export function getAdminVendorPhotosQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...adminVendorsKey, 'photos', id],
    queryFn: ({ signal }) => call(vendorPhotosEndpoints.adminVendorPhotos, { params: { id }, signal }),
  });
}

export function useAdminVendorPhotos(id: string) {
  return useQuery(getAdminVendorPhotosQueryOptions(id));
}
