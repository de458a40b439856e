import { supportEndpoints } from '@localloop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { mySupportRequestsKey } from './get-my-support-requests.ts';
import { getSupportRequestQueryOptions } from './get-support-request.ts';

/** The person adds to their request; the answer replaces its thread. */
export function useReplySupportRequest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => call(supportEndpoints.replySupportRequest, { params: { id }, body: { message } }),
    onSuccess: async (request) => {
      queryClient.setQueryData(getSupportRequestQueryOptions(request.id).queryKey, request);
      await queryClient.invalidateQueries({ queryKey: mySupportRequestsKey });
    },
  });
}
