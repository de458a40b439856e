import { vendorsEndpoints } from '@localloop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { useAccountId } from '../../../session/auth-context.tsx';

/** GET /vendor/dashboard/: the signed-in vendor's figures; keyed by the account. */
export function getVendorDashboardQueryOptions(accountId: string) {
  return queryOptions({
    queryKey: ['vendor', 'dashboard', accountId],
    queryFn: ({ signal }) => call(vendorsEndpoints.vendorDashboard, { signal }),
  });
}

export function useVendorDashboard() {
  const accountId = useAccountId();
  return useQuery({ ...getVendorDashboardQueryOptions(accountId), enabled: accountId !== '' });
}
