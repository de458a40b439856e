import { directoryEndpoints } from '@localloop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, call } from '../../../api/client.ts';
import { useAccountId } from '../../../session/auth-context.tsx';
import { nearQueryKey, useUserLocation } from '../../../session/user-location.ts';
import type { StoredLocation } from '../../../session/user-location.ts';

export const vendorPageKeyPrefix = ['near', 'vendors', 'public'] as const;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The public page of a listed vendor, by the vendor's user id; the distance is from the chosen location. */
export function getVendorQueryOptions(location: StoredLocation, viewerId: string, userId: string) {
  return queryOptions({
    queryKey: nearQueryKey(location, 'vendors', 'public', viewerId, userId),
    queryFn: ({ signal }) =>
      call(directoryEndpoints.vendorPublic, {
        params: { user_id: userId },
        query: { lat: location.latitude, lng: location.longitude },
        signal,
      }),
  });
}

export function useVendor(userId: string) {
  const location = useUserLocation();
  const viewerId = useAccountId();
  return useQuery({ ...getVendorQueryOptions(location, viewerId, userId), enabled: uuidPattern.test(userId) });
}

/** A malformed id, an unknown vendor or one that is no longer listed: the page says "not found". */
export function isVendorMissing(userId: string, error: unknown): boolean {
  if (!uuidPattern.test(userId)) return true;
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}
