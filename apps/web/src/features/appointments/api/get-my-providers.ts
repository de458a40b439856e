import { appointmentsEndpoints } from '@localloop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { useAccountId } from '../../../session/auth-context.tsx';

export const myProvidersKeyPrefix = ['providers', 'mine'] as const;

export function getMyProvidersQueryOptions(viewerId: string) {
  return queryOptions({
    queryKey: [...myProvidersKeyPrefix, viewerId],
    queryFn: ({ signal }) => call(appointmentsEndpoints.myProviders, { signal }),
  });
}

/** The signed-in vendor's providers, by name. */
export function useMyProviders() {
  const viewerId = useAccountId();
  return useQuery({ ...getMyProvidersQueryOptions(viewerId), enabled: viewerId !== '' });
}

export function getProviderQueryOptions(providerId: string) {
  return queryOptions({
    queryKey: [...myProvidersKeyPrefix, 'detail', providerId],
    queryFn: ({ signal }) => call(appointmentsEndpoints.getProvider, { params: { id: providerId }, signal }),
  });
}

export function useProvider(providerId: string | null) {
  return useQuery({ ...getProviderQueryOptions(providerId ?? ''), enabled: providerId !== null });
}
