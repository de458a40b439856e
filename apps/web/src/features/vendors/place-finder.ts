/** Spec §9: geolocation timeout, and the spec's messages (§8) for a failed position. */
export const geolocationTimeoutMs = 10_000;

export function positionErrorMessage(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : null;
  switch (code) {
    case 1:
      return 'Location access denied. Please enable location services.';
    case 2:
      return 'Location information unavailable.';
    case 3:
      return 'Location request timed out.';
    default:
      return 'Unable to retrieve your location.';
  }
}

export function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      reject(new Error('Geolocation not supported by your browser.'));
      return;
    }
    navigator.geolocation.getCurrentPosition(resolve, reject, { timeout: geolocationTimeoutMs });
  });
}
