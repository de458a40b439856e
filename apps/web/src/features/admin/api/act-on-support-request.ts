import { supportEndpoints } from '@localloop/contract';
import type { SupportRequest } from '@localloop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { getAdminSupportRequestQueryOptions } from './get-admin-support-request.ts';
import { adminSupportListKey } from './get-admin-support-requests.ts';

export type SupportAction = { kind: 'answer'; message: string } | { kind: 'close' } | { kind: 'reopen' };

function send(id: string, action: SupportAction): Promise<SupportRequest> {
  const params = { id };
  switch (action.kind) {
    case 'answer':
      return call(supportEndpoints.answerSupportRequest, { params, body: { message: action.message } });
    case 'close':
      return call(supportEndpoints.closeSupportRequest, { params });
    case 'reopen':
      return call(supportEndpoints.reopenSupportRequest, { params });
  }
}

/** An operator answers, closes or reopens; the answer replaces the request and every tab's list refetches. */
export function useActOnSupportRequest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: SupportAction) => send(id, action),
    onSuccess: async (request) => {
      queryClient.setQueryData(getAdminSupportRequestQueryOptions(request.id).queryKey, request);
      await queryClient.invalidateQueries({ queryKey: adminSupportListKey });
    },
  });
}
