import { devEndpoints } from '@localloop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, call } from '../../../api/client.ts';

export function isOutboxOff(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** The developer outbox of one recipient, newest first (the server never lists everyone's messages at once). */
export function getOutboxQueryOptions(recipient: string) {
  return queryOptions({
    queryKey: ['dev-outbox', recipient],
    queryFn: ({ signal }) => call(devEndpoints.devOutbox, { query: { to: recipient }, signal }),
    enabled: recipient !== '',
    staleTime: 0,
  });
}

/** Refreshed every 3 s while the page is visible (TanStack Query pauses intervals in a hidden tab); not once the outbox is off. */
export function useOutbox(recipient: string) {
  return useQuery({
    ...getOutboxQueryOptions(recipient),
    refetchInterval: (query) => (isOutboxOff(query.state.error) ? false : 3000),
    placeholderData: (previous) => previous,
  });
}
