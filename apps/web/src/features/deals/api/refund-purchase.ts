import { dealsEndpoints } from '@localloop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { myDealsKeyPrefix } from './get-my-deals.ts';
import { salesKeyPrefix } from './get-sales.ts';

/** The shop refunds a paid purchase with a reason; its units go back to the deal's stock. */
export function useRefundPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => call(dealsEndpoints.refundPurchase, { params: { id }, body: { reason } }),
    onSuccess: () => Promise.all([salesKeyPrefix, myDealsKeyPrefix].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
