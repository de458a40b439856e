import { dealsEndpoints } from '@localloop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { myDealsKeyPrefix } from './get-my-deals.ts';

/** Pauses a deal (nobody can buy it; bought ones can still be redeemed) or puts it back on sale. */
export function usePauseDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, paused }: { id: string; paused: boolean }) => call(dealsEndpoints.pauseDeal, { params: { id }, body: { paused } }),
    // Both ways move the deal between tabs and change their counts.
    onSettled: () => queryClient.invalidateQueries({ queryKey: myDealsKeyPrefix }),
  });
}
