import { appointmentsEndpoints } from '@localloop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { useAccountId } from '../../../session/auth-context.tsx';
import { useUserLocation } from '../../../session/user-location.ts';
import type { StoredLocation } from '../../../session/user-location.ts';
import { serviceListKeyPrefix } from './get-services-near.ts';

export function getVendorServicesQueryOptions(vendorId: string, location: StoredLocation, viewerId: string) {
  return queryOptions({
    queryKey: [...serviceListKeyPrefix, 'vendor', vendorId, viewerId, location.latitude, location.longitude],
    queryFn: ({ signal }) =>
      call(appointmentsEndpoints.allServices, { query: { vendor_id: vendorId, lat: location.latitude, lng: location.longitude, page_size: 50 }, signal }),
  });
}

/** The services one shop offers now (its public page). */
export function useVendorServices(vendorId: string) {
  const location = useUserLocation();
  const viewerId = useAccountId();
  return useQuery(getVendorServicesQueryOptions(vendorId, location, viewerId));
}
