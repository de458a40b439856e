import { appointmentsEndpoints } from '@localloop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { useAccountId } from '../../../session/auth-context.tsx';
import { myProvidersKeyPrefix } from './get-my-providers.ts';

/** Under the providers' key: adding or removing a provider (which invalidates that prefix) refreshes the links too. */
export const calendarFeedsKeyPrefix = [...myProvidersKeyPrefix, 'calendar-feeds'] as const;

export function getCalendarFeedsQueryOptions(viewerId: string) {
  return queryOptions({
    queryKey: [...calendarFeedsKeyPrefix, viewerId],
    queryFn: ({ signal }) => call(appointmentsEndpoints.calendarFeeds, { signal }),
  });
}

/** The signed-in vendor's calendar links: the whole shop's and each provider's, null where off. */
export function useCalendarFeeds() {
  const viewerId = useAccountId();
  return useQuery({ ...getCalendarFeedsQueryOptions(viewerId), enabled: viewerId !== '' });
}
