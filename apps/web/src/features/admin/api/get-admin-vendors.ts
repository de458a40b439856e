import { adminEndpoints } from '@localloop/contract';
import type { adminVendorFilters } from '@localloop/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';

export type AdminVendorFilter = (typeof adminVendorFilters)[number];

export const adminVendorsKey = ['admin', 'vendors'] as const;
export const adminListKey = [...adminVendorsKey, 'list'] as const;
export const adminPageSize = 20;

/** One tab of vendors (pending: the oldest submission first, as the server orders them), searched by q. */
export function getAdminVendorsQueryOptions(status: AdminVendorFilter, q: string) {
  return infiniteQueryOptions({
    queryKey: [...adminListKey, status, q],
    queryFn: ({ pageParam, signal }) =>
      call(adminEndpoints.adminVendors, { query: { status, q: q || undefined, page: pageParam, page_size: adminPageSize }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.count ? last.page + 1 : undefined),
  });
}

export function useAdminVendors(status: AdminVendorFilter, q: string) {
  return useInfiniteQuery({ ...getAdminVendorsQueryOptions(status, q), placeholderData: keepPreviousData });
}
