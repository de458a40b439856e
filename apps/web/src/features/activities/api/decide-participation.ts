import { activitiesEndpoints } from '@localloop/contract';
import type { ParticipationDecisionInput } from '@localloop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { invalidateActivity } from './invalidate-activity.ts';

export type DecideParticipationRequest = { activityId: string; body: ParticipationDecisionInput };

/** The host accepts or rejects one person's request (the path's id: the activity). */
export function useDecideParticipation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ activityId, body }: DecideParticipationRequest) => call(activitiesEndpoints.decideParticipation, { params: { id: activityId }, body }),
    onSettled: (_result, _error, { activityId }) => invalidateActivity(queryClient, activityId),
  });
}
