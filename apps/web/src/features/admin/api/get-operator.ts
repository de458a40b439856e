import { accountEndpoints } from '@localloop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { useAccountId } from '../../../session/auth-context.tsx';

/** Whether the signed-in account is an operator, from GET /profile/ (the server checks again on every call). */
export function getOperatorQueryOptions(accountId: string) {
  return queryOptions({
    queryKey: ['admin', 'me', accountId],
    queryFn: async ({ signal }) => (await call(accountEndpoints.profile, { signal })).is_operator,
  });
}

export function useIsOperator() {
  const accountId = useAccountId();
  return useQuery({ ...getOperatorQueryOptions(accountId), enabled: accountId !== '' });
}
