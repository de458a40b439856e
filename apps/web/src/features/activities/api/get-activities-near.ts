import { activitiesEndpoints, activityCategories } from '@localloop/contract';
import type { ActivityCategory } from '@localloop/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, earlyAnswer } from '../../../api/client.ts';
import { useAccountId } from '../../../session/auth-context.tsx';
import { nearQueryKey, useUserLocation } from '../../../session/user-location.ts';
import type { StoredLocation } from '../../../session/user-location.ts';
import { activityListQuery, daysOf } from './activity-queries.ts';
import type { ActivityFilters } from './activity-queries.ts';

export { activityPageSize, activityRadiusOptionsKm, daysOf, defaultActivityFilters } from './activity-queries.ts';
export type { ActivityFilters, ActivityWhen } from './activity-queries.ts';

/** Under ['near'], so a change of location refetches the lists (session/user-location.ts). */
export const activityListKeyPrefix = ['near', 'activities', 'list'] as const;

export function isActivityCategory(value: string | null): value is ActivityCategory {
  return value !== null && (activityCategories as readonly string[]).includes(value);
}

export function getActivitiesNearQueryOptions(location: StoredLocation, viewerId: string, filters: ActivityFilters) {
  const days = daysOf(filters);
  const request = { query: activityListQuery(location, filters, days) };
  return queryOptions({
    queryKey: nearQueryKey(location, 'activities', 'list', viewerId, filters, days),
    queryFn: ({ signal }) => call(activitiesEndpoints.activityList, { ...request, signal }),
    // A visitor's /LocalActivities: the boot script's answer, when it is in by the first render.
    initialData: () => earlyAnswer(activitiesEndpoints.activityList, request),
  });
}

/** One page of the upcoming public activities near the chosen location (New York when none is chosen), nearest first, matching the words if any. */
export function useActivitiesNear(filters: ActivityFilters) {
  const location = useUserLocation();
  const viewerId = useAccountId();
  return useQuery({ ...getActivitiesNearQueryOptions(location, viewerId, filters), placeholderData: keepPreviousData });
}
