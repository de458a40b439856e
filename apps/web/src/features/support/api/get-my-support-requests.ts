import { supportEndpoints } from '@localloop/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';

/** Every support query starts with this key: a pushed answer refreshes them all (app/realtime-effects.ts). */
export const supportKeyPrefix = ['support'] as const;
export const mySupportRequestsKey = [...supportKeyPrefix, 'mine'] as const;
export const supportPageSize = 10;

/** The person's requests, newest first, a page at a time. */
export function getMySupportRequestsQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...mySupportRequestsKey, page],
    queryFn: ({ signal }) => call(supportEndpoints.mySupportRequests, { query: { page, page_size: supportPageSize }, signal }),
  });
}

export function useMySupportRequests(page: number) {
  return useQuery({ ...getMySupportRequestsQueryOptions(page), placeholderData: keepPreviousData });
}
