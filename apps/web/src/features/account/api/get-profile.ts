import { accountEndpoints } from '@localloop/contract';
import type { Profile } from '@localloop/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { useAccountId, useAuth } from '../../../session/auth-context.tsx';
import { getAccessToken, storeAccountKeys } from '../../../session/storage.ts';

async function getProfile(signal: AbortSignal): Promise<Profile> {
  const profile = await call(accountEndpoints.profile, { signal });
  // The spec's stored keys follow the account wherever it was last changed; not after a logout raced this call.
  if (getAccessToken()) storeAccountKeys(profile);
  return profile;
}

/** Keyed by the account, so a second account signing in on this page never sees the first one's profile. */
export function getProfileQueryOptions(accountId: string) {
  return queryOptions({
    queryKey: ['profile', accountId],
    queryFn: ({ signal }) => getProfile(signal),
  });
}

export function useProfile() {
  const accountId = useAccountId();
  return useQuery({ ...getProfileQueryOptions(accountId), enabled: accountId !== '' });
}

/** After a save: the new profile in the cache, in the stored keys and the auth state, then a refetch. */
export function useApplyProfile(): (profile: Profile) => void {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  const { updateAccount } = useAuth();
  return (profile: Profile) => {
    const { queryKey } = getProfileQueryOptions(accountId);
    queryClient.setQueryData(queryKey, profile);
    updateAccount({ email: profile.email, phone_number: profile.phone_number, username: profile.username });
    void queryClient.invalidateQueries({ queryKey });
  };
}
