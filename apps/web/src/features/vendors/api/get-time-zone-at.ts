import { geoEndpoints } from '@localloop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';

/** Points this close (about 100 m) share an answer: time zones do not change within a street. */
const roundTo3 = (value: number) => Math.round(value * 1000) / 1000;

/** GET /geo/timezone/: the IANA time zone at a point, from the server's time-zone boundaries. */
export function getTimeZoneAtQueryOptions(latitude: number, longitude: number) {
  const lat = roundTo3(latitude);
  const lng = roundTo3(longitude);
  return queryOptions({
    queryKey: ['geo', 'timezone', lat, lng],
    queryFn: ({ signal }) => call(geoEndpoints.geoTimeZone, { query: { lat, lng }, signal }),
    // The server caches it for a day; so does the page.
    staleTime: 86_400_000,
  });
}

export function useTimeZoneAt(point: { latitude: number; longitude: number } | null) {
  return useQuery({ ...getTimeZoneAtQueryOptions(point?.latitude ?? 0, point?.longitude ?? 0), enabled: point !== null });
}
