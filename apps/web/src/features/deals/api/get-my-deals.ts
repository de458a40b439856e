import { dealsEndpoints } from '@localloop/contract';
import type { MyDealsType } from '@localloop/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';

export const myDealsKeyPrefix = ['deals', 'mine'] as const;

/** How many of its deals a vendor sees on one page of /MyDeals. */
export const MY_DEALS_PAGE_SIZE = 12;

export type MyDealsFilter = { type: MyDealsType | null; page: number };

export function getMyDealsQueryOptions(vendorId: string, filter: MyDealsFilter) {
  return queryOptions({
    queryKey: [...myDealsKeyPrefix, vendorId, filter],
    queryFn: ({ signal }) =>
      call(dealsEndpoints.myDeals, { params: { id: vendorId }, query: { type: filter.type ?? undefined, page: filter.page, page_size: MY_DEALS_PAGE_SIZE }, signal }),
  });
}

/** The deals of the signed-in vendor's shop (its vendor id), newest first, of one type or all, with the count of each type. */
export function useMyDeals(vendorId: string | null, filter: MyDealsFilter) {
  return useQuery({ ...getMyDealsQueryOptions(vendorId ?? '', filter), enabled: Boolean(vendorId), placeholderData: keepPreviousData });
}
