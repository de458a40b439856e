import { directoryEndpoints } from '@localloop/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { useAccountId } from '../../../session/auth-context.tsx';

export const ratingsPageSize = 10;

export const vendorRatingsKey = (vendorId: string) => ['vendors', 'ratings', vendorId] as const;

/** The ratings with comments, newest first, a page at a time ("Show more"). */
export function getVendorRatingsQueryOptions(vendorId: string, viewerId: string) {
  return infiniteQueryOptions({
    queryKey: [...vendorRatingsKey(vendorId), viewerId, 'pages'],
    queryFn: ({ pageParam, signal }) =>
      call(directoryEndpoints.vendorRatings, { params: { id: vendorId }, query: { page: pageParam, page_size: ratingsPageSize }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.count ? last.page + 1 : undefined),
  });
}

export function useVendorRatings(vendorId: string) {
  const viewerId = useAccountId();
  return useInfiniteQuery(getVendorRatingsQueryOptions(vendorId, viewerId));
}
