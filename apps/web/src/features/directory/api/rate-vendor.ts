import { directoryEndpoints } from '@localloop/contract';
import type { RateVendorInput } from '@localloop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { vendorRatingsKey } from './get-vendor-ratings.ts';
import { updateVendorEverywhere } from './vendor-cache.ts';

/**
 * Rates a vendor (a second rating replaces the first). The answer's average and count go straight
 * into every cached copy of the vendor; the ratings list refetches to show the new one.
 */
export function useRateVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RateVendorInput) => call(directoryEndpoints.rateVendor, { body: input }),
    onSuccess: async (answer, input) => {
      updateVendorEverywhere(queryClient, input.vendor_id, (vendor) => ({
        ...vendor,
        rating_avg: answer.rating_avg,
        rating_count: answer.rating_count,
      }));
      await queryClient.invalidateQueries({ queryKey: vendorRatingsKey(input.vendor_id) });
    },
  });
}
