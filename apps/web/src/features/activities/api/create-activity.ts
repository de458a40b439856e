import { activitiesEndpoints } from '@localloop/contract';
import type { ActivityInput } from '@localloop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { activityListKeyPrefix } from './get-activities-near.ts';
import { myActivitiesKeyPrefix } from './get-my-activities.ts';

/** Hosts a new activity; the lists near a point and the host's own are fetched again. */
export function useCreateActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ActivityInput) => call(activitiesEndpoints.createActivity, { body }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: myActivitiesKeyPrefix }), queryClient.invalidateQueries({ queryKey: activityListKeyPrefix })]),
  });
}
