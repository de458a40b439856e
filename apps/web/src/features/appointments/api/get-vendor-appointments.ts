import { appointmentsEndpoints } from '@localloop/contract';
import type { AppointmentStatus } from '@localloop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';

export const vendorAppointmentsKeyPrefix = ['appointments', 'shop'] as const;

export type VendorAppointmentsFilter = { date: string | null; providerId: string | null; status: AppointmentStatus | null };

export function getVendorAppointmentsQueryOptions(vendorId: string, filter: VendorAppointmentsFilter) {
  return queryOptions({
    queryKey: [...vendorAppointmentsKeyPrefix, vendorId, filter],
    queryFn: ({ signal }) =>
      call(appointmentsEndpoints.vendorAppointments, {
        params: { id: vendorId },
        query: { date: filter.date ?? undefined, provider_id: filter.providerId ?? undefined, status: filter.status ?? undefined, page_size: 100 },
        signal,
      }),
  });
}

/** The bookings of the signed-in vendor's shop, by time, for a day or all, filtered by provider and status. */
export function useVendorAppointments(vendorId: string | null, filter: VendorAppointmentsFilter) {
  return useQuery({ ...getVendorAppointmentsQueryOptions(vendorId ?? '', filter), enabled: vendorId !== null && vendorId !== '' });
}
