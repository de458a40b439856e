import { activitiesEndpoints } from '@localloop/contract';
import type { RemoveParticipantInput } from '@localloop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { invalidateActivity } from './invalidate-activity.ts';

export type RemoveParticipantRequest = { activityId: string; body: RemoveParticipantInput };

/** The host removes a joined or waitlisted person (the path's id: the activity), who is told. */
export function useRemoveParticipant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ activityId, body }: RemoveParticipantRequest) => call(activitiesEndpoints.removeParticipant, { params: { id: activityId }, body }),
    onSettled: (_result, _error, { activityId }) => invalidateActivity(queryClient, activityId),
  });
}
