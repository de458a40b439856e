import { dealsEndpoints } from '@localloop/contract';
import type { RateDealInput } from '@localloop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { dealKeyPrefix } from './get-deal.ts';
import { dealRatingsKey } from './get-deal-ratings.ts';
import { myPurchasesKeyPrefix } from './get-my-purchases.ts';

/** Refetches what shows a deal's rating: the person's orders (their stars), the deal's ratings and its average. */
export async function refreshDealRating(queryClient: QueryClient, dealId: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: myPurchasesKeyPrefix }),
    queryClient.invalidateQueries({ queryKey: dealRatingsKey(dealId) }),
    queryClient.invalidateQueries({ queryKey: [...dealKeyPrefix, dealId] }),
  ]);
}

/** Rates a deal the person redeemed: 1 to 5 stars and an optional comment, once (later changes go through PUT). */
export function useRateDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RateDealInput) => call(dealsEndpoints.rateDeal, { body: input }),
    onSuccess: (_answer, input) => refreshDealRating(queryClient, input.deal_id),
  });
}
