import { supportEndpoints } from '@localloop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { adminSupportKey } from './get-admin-support-requests.ts';

/** One request with its thread, as an operator reads it. */
export function getAdminSupportRequestQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...adminSupportKey, 'request', id],
    queryFn: ({ signal }) => call(supportEndpoints.supportRequest, { params: { id }, signal }),
    // The person may have written since (nothing pushes it to operators): asked again whenever it is opened.
    staleTime: 0,
  });
}

export function useAdminSupportRequest(id: string) {
  return useQuery(getAdminSupportRequestQueryOptions(id));
}
