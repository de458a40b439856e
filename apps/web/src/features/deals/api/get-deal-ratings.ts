import { dealsEndpoints } from '@localloop/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { useAccountId } from '../../../session/auth-context.tsx';

export const dealRatingsPageSize = 10;

export const dealRatingsKey = (dealId: string) => ['deals', 'ratings', dealId] as const;
export const dealRatingsKeyPrefix = ['deals', 'ratings'] as const;

/** A deal's ratings, newest first, a page at a time; `mine` on each page is the caller's own. */
export function getDealRatingsQueryOptions(dealId: string, viewerId: string) {
  return infiniteQueryOptions({
    queryKey: [...dealRatingsKey(dealId), viewerId],
    queryFn: ({ pageParam, signal }) => call(dealsEndpoints.dealRatings, { params: { id: dealId }, query: { page: pageParam, page_size: dealRatingsPageSize }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.count ? last.page + 1 : undefined),
  });
}

export function useDealRatings(dealId: string, enabled = true) {
  const viewerId = useAccountId();
  return useInfiniteQuery({ ...getDealRatingsQueryOptions(dealId, viewerId), enabled });
}
