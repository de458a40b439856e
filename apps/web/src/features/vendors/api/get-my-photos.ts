import { vendorPhotosEndpoints } from '@localloop/contract';
import type { VendorGallery } from '@localloop/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../../api/client.ts';
import { useAccountId } from '../../../session/auth-context.tsx';

/** GET /vendor/me/photos/: the caller's photos in their order, the first the cover. Keyed by the account. */
export function getMyPhotosQueryOptions(accountId: string) {
  return queryOptions({
    queryKey: ['vendor', 'me', accountId, 'photos'],
    queryFn: ({ signal }) => call(vendorPhotosEndpoints.myVendorPhotos, { signal }),
  });
}

export function useMyPhotos(enabled: boolean) {
  const accountId = useAccountId();
  return useQuery({ ...getMyPhotosQueryOptions(accountId), enabled: enabled && accountId !== '' });
}

/** Every change answers the whole gallery: it goes straight into the cache. */
export function useSetMyPhotos(): (gallery: VendorGallery) => void {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return useCallback((gallery) => queryClient.setQueryData(getMyPhotosQueryOptions(accountId).queryKey, gallery), [queryClient, accountId]);
}
