import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { markLocationNoticeShown, wasLocationNoticeShown } from '../../session/storage.ts';
import { getUserLocation, setLocationRefused, setUserLocation } from '../../session/user-location.ts';
import type { StoredLocation } from '../../session/user-location.ts';
import { useSaveAccountLocation } from './account-location.ts';
import { toStoredLocation, useGeocoding } from './geocoding.ts';
import type { Suggestion } from './geocoding.ts';

/** Spec §9: geolocation timeout. */
export const geolocationTimeoutMs = 10_000;

export const unsupportedMessage = 'Geolocation not supported by your browser.';

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

function hasGeolocation(): boolean {
  return typeof navigator !== 'undefined' && 'geolocation' in navigator && Boolean(navigator.geolocation);
}

/** What the browser says of the site's geolocation permission, when it can say (the Permissions API). */
async function permissionState(): Promise<PermissionState | null> {
  try {
    if (typeof navigator === 'undefined' || !('permissions' in navigator) || !navigator.permissions) return null;
    return (await navigator.permissions.query({ name: 'geolocation' })).state;
  } catch {
    return null;
  }
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

/**
 * Detection on mount tells a failure at most once per visit (a tab's session, reloads and view switches included), and
 * never once a location is stored: the person has what they need, a toast about a refusal would only be noise.
 */
function noticeOnce(message: string): void {
  if (getUserLocation() || wasLocationNoticeShown()) return;
  markLocationNoticeShown();
  toast.error(message, { toastId: 'location-detection-failed' });
}

/**
 * Choosing a location: by the device's position or by a suggestion. Either stores it (and, signed in, keeps it with the
 * account) and refetches "near me". `error` is why the last "Use Current Location" failed, for the dialog to show.
 */
export function useLocationActions({ onChosen }: { onChosen?: () => void } = {}) {
  const queryClient = useQueryClient();
  const { provider } = useGeocoding();
  const saveToAccount = useSaveAccountLocation();
  const [detecting, setDetecting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);

  const apply = useCallback(
    (location: StoredLocation) => {
      setUserLocation(location);
      saveToAccount(location);
      toast.success('Location updated successfully!');
      void queryClient.invalidateQueries({ queryKey: ['near'] });
      onChosen?.();
    },
    [queryClient, onChosen, saveToAccount],
  );

  /**
   * The device's position, named by reverse geocoding. The coordinates stored are the device's own: the geocoder's
   * place (a city's centre) only gives the names. `auto`: detection on mount, which gives way to a location chosen
   * meanwhile and tells a failure at most once a visit; otherwise the failure is the dialog's to show.
   */
  const run = useCallback(
    async (auto: boolean) => {
      if (busy.current) return;
      const fail = (message: string) => (auto ? noticeOnce(message) : setError(message));
      setError(null);
      if (!hasGeolocation()) {
        fail(unsupportedMessage);
        return;
      }
      busy.current = true;
      setDetecting(true);
      try {
        let position: GeolocationPosition;
        try {
          position = await currentPosition();
        } catch (cause) {
          if (isPositionError(cause) && cause.code === cause.PERMISSION_DENIED) setLocationRefused(true);
          fail(isPositionError(cause) ? geolocationErrorMessage(cause) : 'Unable to retrieve your location.');
          return;
        }
        setLocationRefused(false);
        const { latitude, longitude } = position.coords;
        let location: StoredLocation;
        try {
          location = { ...toStoredLocation(await provider.reverse(latitude, longitude)), latitude, longitude };
        } catch {
          // The position is known but could not be named: keep it, under the spec's fallback names.
          location = unnamed(latitude, longitude);
        }
        if (auto && getUserLocation()) return;
        apply(location);
      } finally {
        busy.current = false;
        setDetecting(false);
      }
    },
    [apply, provider],
  );

  /** "Use Current Location": asks the browser, whatever it answered before. */
  const detect = useCallback(() => run(false), [run]);

  /**
   * The spec's detection on mount, asked once: after a refusal the browser is not asked again (until it grants the
   * position, e.g. from its site settings); the picker offers "Set your area" instead.
   */
  const detectOnMount = useCallback(
    async (refused: boolean) => {
      if (refused && (await permissionState()) !== 'granted') return;
      await run(true);
    },
    [run],
  );

  const choose = useCallback(
    async (suggestion: Suggestion) => {
      setError(null);
      try {
        apply(toStoredLocation(await provider.resolve(suggestion)));
      } catch {
        toast.error('Failed to process selected location. Please try again.');
      }
    },
    [apply, provider],
  );

  const clearError = useCallback(() => setError(null), []);

  return { detecting, error, detect, detectOnMount, choose, clearError };
}
