import type { VendorDashboard } from '@localloop/contract';
import { LoaderCircle, Tag } from 'lucide-react';
import { Link } from 'react-router';
import { errorMessageOf } from '../../../components/server-errors.ts';
import { paths, to } from '../../../paths.ts';
import { useDealFigures } from '../api/get-deal-figures.ts';
import { DashboardCard } from './dashboard-card.tsx';

type Totals = { currency: string; amount_cents: number; units: number }[];

/** "$120 · €35", or "0" when nothing sold. */
function money(totals: Totals): string {
  if (totals.length === 0) return '0';
  return totals
    .map((t) => new Intl.NumberFormat('en-US', { style: 'currency', currency: t.currency, minimumFractionDigits: t.amount_cents % 100 === 0 ? 0 : 2 }).format(t.amount_cents / 100))
    .join(' · ');
}

/** What the shop's deals sold today and this week, and how many are on sale, with the way to them. */
export function DealsCard({ data }: { data: VendorDashboard }) {
  const figures = useDealFigures(data.vendor.id);
  return (
    <DashboardCard title="Deals" icon={Tag}>
      {figures.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> Loading…
        </p>
      ) : figures.isError ? (
        <p className="text-sm text-slate-600">Your deal figures could not be loaded. {errorMessageOf(figures.error)}</p>
      ) : figures.data.counts.all === 0 ? (
        <>
          <p className="text-sm text-slate-600">Put an offer on sale: customers near you buy it here and redeem it at your counter.</p>
          <Link to={paths.vendorDealAdd} className="btn-secondary mt-4">
            Create Deal
          </Link>
        </>
      ) : (
        <>
          <p className="text-3xl font-bold tracking-tight text-slate-900 tabular-nums [overflow-wrap:anywhere]">{money(figures.data.today)}</p>
          <p className="mt-1 text-sm text-slate-600">sold today</p>
          <p className="mt-3 text-sm text-slate-700">
            {money(figures.data.thisWeek)} in the last 7 days · {figures.data.counts.active} active {figures.data.counts.active === 1 ? 'deal' : 'deals'}
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            <Link to={to.myDeals()} className="btn-secondary">
              My deals
            </Link>
            <Link to={paths.mySalesDeal} className="btn-secondary">
              My sales
            </Link>
          </div>
        </>
      )}
    </DashboardCard>
  );
}
