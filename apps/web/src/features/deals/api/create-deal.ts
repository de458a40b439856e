import { dealsEndpoints } from '@localloop/contract';
import type { DealInput } from '@localloop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { myDealsKeyPrefix } from './get-my-deals.ts';

/** Puts a deal on sale at one of the shop's addresses (approved vendors only). */
export function useCreateDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DealInput) => call(dealsEndpoints.createDeal, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myDealsKeyPrefix }),
  });
}
