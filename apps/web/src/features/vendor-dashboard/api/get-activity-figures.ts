import { activitiesEndpoints } from '@localloop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';

/**
 * What the vendor's account hosts and is still to come: how many, the join requests waiting, the soonest. The figures
 * come with every page of /activities/mine/, so one row is enough. The key sits under the activities feature's
 * ['activities', 'mine'] prefix, so hosting, deciding or deactivating there refreshes this card too.
 */
export function getActivityFiguresQueryOptions(accountId: string) {
  return queryOptions({
    queryKey: ['activities', 'mine', accountId, 'hosting'],
    queryFn: async ({ signal }) => (await call(activitiesEndpoints.myActivities, { query: { filter: 'created', page_size: 1 }, signal })).hosting,
  });
}

export function useActivityFigures(accountId: string) {
  return useQuery(getActivityFiguresQueryOptions(accountId));
}
