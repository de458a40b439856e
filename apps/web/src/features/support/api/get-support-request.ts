import { supportEndpoints } from '@localloop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { supportKeyPrefix } from './get-my-support-requests.ts';

/** One request with its thread. */
export function getSupportRequestQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...supportKeyPrefix, 'request', id],
    queryFn: ({ signal }) => call(supportEndpoints.supportRequest, { params: { id }, signal }),
  });
}

export function useSupportRequest(id: string) {
  return useQuery(getSupportRequestQueryOptions(id));
}
