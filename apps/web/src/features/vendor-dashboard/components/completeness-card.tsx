import type { VendorDashboard } from '@localloop/contract';
import { ListChecks } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../paths.ts';
import { DashboardCard } from './dashboard-card.tsx';

export function CompletenessCard({ data }: { data: VendorDashboard }) {
  const { percent, missing } = data.completeness;
  const clamped = Math.max(0, Math.min(100, percent));
  return (
    <DashboardCard title="Profile completeness" icon={ListChecks}>
      <p className="text-3xl font-bold tracking-tight text-slate-900 tabular-nums">{`${clamped}%`}</p>
      <div
        role="progressbar"
        aria-label="Profile completeness"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={clamped}
        className="mt-3 h-2.5 overflow-hidden rounded-full bg-slate-100"
      >
        <div className="h-full rounded-full bg-teal-600 transition-[width]" style={{ width: `${clamped}%` }} />
      </div>
      {missing.length > 0 ? (
        <div className="mt-4 text-sm">
          <p className="text-slate-600">Still missing:</p>
          <ul className="mt-1 list-inside list-disc text-slate-800">
            {missing.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          {data.next_step && (
            <Link to={data.next_step.path} className="mt-3 inline-block font-medium text-teal-800 underline underline-offset-2 hover:text-teal-900">
              {`Complete ${data.next_step.label.toLowerCase()}`}
            </Link>
          )}
        </div>
      ) : (
        <p className="mt-4 text-sm text-slate-600">
          Everything is filled in.{' '}
          <Link to={paths.basicInfo} className="font-medium text-teal-800 underline underline-offset-2">
            Edit your profile
          </Link>
        </p>
      )}
    </DashboardCard>
  );
}
