import { activitiesEndpoints } from '@localloop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { useAccountId } from '../../../session/auth-context.tsx';
import { activityListKeyPrefix } from './get-activities-near.ts';

/** How many of a shop's activities its page shows. */
export const vendorActivitiesPageSize = 8;

/** Among the activity lists' keys, so hosting, joining or leaving (create-activity.ts, invalidate-activity.ts) refreshes the shop's page. */
export function getVendorActivitiesQueryOptions(viewerId: string, vendorId: string) {
  return queryOptions({
    queryKey: [...activityListKeyPrefix, 'by-vendor', vendorId, viewerId],
    queryFn: ({ signal }) => call(activitiesEndpoints.vendorActivities, { params: { id: vendorId }, query: { page_size: vendorActivitiesPageSize }, signal }),
  });
}

export function useVendorActivities(vendorId: string) {
  return useQuery(getVendorActivitiesQueryOptions(useAccountId(), vendorId));
}
