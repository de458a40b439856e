import { CalendarDays, LoaderCircle } from 'lucide-react';
import { Link } from 'react-router';
import { errorMessageOf } from '../../../components/server-errors.ts';
import { formatInstant } from '../../../lib/format-date.ts';
import { paths, to } from '../../../paths.ts';
import { useAccountId } from '../../../session/auth-context.tsx';
import { useActivityFigures } from '../api/get-activity-figures.ts';
import { DashboardCard } from './dashboard-card.tsx';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The activities the vendor hosts as the person behind the shop (docs/decisions/0020): how many to come, the next, the requests. */
export function ActivitiesCard() {
  const figures = useActivityFigures(useAccountId());
  return (
    <DashboardCard title="Activities" icon={CalendarDays}>
      {figures.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> Loading…
        </p>
      ) : figures.isError ? (
        <p className="text-sm text-slate-600">Your activities could not be loaded. {errorMessageOf(figures.error)}</p>
      ) : figures.data.upcoming === 0 || !figures.data.next ? (
        <>
          <p className="text-sm text-slate-600">Host a tasting, a class or a walk: people near you find it, join, and meet the person behind your shop.</p>
          <Link to={paths.postActivities} className="btn-secondary mt-4">
            Host an activity
          </Link>
        </>
      ) : (
        <>
          <p className="text-3xl font-bold tracking-tight text-slate-900 tabular-nums">{figures.data.upcoming.toLocaleString('en-US')}</p>
          <p className="mt-1 text-sm text-slate-600">{figures.data.upcoming === 1 ? 'activity to come' : 'activities to come'}</p>
          <p className="mt-3 text-sm text-slate-700">
            Next:{' '}
            <Link to={to.activitiesDetails(figures.data.next.id)} className="font-medium text-teal-800 hover:underline [overflow-wrap:anywhere]">
              {figures.data.next.title}
            </Link>
            , {formatInstant(figures.data.next.starts_at)} · {figures.data.next.participant_count.toLocaleString('en-US')} going
          </p>
          {figures.data.requests > 0 && (
            <p className="mt-1 text-sm font-semibold text-amber-800">{plural(figures.data.requests, 'join request waits', 'join requests wait')} for your answer</p>
          )}
          <div className="mt-4 flex flex-wrap gap-2">
            <Link to={to.myActivities()} className="btn-secondary">
              My activities
            </Link>
            <Link to={paths.postActivities} className="btn-secondary">
              Host an activity
            </Link>
          </div>
        </>
      )}
    </DashboardCard>
  );
}
