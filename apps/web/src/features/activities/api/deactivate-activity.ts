import { activitiesEndpoints } from '@localloop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { invalidateActivity } from './invalidate-activity.ts';

/** The host deactivates an activity: it leaves the lists and every participant is told. */
export function useDeactivateActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (activityId: string) => call(activitiesEndpoints.deactivateActivity, { params: { id: activityId } }),
    onSettled: (_result, _error, activityId) => invalidateActivity(queryClient, activityId),
  });
}
