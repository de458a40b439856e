import { directoryEndpoints } from '@localloop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { useAccountId } from '../../../session/auth-context.tsx';

export const favoriteVendorsKeyPrefix = ['vendors', 'favorites'] as const;

export function getFavoriteVendorsQueryOptions(viewerId: string) {
  return queryOptions({
    queryKey: [...favoriteVendorsKeyPrefix, viewerId],
    queryFn: ({ signal }) => call(directoryEndpoints.favoriteVendors, { signal }),
  });
}

/** The signed-in user's favorite vendors, most recently added first. */
export function useFavoriteVendors() {
  const viewerId = useAccountId();
  return useQuery({ ...getFavoriteVendorsQueryOptions(viewerId), enabled: viewerId !== '' });
}
