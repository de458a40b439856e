import { directoryEndpoints } from '@localloop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';

export function getDealAddressesQueryOptions(vendorId: string) {
  return queryOptions({
    queryKey: ['deals', 'addresses', vendorId],
    queryFn: ({ signal }) => call(directoryEndpoints.vendorAddresses, { query: { vendor_uuid: vendorId }, signal }),
  });
}

/** The shop's own addresses, one of which a deal is redeemed at (its owner may read them whether listed or not). */
export function useDealAddresses(vendorId: string | null) {
  return useQuery({ ...getDealAddressesQueryOptions(vendorId ?? ''), enabled: Boolean(vendorId) });
}
