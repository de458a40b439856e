import { supportEndpoints } from '@localloop/contract';
import type { SupportRequestInput } from '@localloop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { mySupportRequestsKey } from './get-my-support-requests.ts';
import { getSupportRequestQueryOptions } from './get-support-request.ts';

/** Sends a request; the answer is the stored request, and the list refetches. */
export function useCreateSupportRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SupportRequestInput) => call(supportEndpoints.createSupportRequest, { body }),
    onSuccess: async (request) => {
      queryClient.setQueryData(getSupportRequestQueryOptions(request.id).queryKey, request);
      await queryClient.invalidateQueries({ queryKey: mySupportRequestsKey });
    },
  });
}
