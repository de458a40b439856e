// No imports but types: the boot script (src/boot) asks for a deals page's data with these before the app has loaded,
// and the app's request must be the same to the character for it to take that answer over (lib/early-fetch.ts).
import type { VendorCategory } from '@localloop/contract';
import type { StoredLocation } from '../../../session/storage.ts';

export type DealSort = 'distance' | 'popularity';

export type DealFilters = {
  q: string;
  category: VendorCategory | null;
  sort: DealSort;
  radiusKm: number;
  page: number;
};

export const dealRadiusOptionsKm = [5, 10, 25, 50, 100] as const;
export const defaultDealFilters: DealFilters = { q: '', category: null, sort: 'distance', radiusKm: 25, page: 1 };
export const dealPageSize = 12;

/** GET /deals/lists/'s query for one page of the deals near `location`. */
export function dealListQuery(location: StoredLocation, filters: DealFilters) {
  return {
    lat: location.latitude,
    lng: location.longitude,
    radius_km: filters.radiusKm,
    sort: filters.sort,
    category: filters.category ?? undefined,
    q: filters.q || undefined,
    page: filters.page,
    page_size: dealPageSize,
  };
}

/** GET /deals/details/{deal_uuid}/'s query: the spec's location object, as JSON. */
export function dealDetailsQuery(location: StoredLocation) {
  return { location: JSON.stringify({ lat: location.latitude, lng: location.longitude }) };
}
