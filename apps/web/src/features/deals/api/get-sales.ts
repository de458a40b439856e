import { dealsEndpoints } from '@localloop/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';

export const salesKeyPrefix = ['deals', 'sales'] as const;

/** How many sales one page of /mySalesDeal lists. */
export const SALES_PAGE_SIZE = 20;

/** Days as YYYY-MM-DD in the shop's time zone; null: no bound. */
export type SalesFilter = { from: string | null; to: string | null; page: number };

/** The query both the list and its CSV send, so the file holds what the page shows. */
export const salesQueryOf = (filter: Omit<SalesFilter, 'page'>) => ({ from: filter.from ?? undefined, to: filter.to ?? undefined });

export function getSalesQueryOptions(vendorId: string, filter: SalesFilter) {
  return queryOptions({
    queryKey: [...salesKeyPrefix, vendorId, filter],
    queryFn: ({ signal }) => call(dealsEndpoints.vendorSales, { params: { id: vendorId }, query: { ...salesQueryOf(filter), page: filter.page, page_size: SALES_PAGE_SIZE }, signal }),
  });
}

/** The sales of the signed-in vendor's shop in a range of days, with totals per deal, overall, today and this week. */
export function useSales(vendorId: string | null, filter: SalesFilter) {
  return useQuery({ ...getSalesQueryOptions(vendorId ?? '', filter), enabled: Boolean(vendorId), placeholderData: keepPreviousData });
}
