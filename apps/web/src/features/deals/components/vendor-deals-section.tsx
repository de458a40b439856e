import { ChevronRight, Tag } from 'lucide-react';
import { Link } from 'react-router';
import { dealsEndpoints } from '@localloop/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { EmptyState, LoadError } from '../../../components/page-states.tsx';
import { to } from '../../../paths.ts';
import { nearQueryKey, useUserLocation } from '../../../session/user-location.ts';
import { formatMoney } from '../format.ts';

/** The deals on sale at a shop, on its public page: each with its price, discount and what is left, opening the deal. */
export function VendorDealsSection({ vendorId, name }: { vendorId: string; name: string }) {
  const location = useUserLocation();
  const deals = useQuery({
    queryKey: nearQueryKey(location, 'deals', 'vendor', vendorId),
    queryFn: ({ signal }) =>
      call(dealsEndpoints.dealList, { query: { lat: location.latitude, lng: location.longitude, vendor_id: vendorId, sort: 'popularity', page_size: 20 }, signal }),
  });
  if (deals.isPending) {
    return (
      <ul aria-label={`Loading the deals of ${name}`} className="space-y-2">
        {[0, 1].map((i) => (
          <li key={i} className="h-14 animate-pulse rounded-xl bg-slate-100" />
        ))}
      </ul>
    );
  }
  if (deals.isError) return <LoadError error={deals.error} what={`the deals of ${name}`} onRetry={() => void deals.refetch()} />;
  if (deals.data.results.length === 0) {
    return (
      <EmptyState icon={Tag} title="No current deals" level="h3" compact>
        {name} has no deals running right now. Save them as a favorite to hear about the next one.
      </EmptyState>
    );
  }
  return (
    <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200">
      {deals.data.results.map((deal) => (
        <li key={deal.id}>
          <Link to={to.dealDetails(deal.id)} className="flex items-center gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50">
            <span className="min-w-0 flex-1">
              <span className="block font-medium text-slate-900 [overflow-wrap:anywhere]">{deal.title}</span>
              <span className="mt-0.5 block text-sm text-slate-600">
                <span className="font-semibold text-rose-700">{deal.discount_percent}% off</span>
                {deal.remaining !== null && <> · {deal.remaining.toLocaleString('en-US')} left</>}
              </span>
            </span>
            <span className="text-right">
              <span className="block font-semibold text-slate-900">{formatMoney(deal.deal_price)}</span>
              <del className="block text-xs text-slate-500">
                <span className="sr-only">was </span>
                {formatMoney(deal.original_price)}
              </del>
            </span>
            <ChevronRight aria-hidden="true" className="size-4 text-slate-400" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
