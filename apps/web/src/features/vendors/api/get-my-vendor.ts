import { vendorsEndpoints } from '@localloop/contract';
import type { VendorProfile } from '@localloop/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError, call } from '../../../api/client.ts';
import { useAccountId } from '../../../session/auth-context.tsx';
import { getStoredVendorId } from '../../../session/storage.ts';

/** GET /vendor/me/; null while the account has no vendor record yet (404: KYC not started). */
async function getMyVendor(signal: AbortSignal): Promise<VendorProfile | null> {
  // No vendor_id stored: KYC has not started (login and the first basic-info save store it), so there is
  // nothing to ask for, and no 404 to put in the browser's console.
  if (!getStoredVendorId()) return null;
  try {
    return await call(vendorsEndpoints.myVendor, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Keyed by the account, so a second account signing in on this page never sees the first one's record. */
export function getMyVendorQueryOptions(accountId: string) {
  return queryOptions({
    queryKey: ['vendor', 'me', accountId],
    queryFn: ({ signal }) => getMyVendor(signal),
  });
}

export function useMyVendor() {
  const accountId = useAccountId();
  return useQuery({ ...getMyVendorQueryOptions(accountId), enabled: accountId !== '' });
}

/**
 * After a save: the change in the cache at once (so the stepper and the next page are up to date), then a
 * refetch for what only the server knows (which steps are complete).
 */
export function useUpdateMyVendor(): (update: (profile: VendorProfile) => VendorProfile) => void {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return useCallback(
    (update) => {
      const { queryKey } = getMyVendorQueryOptions(accountId);
      queryClient.setQueryData(queryKey, (current: VendorProfile | null | undefined) => (current ? update(current) : current));
      void queryClient.invalidateQueries({ queryKey });
    },
    [queryClient, accountId],
  );
}

/** Puts a whole new record in the cache (basic info and submit answer one). */
export function useSetMyVendor(): (profile: VendorProfile) => void {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return useCallback(
    (profile) => {
      queryClient.setQueryData(getMyVendorQueryOptions(accountId).queryKey, profile);
    },
    [queryClient, accountId],
  );
}
