import { supportEndpoints } from '@localloop/contract';
import type { supportFilters } from '@localloop/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';

export type SupportFilter = (typeof supportFilters)[number];

export const adminSupportKey = ['admin', 'support'] as const;
export const adminSupportListKey = [...adminSupportKey, 'list'] as const;

/** One tab of support requests (open: longest waiting first, as the server orders them), searched by q. */
export function getAdminSupportRequestsQueryOptions(status: SupportFilter, q: string) {
  return infiniteQueryOptions({
    queryKey: [...adminSupportListKey, status, q],
    queryFn: ({ pageParam, signal }) => call(supportEndpoints.adminSupportRequests, { query: { status, q: q || undefined, page: pageParam, page_size: 20 }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.count ? last.page + 1 : undefined),
    // Nothing pushes people's new requests and follow-ups to operators: the queue is asked again whenever it is shown
    // and every minute while the tab is in view.
    staleTime: 0,
    refetchInterval: 60_000,
  });
}

export function useAdminSupportRequests(status: SupportFilter, q: string) {
  return useInfiniteQuery({ ...getAdminSupportRequestsQueryOptions(status, q), placeholderData: keepPreviousData });
}
