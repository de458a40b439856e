import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { setUserLocation } from '../../session/user-location.ts';
import type { StoredLocation } from '../../session/user-location.ts';
import { toStoredLocation, useGeocoding } from './geocoding.ts';
import type { Suggestion } from './geocoding.ts';

/** Spec §9: geolocation timeout. */
export const geolocationTimeoutMs = 10_000;

/** The spec's error catalogue (§8) for a failed position. */
export function geolocationErrorMessage(error: GeolocationPositionError): string {
  switch (error.code) {
    case error.PERMISSION_DENIED:
      return 'Location access denied. Please enable location services.';
    case error.POSITION_UNAVAILABLE:
      return 'Location information unavailable.';
    case error.TIMEOUT:
      return 'Location request timed out.';
    default:
      return 'Unable to retrieve your location.';
  }
}

function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(resolve, reject, { timeout: geolocationTimeoutMs });
  });
}

function isPositionError(error: unknown): error is GeolocationPositionError {
  return typeof error === 'object' && error !== null && 'code' in error && 'PERMISSION_DENIED' in error;
}

/** The fallbacks of the spec when the coordinate could not be named at all. */
function unnamed(latitude: number, longitude: number): StoredLocation {
  return {
    city: 'Unknown City',
    state: 'Unknown Region',
    latitude,
    longitude,
    country: 'Unknown Country',
    area: '',
    formattedAddress: 'Unknown City, Unknown Region, Unknown Country',
  };
}

/** Choosing a location: by the browser's position or by a suggestion. Either stores it and refetches "near me". */
export function useLocationActions({ onChosen }: { onChosen?: () => void } = {}) {
  const queryClient = useQueryClient();
  const { provider } = useGeocoding();
  const [detecting, setDetecting] = useState(false);
  const busy = useRef(false);

  const apply = useCallback(
    (location: StoredLocation) => {
      setUserLocation(location);
      toast.success('Location updated successfully!');
      void queryClient.invalidateQueries({ queryKey: ['near'] });
      onChosen?.();
    },
    [queryClient, onChosen],
  );

  const detect = useCallback(async () => {
    if (busy.current) return;
    if (typeof navigator === 'undefined' || !('geolocation' in navigator) || !navigator.geolocation) {
      toast.error('Geolocation not supported by your browser.');
      return;
    }
    busy.current = true;
    setDetecting(true);
    try {
      let position: GeolocationPosition;
      try {
        position = await currentPosition();
      } catch (error) {
        toast.error(isPositionError(error) ? geolocationErrorMessage(error) : 'Unable to retrieve your location.');
        return;
      }
      const { latitude, longitude } = position.coords;
      let location: StoredLocation;
      try {
        location = toStoredLocation(await provider.reverse(latitude, longitude));
      } catch {
        // The position is known but could not be named: keep it, under the spec's fallback names.
        location = unnamed(latitude, longitude);
      }
      apply(location);
    } finally {
      busy.current = false;
      setDetecting(false);
    }
  }, [apply, provider]);

  const choose = useCallback(
    async (suggestion: Suggestion) => {
      try {
        apply(toStoredLocation(await provider.resolve(suggestion)));
      } catch {
        toast.error('Failed to process selected location. Please try again.');
      }
    },
    [apply, provider],
  );

  return { detecting, detect, choose };
}
