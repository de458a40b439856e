import { dealsEndpoints, IDEMPOTENCY_KEY_HEADER } from '@localloop/contract';
import type { BuyDealInput } from '@localloop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { dealKeyPrefix } from './get-deal.ts';
import { dealListKeyPrefix } from './get-deals-near.ts';
import { myPurchasesKeyPrefix } from './get-my-purchases.ts';

export type BuyDealRequest = {
  input: BuyDealInput;
  /** One per purchase attempt, sent again when the same attempt is retried: the server then answers the first purchase, never buys twice. */
  idempotencyKey: string;
};

/** Buys a deal (a test payment with the dummy provider). Stock, the deal and the person's orders are fetched again whatever the answer. */
export function useBuyDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: BuyDealRequest) => call(dealsEndpoints.buyDeal, { body: input, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }),
    onSettled: async (_purchase, _error, request) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...dealKeyPrefix, request.input.deal_id] }),
        queryClient.invalidateQueries({ queryKey: dealListKeyPrefix }),
        queryClient.invalidateQueries({ queryKey: myPurchasesKeyPrefix }),
      ]);
    },
  });
}
