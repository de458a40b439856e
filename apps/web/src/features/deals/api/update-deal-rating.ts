import { dealsEndpoints } from '@localloop/contract';
import type { UpdateDealRatingInput } from '@localloop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { refreshDealRating } from './rate-deal.ts';

/** Changes the person's rating of a deal. */
export function useUpdateDealRating() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ dealId, input }: { dealId: string; input: UpdateDealRatingInput }) => call(dealsEndpoints.updateDealRating, { params: { deal_id: dealId }, body: input }),
    onSuccess: (_answer, { dealId }) => refreshDealRating(queryClient, dealId),
  });
}
