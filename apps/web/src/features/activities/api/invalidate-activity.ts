import type { QueryClient } from '@tanstack/react-query';
import { activityListKeyPrefix } from './get-activities-near.ts';
import { activityKeyPrefix } from './get-activity.ts';
import { myActivitiesKeyPrefix } from './get-my-activities.ts';

/** After any change of participation: the activity, the lists near a point (spots left) and the person's own lists. */
export function invalidateActivity(queryClient: QueryClient, activityId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [...activityKeyPrefix, activityId] }),
    queryClient.invalidateQueries({ queryKey: activityListKeyPrefix }),
    queryClient.invalidateQueries({ queryKey: myActivitiesKeyPrefix }),
  ]);
}
