import { vendorsEndpoints } from '@localloop/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';

/** GET /vendor/status/{id}/ (spec §7, vendor status): is_approved and kyc_status of the stored vendor_id. */
export function getVendorStatusQueryOptions(vendorId: string) {
  return queryOptions({
    queryKey: ['vendor', 'status', vendorId],
    queryFn: ({ signal }) => call(vendorsEndpoints.vendorStatus, { params: { id: vendorId }, signal }),
    // Once per session (and again when a KYC submit invalidates it), not on every window focus; dropped as
    // soon as nothing watches it (logout), so the next session asks afresh instead of reusing an old answer.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** The key prefix of every vendor-status query, for invalidation after a submit. */
export const vendorStatusQueryKey = ['vendor', 'status'] as const;
