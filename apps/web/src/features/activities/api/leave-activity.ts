import { activitiesEndpoints } from '@localloop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { invalidateActivity } from './invalidate-activity.ts';

/** Leaves an activity, withdraws a request or leaves the waitlist. */
export function useLeaveActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (activityId: string) => call(activitiesEndpoints.leaveActivity, { params: { id: activityId } }),
    onSettled: (_result, _error, activityId) => invalidateActivity(queryClient, activityId),
  });
}
