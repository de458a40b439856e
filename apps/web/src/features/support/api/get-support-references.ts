import { supportEndpoints } from '@localloop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { supportKeyPrefix } from './get-my-support-requests.ts';

/** The person's recent orders and bookings, for the form's reference picker. */
export function getSupportReferencesQueryOptions() {
  return queryOptions({
    queryKey: [...supportKeyPrefix, 'references'],
    queryFn: ({ signal }) => call(supportEndpoints.supportReferences, { signal }),
  });
}

export function useSupportReferences() {
  return useQuery(getSupportReferencesQueryOptions());
}
