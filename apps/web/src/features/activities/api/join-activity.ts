import { activitiesEndpoints } from '@localloop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { invalidateActivity } from './invalidate-activity.ts';

/** Joins an open activity, asks to join an approval one, or queues on the waitlist when it is full. */
export function useJoinActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (activityId: string) => call(activitiesEndpoints.joinActivity, { params: { id: activityId } }),
    onSettled: (_result, _error, activityId) => invalidateActivity(queryClient, activityId),
  });
}
