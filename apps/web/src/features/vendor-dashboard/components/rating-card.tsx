import type { VendorDashboard } from '@localloop/contract';
import { Star } from 'lucide-react';
import { DashboardCard } from './dashboard-card.tsx';

export function RatingCard({ data }: { data: VendorDashboard }) {
  const { rating_avg: average, rating_count: count } = data;
  return (
    <DashboardCard title="Average rating" icon={Star}>
      {average === null || count === 0 ? (
        <p className="text-sm text-slate-600">No ratings yet. Customers can rate you from your vendor page.</p>
      ) : (
        <>
          <p className="flex items-baseline gap-1.5">
            <span className="text-3xl font-bold tracking-tight text-slate-900 tabular-nums">{average.toFixed(1)}</span>
            <span className="text-sm text-slate-500">out of 5</span>
          </p>
          <div className="mt-2 flex gap-0.5" aria-hidden="true">
            {[1, 2, 3, 4, 5].map((n) => {
              // How much of this star the average fills: 4.5 is four whole stars and half of the fifth.
              const fill = Math.max(0, Math.min(1, average - (n - 1)));
              return (
                <span key={n} className="relative size-4">
                  <Star className="absolute inset-0 size-4 text-slate-300" />
                  <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                    <Star className="size-4 fill-amber-400 text-amber-400" />
                  </span>
                </span>
              );
            })}
          </div>
          <p className="mt-2 text-sm text-slate-600">{count === 1 ? 'from 1 review' : `from ${count} reviews`}</p>
        </>
      )}
    </DashboardCard>
  );
}
