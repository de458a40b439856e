import { dealsEndpoints } from '@localloop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';

/** The dashboard's deal figures: sales today and in the last 7 days (the shop's days), and the deals by state. */
export function getDealFiguresQueryOptions(vendorId: string) {
  return queryOptions({
    queryKey: ['vendor', 'dashboard', 'deals', vendorId],
    queryFn: async ({ signal }) => {
      // One row of each list is enough: the figures come with every page.
      const [sales, deals] = await Promise.all([
        call(dealsEndpoints.vendorSales, { params: { id: vendorId }, query: { page_size: 1 }, signal }),
        call(dealsEndpoints.myDeals, { params: { id: vendorId }, query: { page_size: 1 }, signal }),
      ]);
      return { today: sales.today, thisWeek: sales.this_week, counts: deals.counts };
    },
  });
}

export function useDealFigures(vendorId: string) {
  return useQuery(getDealFiguresQueryOptions(vendorId));
}
