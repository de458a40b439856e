import { activitiesEndpoints } from '@localloop/contract';
import type { MyActivitiesFilter } from '@localloop/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { useAccountId } from '../../../session/auth-context.tsx';

export const myActivitiesKeyPrefix = ['activities', 'mine'] as const;

/** How many activities one page of /MyActivities shows. */
export const MY_ACTIVITIES_PAGE_SIZE = 12;

export function getMyActivitiesQueryOptions(viewerId: string, filter: MyActivitiesFilter, page: number) {
  return queryOptions({
    queryKey: [...myActivitiesKeyPrefix, viewerId, filter, page],
    queryFn: ({ signal }) =>
      // The spec's own call lists the deactivated ones (its id: the caller's account); the other tabs use /activities/mine/.
      filter === 'deactivated'
        ? call(activitiesEndpoints.deactivatedActivities, { params: { id: viewerId }, query: { page, page_size: MY_ACTIVITIES_PAGE_SIZE }, signal })
        : call(activitiesEndpoints.myActivities, { query: { filter, page, page_size: MY_ACTIVITIES_PAGE_SIZE }, signal }),
  });
}

/** The signed-in person's activities of one tab (created, joined, requested, upcoming, past, deactivated). */
export function useMyActivities(filter: MyActivitiesFilter, page: number) {
  const viewerId = useAccountId();
  return useQuery({ ...getMyActivitiesQueryOptions(viewerId, filter, page), enabled: viewerId !== '', placeholderData: keepPreviousData });
}
