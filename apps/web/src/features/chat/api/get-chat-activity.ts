import { activitiesEndpoints } from '@localloop/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { useAccountId } from '../../../session/auth-context.tsx';

/** The activity a chat is about, for the page's heading and its link back (the activities feature's own key). */
export function useChatActivity(activityId: string, enabled = true) {
  const viewerId = useAccountId();
  return useQuery({
    queryKey: ['activities', 'detail', activityId, viewerId],
    queryFn: ({ signal }) => call(activitiesEndpoints.activityDetails, { params: { id: activityId }, signal }),
    enabled,
  });
}
