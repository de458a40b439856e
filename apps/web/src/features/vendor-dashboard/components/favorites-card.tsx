import type { VendorDashboard } from '@localloop/contract';
import { Heart } from 'lucide-react';
import { DashboardCard } from './dashboard-card.tsx';

export function FavoritesCard({ data }: { data: VendorDashboard }) {
  const count = data.favorites_count;
  return (
    <DashboardCard title="Favourites" icon={Heart}>
      <p className="text-3xl font-bold tracking-tight text-slate-900 tabular-nums">{count}</p>
      <p className="mt-2 text-sm text-slate-600">{count === 1 ? 'person has saved your shop' : 'people have saved your shop'}</p>
    </DashboardCard>
  );
}
