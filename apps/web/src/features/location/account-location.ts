import { accountEndpoints } from '@localloop/contract';
import type { AccountLocation, AccountLocationInput } from '@localloop/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { call } from '../../api/client.ts';
import { logError } from '../../lib/log-error.ts';
import { useAccountId } from '../../session/auth-context.tsx';
import { getUserLocation, setUserLocation } from '../../session/user-location.ts';
import type { StoredLocation } from '../../session/user-location.ts';

/** The account's kept location as the spec's stored userLocation. */
export function fromAccountLocation(location: AccountLocation): StoredLocation {
  return {
    city: location.city,
    state: location.state,
    latitude: location.latitude,
    longitude: location.longitude,
    country: location.country,
    area: location.area,
    formattedAddress: location.formatted_address,
  };
}

/** The stored userLocation as the API takes it (within its limits: a long name from a geocoder is cut, not refused). */
export function toAccountLocationInput(location: StoredLocation): AccountLocationInput {
  const name = (text: string, fallback: string, max = 120) => (text.trim() || fallback).slice(0, max);
  return {
    city: name(location.city, 'Unknown City'),
    state: name(location.state, 'Unknown Region'),
    country: name(location.country, 'Unknown Country'),
    area: location.area.trim().slice(0, 120),
    formatted_address: name(location.formattedAddress, [location.city, location.state, location.country].filter(Boolean).join(', ') || 'Unknown City', 300),
    latitude: location.latitude,
    longitude: location.longitude,
  };
}

export function accountLocationQueryOptions(accountId: string) {
  return queryOptions({
    queryKey: ['account-location', accountId],
    queryFn: ({ signal }) => call(accountEndpoints.accountLocation, { signal }),
    // Read once a page load: afterwards this device's choices are what the account keeps.
    staleTime: Infinity,
  });
}

/** Keeps a chosen location with the signed-in account; a visitor's stays on this device only. Failures are only logged. */
export function useSaveAccountLocation(): (location: StoredLocation) => void {
  const accountId = useAccountId();
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: (location: StoredLocation) => call(accountEndpoints.saveAccountLocation, { body: toAccountLocationInput(location) }),
    onSuccess: (saved) => queryClient.setQueryData(accountLocationQueryOptions(accountId).queryKey, { location: saved }),
    onError: (error) => logError('Could not keep the location with the account', error),
  });
  return useCallback(
    (location: StoredLocation) => {
      if (accountId) mutate(location);
    },
    [accountId, mutate],
  );
}

/**
 * The account's location and this device's, brought together once per signed-in page load: a device with none takes
 * the account's (chosen on another device), and an account with none takes this device's (chosen before signing in).
 * When both have one, this device's stays: it is what the person last saw here. Answers whether that is settled, so
 * detection on mount waits for it instead of asking the browser for a position the account already knows.
 */
export function useAccountLocationSync(enabled: boolean): boolean {
  const accountId = useAccountId();
  const signedIn = accountId !== '';
  const query = useQuery({ ...accountLocationQueryOptions(accountId), enabled: enabled && signedIn });
  const save = useSaveAccountLocation();
  const synced = useRef('');

  const { data, isSuccess, isError } = query;
  useEffect(() => {
    if (!isSuccess || synced.current === accountId) return;
    synced.current = accountId;
    const here = getUserLocation();
    if (!here && data.location) setUserLocation(fromAccountLocation(data.location));
    else if (here && !data.location) save(here);
  }, [isSuccess, data, accountId, save]);

  // A failed read (offline, a deploy under way) is settled too: this device then goes on as if the account had none.
  return !enabled || !signedIn || isSuccess || isError;
}
