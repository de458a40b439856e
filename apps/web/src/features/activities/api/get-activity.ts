import { activitiesEndpoints } from '@localloop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { useAccountId } from '../../../session/auth-context.tsx';

/** The caller's state is part of the answer, so the viewer's id is part of the key. */
export const activityKeyPrefix = ['activities', 'detail'] as const;

export function getActivityQueryOptions(activityId: string, viewerId: string) {
  return queryOptions({
    queryKey: [...activityKeyPrefix, activityId, viewerId],
    queryFn: ({ signal }) => call(activitiesEndpoints.activityDetails, { params: { id: activityId }, signal }),
  });
}

/** One activity with its host, participants, the caller's state and, for the host, the requests and waitlist. */
export function useActivity(activityId: string, enabled = true) {
  const viewerId = useAccountId();
  return useQuery({ ...getActivityQueryOptions(activityId, viewerId), enabled });
}
