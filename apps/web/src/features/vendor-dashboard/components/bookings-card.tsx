import type { VendorDashboard } from '@localloop/contract';
import { CalendarDays } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../paths.ts';
import { DashboardCard } from './dashboard-card.tsx';

/** Today's bookings and those waiting for the shop's confirmation, with the way to them; or how to start taking bookings. */
export function BookingsCard({ data }: { data: VendorDashboard }) {
  const { today, to_confirm: toConfirm, upcoming, services } = data.bookings;
  return (
    <DashboardCard title="Appointments" icon={CalendarDays} tone={toConfirm > 0 ? 'warn' : 'default'}>
      {services === 0 && upcoming === 0 ? (
        <>
          <p className="text-sm text-slate-600">Add a service and who performs it, and customers can book you.</p>
          <Link to={paths.vendorServices} className="btn-secondary mt-4">
            Add a service
          </Link>
        </>
      ) : (
        <>
          <p className="text-3xl font-bold tracking-tight text-slate-900 tabular-nums">{today}</p>
          <p className="mt-1 text-sm text-slate-600">{today === 1 ? 'booking today' : 'bookings today'}</p>
          <p className="mt-3 text-sm text-slate-700">
            {toConfirm > 0 ? `${toConfirm} waiting for your confirmation · ` : ''}
            {upcoming} to come
          </p>
          <Link to={paths.appointments} className="btn-secondary mt-4">
            {toConfirm > 0 ? 'Confirm bookings' : 'Open appointments'}
          </Link>
        </>
      )}
    </DashboardCard>
  );
}
