// No contract schemas and no API client here: the landing page is the front door, and must stay off zod (docs/decisions/0012).
import { config } from '../../../config.ts';
import type { StoredLocation } from '../../../session/user-location.ts';

/** How far the landing page looks: a short ride, as "near you" promises. */
export const landingRadiusKm = 10;

/** GET one of the near-me lists around the location, first page; the JSON as it came (the caller checks it). */
export async function fetchNear(path: string, location: StoredLocation, params: Record<string, string>, signal: AbortSignal): Promise<unknown> {
  const query = new URLSearchParams({ lat: String(location.latitude), lng: String(location.longitude), radius_km: String(landingRadiusKm), ...params });
  const response = await fetch(`${config.apiBaseUrl}${path}?${query.toString()}`, { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return response.json();
}
